// A quote's moves between states (domain/quotes/quotes.ts): each one checked against the state the quote
// is in at that moment (the row locked, so two moves at once cannot both pass) and written down
// with who made it, when, and the comment given.
import { eq, sql } from "drizzle-orm";
import { canMoveQuote, type QuoteStatus } from "../../domain/quotes/quotes";
import type { Database } from "../db/client";
import { quoteEvents, quotes } from "../db/schema";
import { StoreError } from "../errors";

export const quoteNotFound = "That quote does not exist.";

const statusWords: Record<QuoteStatus, string> = {
  requested: "waiting for the store's prices",
  quoted: "quoted",
  accepted: "accepted",
  ordered: "already ordered",
  declined: "declined",
  expired: "expired",
  withdrawn: "withdrawn",
};

/** Why a quote in `from` cannot move to `to`, in the words a buyer or an admin reads. */
export function refusedMove(from: QuoteStatus, to: QuoteStatus): string {
  return `This quote is ${statusWords[from]}, so it cannot be ${to === "requested" ? "revised" : to} now.`;
}

/** The quote's row, locked until the transaction ends. */
export async function lockQuote(tx: Database, quoteId: string) {
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  if (!quote) throw new StoreError("NotFound", quoteNotFound);
  return quote;
}

/**
 * Moves the quote to `to` if its state allows it, inside the caller's transaction, and records the
 * move. Returns the locked row as it was before, for the caller's own checks and writes.
 */
export async function moveQuote(
  tx: Database,
  quoteId: string,
  to: QuoteStatus,
  move: { actorId: string | null; comment?: string | null; now?: Date },
) {
  const quote = await lockQuote(tx, quoteId);
  if (!canMoveQuote(quote.status, to)) throw new StoreError("Conflict", refusedMove(quote.status, to));
  const at = move.now ?? new Date();
  await tx.update(quotes).set({ status: to, updatedAt: at }).where(eq(quotes.id, quoteId));
  await tx.insert(quoteEvents).values({
    quoteId,
    fromStatus: quote.status,
    toStatus: to,
    actorId: move.actorId,
    comment: move.comment ?? null,
    at,
  });
  return quote;
}

/** The next quote number, Q-000001 and on. */
export async function nextQuoteNumber(tx: Database): Promise<string> {
  const result = await tx.execute<{ n: string }>(sql`select nextval('quote_number_seq')::text as n`);
  const n = result.rows[0]?.n;
  if (!n) throw new Error("The quote number sequence gave no number.");
  return `Q-${n.padStart(6, "0")}`;
}
