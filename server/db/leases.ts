// One request at a time on a key, across the store's processes, for work a row lock cannot hold:
// a refund is asked of the card provider before the transaction that records it (so that a refund
// that fails changes nothing), and no other move of the order may come between the two. A lease is
// a row, taken in a statement of its own so that nothing holds a connection while the provider
// answers (PGlite has one), let go when the work ends, and taken over once expired if its holder died.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, lt, sql } from "drizzle-orm";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { db } from "./client";
import { leases } from "./schema";

// Longer than the slowest provider call: Stripe's three tries of 15 s each (server/payments/stripe.ts).
const HOLD_SECONDS = 120;
// How long a second request waits for the first before it is told to try again.
const WAIT_MS = 20_000;

export interface Lease {
  key: string;
  /** What a request is told when the holder before it did not finish in time. */
  busy: string;
}

/** Runs `work` holding the lease, once another holder has finished (waiting up to `waitMs`). */
export async function withLease<T>({ key, busy }: Lease, work: () => Promise<T>, waitMs = WAIT_MS): Promise<T> {
  const holder = randomUUID();
  const deadline = Date.now() + waitMs;
  for (let pause = 10; !(await take(key, holder)); pause = Math.min(pause * 2, 250)) {
    if (Date.now() + pause > deadline) throw new StoreError("Conflict", busy);
    await sleep(pause);
  }
  try {
    return await work();
  } finally {
    await db()
      .delete(leases)
      .where(and(eq(leases.key, key), eq(leases.holder, holder)))
      .catch((error: unknown) => logger.warn({ err: error, key }, "a lease was not let go; it expires by itself"));
  }
}

async function take(key: string, holder: string): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${HOLD_SECONDS})`;
  const taken = await db()
    .insert(leases)
    .values({ key, holder, expiresAt })
    .onConflictDoUpdate({ target: leases.key, set: { holder, expiresAt }, setWhere: lt(leases.expiresAt, sql`now()`) })
    .returning({ holder: leases.holder });
  return taken.length > 0;
}

/**
 * The lease of an order's moves (server/orders/lifecycle.ts) and its returns' receipts: a cancellation
 * and a receipt refund the card before their transaction, and a move made in between (a shipment,
 * another refund) would change what they should have refunded.
 */
export const orderLease = (orderNumber: string): Lease => ({
  key: `order:${orderNumber}`,
  busy: `Order ${orderNumber} is being changed by another request. Try again in a moment.`,
});
