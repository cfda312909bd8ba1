// The built-in test card processor (docs/product-rules.md, Checkout), used when no Stripe keys are set. It behaves
// like a card provider: the server creates a payment for an amount, the browser confirms it with
// the client secret and the card, and the server then asks whether it succeeded. Its records live
// in test_processor_payments, as a provider's would live on its own servers.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { fromCents, toCents } from "../../domain/money/cents";
import { db } from "../db/client";
import { testProcessorPayments, testProcessorRefunds } from "../db/schema";
import { StoreError } from "../errors";
import type { PaymentProvider, ProviderPayment } from "./provider";

export const TEST_CARDS = { approved: "4242424242424242", declined: "4000000000000002" } as const;
export const DECLINED_MESSAGE = "Your card was declined.";

const token = (bytes: number) => randomBytes(bytes).toString("base64url");

type Row = typeof testProcessorPayments.$inferSelect;

function asPayment(row: Row): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amountCents: toCents(row.amount),
    currency: "usd",
    failureMessage: row.failureMessage ?? undefined,
  };
}

async function find(id: string): Promise<Row> {
  const [row] = await db().select().from(testProcessorPayments).where(eq(testProcessorPayments.id, id));
  if (!row) throw new StoreError("NotFound", `No such payment: ${id}`);
  return row;
}

export const testCardProcessor: PaymentProvider = {
  name: "test",
  publicConfig: { provider: "test" },

  async create({ amountCents, idempotencyKey, reference }) {
    const id = `tp_${token(12)}`;
    await db()
      .insert(testProcessorPayments)
      .values({
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        idempotencyKey,
        reference,
        amount: fromCents(amountCents),
      })
      .onConflictDoNothing({ target: testProcessorPayments.idempotencyKey });
    const [row] = await db()
      .select()
      .from(testProcessorPayments)
      .where(eq(testProcessorPayments.idempotencyKey, idempotencyKey));
    if (!row) throw new Error("The test payment was not stored.");
    return { ...asPayment(row), clientSecret: row.clientSecret };
  },

  async retrieve(id) {
    return asPayment(await find(id));
  },

  // As Stripe: a refund of more than is left is refused, and a payment refunded in full is done with.
  async refund(id, idempotencyKey, amountCents) {
    await db().transaction(async (tx) => {
      const [row] = await tx.select().from(testProcessorPayments).where(eq(testProcessorPayments.id, id)).for("update");
      if (!row) throw new StoreError("NotFound", `No such payment: ${id}`);
      const [repeated] = await tx
        .select({ key: testProcessorRefunds.idempotencyKey })
        .from(testProcessorRefunds)
        .where(eq(testProcessorRefunds.idempotencyKey, idempotencyKey));
      if (repeated || row.refundedAt) return;
      const [refunded] = await tx
        .select({ cents: sql<string>`coalesce(sum(${testProcessorRefunds.amount}), 0)::text` })
        .from(testProcessorRefunds)
        .where(eq(testProcessorRefunds.paymentId, id));
      const left = toCents(row.amount) - toCents(refunded?.cents ?? "0");
      const amount = amountCents ?? left;
      if (amount > left) throw new Error(`Refund of ${amount} cents is more than the ${left} left on ${id}.`);
      await tx.insert(testProcessorRefunds).values({ idempotencyKey, paymentId: id, amount: fromCents(amount) });
      if (amount === left)
        await tx
          .update(testProcessorPayments)
          .set({ status: "canceled", refundedAt: new Date() })
          .where(eq(testProcessorPayments.id, id));
    });
  },

  parseWebhook() {
    throw new StoreError("NotFound", "The test card processor sends no webhooks.");
  },
};

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** Card checks in the order a card network reports them, with Stripe's wording. */
export function cardProblem(card: TestCard, now = new Date()): string | undefined {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) return "Your card number is incorrect.";
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete.";
  const year = 2000 + Number(expiry[2]);
  // A card is good through the last day of its expiry month.
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return "Your card's expiration year is in the past.";
  if (!/^\d{3}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  if (number === TEST_CARDS.declined) return DECLINED_MESSAGE;
  if (number !== TEST_CARDS.approved) return `${DECLINED_MESSAGE} Use the test card 4242 4242 4242 4242.`;
  return undefined;
}

function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What the browser calls with the client secret and the card, as it would call the provider.
 * A declined card leaves the payment open for another try; a succeeded one stays succeeded.
 */
export async function confirmTestPayment(clientSecret: string, card: TestCard, now = new Date()) {
  const [row] = await db()
    .select()
    .from(testProcessorPayments)
    .where(eq(testProcessorPayments.clientSecret, clientSecret));
  if (!row) throw new StoreError("NotFound", "This payment could not be found. Please place the order again.");
  if (row.status === "succeeded") return asPayment(row);
  if (row.status === "canceled")
    throw new StoreError("Conflict", "This payment was canceled. Please place the order again.");
  const problem = cardProblem(card, now);
  const number = card.number.replace(/\D/g, "");
  const [updated] = await db()
    .update(testProcessorPayments)
    .set(
      problem
        ? { failureMessage: problem, cardLast4: number.slice(-4) }
        : { status: "succeeded", failureMessage: null, cardLast4: number.slice(-4) },
    )
    .where(eq(testProcessorPayments.id, row.id))
    .returning();
  if (problem) throw new StoreError("Invalid", problem);
  return asPayment(updated ?? row);
}
