// A buyer pays their company's open terms invoices by card (docs/decisions/invoices.md): one, several,
// or part of one. The amounts are checked here (domain/terms/invoice-payments.ts), the provider's
// payment is created for their sum with the allocations kept beside it, and once the provider says
// it succeeded (the buyer's browser, its webhook or the reconciliation, whichever comes first) it
// is recorded once: in one transaction the allocations count, each invoice paid in full moves its
// order through the lifecycle as the admin's "mark paid" does, and the receipt is queued.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { fromCents, toCents, toSignedCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import {
  type ChosenAmount,
  checkAllocations,
  type InvoiceStanding,
  MAX_INVOICES_PER_PAYMENT,
} from "../../domain/terms/invoice-payments";
import { INVOICE_NUMBER_PATTERN } from "../../domain/terms/terms";
import { type Buyer, requirePermission } from "../companies/buyer";
import { type Database, db, type Transaction } from "../db/client";
import { retryOnDeadlock } from "../db/retry";
import { invoicePaymentAllocations, invoicePayments, orders, user } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { queueMail } from "../mail/mailer";
import { PAYMENT_ID, unreachable } from "../orders/checkout";
import { moveOrderWithin } from "../orders/lifecycle";
import { paymentProvider } from "../payments/configured";
import { runEvery } from "../periodic";
import { invoiceBalance, openInvoices, usedCreditCents } from "./account-terms";
import { type InvoicePaymentReceipt, invoicePaymentReceiptMessage } from "./invoice-mails";

type PaymentRow = typeof invoicePayments.$inferSelect;

/** The company's terms invoices among `invoiceNumbers`, with what each still owes; locked for a recording. */
async function companyInvoices(executor: Database, companyId: string, posted: string[], lock = false) {
  // A number of no invoice's shape names none: it is refused as "no invoice X", never sent to the database.
  const invoiceNumbers = posted.filter((number) => INVOICE_NUMBER_PATTERN.test(number));
  if (invoiceNumbers.length === 0) return [];
  const query = executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      invoiceNumber: orders.invoiceNumber,
      status: orders.status,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.paymentMethod, "on_terms"),
        inArray(orders.invoiceNumber, invoiceNumbers),
      ),
    )
    // One lock order for every recording, so two payments of the same invoices wait, never deadlock.
    .orderBy(asc(orders.id));
  const rows = lock ? await query.for("update") : await query;
  // Read after the locks: a payment recorded meanwhile is counted.
  const balances = await executor
    .select({ id: orders.id, balance: invoiceBalance })
    .from(orders)
    .where(
      inArray(
        orders.id,
        rows.map((row) => row.id),
      ),
    );
  const balanceOf = new Map(balances.map((row) => [row.id, toSignedCents(row.balance)]));
  return rows.map((row) => ({ ...row, balanceCents: balanceOf.get(row.id) ?? 0 }));
}

type CompanyInvoice = Awaited<ReturnType<typeof companyInvoices>>[number];

function standingOf(invoices: CompanyInvoice[]): Map<string, InvoiceStanding> {
  return new Map(
    invoices.map((invoice): [string, InvoiceStanding] => [
      invoice.invoiceNumber ?? invoice.orderNumber,
      invoice.status === "cancelled"
        ? { state: "cancelled" }
        : invoice.paidAt || invoice.balanceCents <= 0
          ? { state: "paid" }
          : { state: "open", balanceCents: invoice.balanceCents },
    ]),
  );
}

/** The amounts chosen, checked against the invoices as they stand; Invalid (naming the invoice's field) otherwise. */
function checked(chosen: readonly ChosenAmount[], invoices: CompanyInvoice[]) {
  const check = checkAllocations(chosen, standingOf(invoices));
  if (check.refusal !== undefined) throw new StoreError("Invalid", check.refusal);
  return check;
}

export interface StartedInvoicePayment {
  paymentId: string;
  clientSecret: string;
  amount: string;
}

/**
 * Starts a card payment of the chosen amounts on the buyer's company's open invoices: refused with
 * a clear message before anything is charged when an amount is not owed (more than the balance, zero
 * or less, an invoice paid, cancelled or not the company's).
 */
export async function startInvoicePayment(
  buyer: Buyer,
  chosen: readonly ChosenAmount[],
): Promise<StartedInvoicePayment> {
  const { companyId, userId } = requirePermission(buyer, "payInvoices");
  const numbers = chosen.slice(0, MAX_INVOICES_PER_PAYMENT + 1).map((line) => line.invoiceNumber);
  const invoices = await companyInvoices(db(), companyId, numbers);
  const { allocations, totalCents } = checked(chosen, invoices);
  const orderOf = new Map(invoices.map((invoice) => [invoice.invoiceNumber, invoice.id]));
  const provider = paymentProvider();
  const id = randomUUID();
  const payment = await provider
    .create({ amountCents: totalCents, email: buyer.email, idempotencyKey: `invoice-payment-${id}`, reference: id })
    .catch(
      unreachable("The payment service is not answering, so no payment was taken. Please try again in a few minutes."),
    );
  await db().transaction(async (tx) => {
    await tx.insert(invoicePayments).values({
      id,
      companyId,
      userId,
      provider: provider.name,
      providerPaymentId: payment.id,
      amount: fromCents(totalCents),
    });
    await tx.insert(invoicePaymentAllocations).values(
      allocations.map((line) => ({
        paymentId: id,
        orderId: orderOf.get(line.invoiceNumber) ?? "",
        amount: fromCents(line.cents),
      })),
    );
  });
  return { paymentId: payment.id, clientSecret: payment.clientSecret, amount: fromCents(totalCents) };
}

const notFound = "This payment could not be found. Please start the payment again from your Credit Center.";

/** The invoice payment the provider's id names, or undefined (not one of ours, or not an invoice payment). */
export async function findInvoicePayment(providerPaymentId: string): Promise<PaymentRow | undefined> {
  if (!PAYMENT_ID.test(providerPaymentId)) return undefined;
  const [row] = await db()
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.provider, paymentProvider().name),
        eq(invoicePayments.providerPaymentId, providerPaymentId),
      ),
    );
  return row;
}

/**
 * Records the invoice payment the provider says succeeded, exactly once however often it is asked
 * (the buyer's browser, a webhook delivered twice, the reconciliation), and returns its receipt.
 * `userId` is given when a buyer asks; the webhook asks without one. A payment that can no longer
 * be applied as chosen (an invoice paid or cancelled meanwhile) is refunded and the buyer told so.
 */
export async function completeInvoicePayment(
  providerPaymentId: string,
  userId?: string,
  now = new Date(),
): Promise<InvoicePaymentReceipt> {
  const row = await findInvoicePayment(providerPaymentId);
  if (!row || (userId !== undefined && row.userId !== userId)) throw new StoreError("NotFound", notFound);
  if (row.status === "recorded") return receiptOf(db(), row);
  if (row.status === "refunded") throw new StoreError("Conflict", row.failure ?? notFound);
  const payment = await paymentProvider()
    .retrieve(providerPaymentId)
    .catch(
      unreachable(
        "The payment service is not answering, so your payment could not be confirmed. If your card was charged, it will be applied to your invoices within a few minutes and confirmed by e-mail.",
      ),
    );
  if (payment.status !== "succeeded") throw new StoreError("Invalid", payment.failureMessage ?? "Payment failed");
  if (payment.amountCents !== toCents(row.amount))
    throw new Error(`Payment ${payment.id} amount differs from its invoice payment.`);
  try {
    return await recordPayment(row, now);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return refundUnapplied(row, error.message);
  }
}

/** Counts the payment against its invoices and moves the ones it pays in full, in one transaction; then announces. */
async function recordPayment(row: PaymentRow, now: Date): Promise<InvoicePaymentReceipt> {
  const { receipt, announcements } = await retryOnDeadlock(() =>
    db().transaction(async (tx) => {
      const [claimed] = await tx
        .update(invoicePayments)
        .set({ status: "recorded", recordedAt: now })
        .where(and(eq(invoicePayments.id, row.id), eq(invoicePayments.status, "open")))
        .returning();
      // Recorded (or refunded) by a concurrent request meanwhile: its outcome is this one's.
      if (!claimed) return { receipt: null, announcements: [] };
      if (!claimed.userId) throw new StoreError("Conflict", "The account that made this payment no longer exists.");
      const allocations = await allocationsOf(tx, claimed.id);
      // The claimed payment counts already: what each invoice owes now is its balance after it.
      const invoices = await companyInvoices(
        tx,
        claimed.companyId,
        allocations.map((line) => line.invoiceNumber),
        true,
      );
      const announcements: (() => void)[] = [];
      for (const invoice of invoices) {
        const number = invoice.invoiceNumber ?? invoice.orderNumber;
        if (invoice.status === "cancelled" || invoice.paidAt || invoice.balanceCents < 0)
          throw new StoreError(
            "Conflict",
            `Invoice ${number} was paid or changed while you paid, so this payment could not be applied as you chose.`,
          );
        if (invoice.balanceCents > 0) continue;
        const moved = await moveOrderWithin(
          tx,
          { actor: "buyer", id: claimed.userId },
          invoice.orderNumber,
          { on: "invoicePaid" },
          now,
        );
        announcements.push(...moved.announcements);
      }
      const receipt = await receiptOf(tx, claimed);
      const [payer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, claimed.userId));
      if (payer) await queueMail(await invoicePaymentReceiptMessage(payer.email, receipt), tx);
      return { receipt, announcements };
    }),
  );
  for (const tell of announcements) tell();
  if (receipt) return receipt;
  const [current] = await db().select().from(invoicePayments).where(eq(invoicePayments.id, row.id));
  if (current?.status === "recorded") return receiptOf(db(), current);
  throw new StoreError("Conflict", current?.failure ?? notFound);
}

async function allocationsOf(executor: Database, paymentId: string) {
  const rows = await executor
    .select({
      invoiceNumber: orders.invoiceNumber,
      orderNumber: orders.orderNumber,
      paid: invoicePaymentAllocations.amount,
    })
    .from(invoicePaymentAllocations)
    .innerJoin(orders, eq(orders.id, invoicePaymentAllocations.orderId))
    .where(eq(invoicePaymentAllocations.paymentId, paymentId))
    .orderBy(asc(orders.invoiceNumber));
  return rows.map((row) => ({ ...row, invoiceNumber: row.invoiceNumber ?? row.orderNumber }));
}

/** What the receipt says: the payment, each invoice's share and what it still owes, and the company's balance. */
async function receiptOf(executor: Database | Transaction, payment: PaymentRow): Promise<InvoicePaymentReceipt> {
  const allocations = await allocationsOf(executor, payment.id);
  const invoices = await companyInvoices(
    executor,
    payment.companyId,
    allocations.map((line) => line.invoiceNumber),
  );
  const owed = new Map(
    invoices.map((invoice) => [invoice.invoiceNumber, invoice.paidAt ? 0 : Math.max(0, invoice.balanceCents)]),
  );
  return {
    reference: payment.providerPaymentId,
    paidAt: payment.recordedAt ?? payment.createdAt,
    amount: payment.amount,
    lines: allocations.map((line) => ({ ...line, balance: fromCents(owed.get(line.invoiceNumber) ?? 0) })),
    remainingBalance: fromCents(usedCreditCents(await openInvoices(payment.companyId, executor))),
  };
}

/** The payment could not be applied: it is given back, unless a concurrent attempt recorded it meanwhile. */
async function refundUnapplied(row: PaymentRow, reason: string): Promise<InvoicePaymentReceipt> {
  const failure = `${reason} Your payment of ${formatUsd(row.amount)} has been refunded.`;
  const [claimed] = await db()
    .update(invoicePayments)
    .set({ status: "refunded", failure })
    .where(and(eq(invoicePayments.id, row.id), eq(invoicePayments.status, "open")))
    .returning({ id: invoicePayments.id });
  if (!claimed) {
    const [current] = await db().select().from(invoicePayments).where(eq(invoicePayments.id, row.id));
    if (current?.status === "recorded") return receiptOf(db(), current);
    throw new StoreError("Conflict", current?.failure ?? failure);
  }
  try {
    await paymentProvider().refund(row.providerPaymentId, `refund-${row.id}`);
    logger.warn(
      { providerPaymentId: row.providerPaymentId, reason },
      "invoice payment refunded: it could not be applied",
    );
  } catch (error) {
    logger.error(
      { err: error, providerPaymentId: row.providerPaymentId },
      "REFUND FAILED: refund this payment by hand",
    );
    throw new StoreError("Conflict", `${reason} Your payment of ${formatUsd(row.amount)} will be refunded.`);
  }
  throw new StoreError("Conflict", failure);
}

const RECONCILE_AFTER_MS = 2 * 60_000;
const ABANDON_AFTER_MS = 24 * 60 * 60_000;

/**
 * Invoice payments left open: the buyer paid but closed the page, and no webhook came (the test
 * processor sends none). A succeeded one is recorded; one never paid within a day is given up.
 * Returns how many were settled.
 */
export async function reconcileOpenInvoicePayments(now = new Date()): Promise<number> {
  const open = await db()
    .select({
      id: invoicePayments.id,
      providerPaymentId: invoicePayments.providerPaymentId,
      createdAt: invoicePayments.createdAt,
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.status, "open"),
        eq(invoicePayments.provider, paymentProvider().name),
        lt(invoicePayments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .limit(100);
  let settled = 0;
  for (const { id, providerPaymentId, createdAt } of open) {
    try {
      const payment = await paymentProvider().retrieve(providerPaymentId);
      if (payment.status === "succeeded") {
        await completeInvoicePayment(providerPaymentId).catch((error: unknown) => {
          if (!(error instanceof StoreError)) throw error; // refunded, and the reason logged
        });
        settled += 1;
      } else if (payment.status === "canceled" || now.getTime() - createdAt.getTime() > ABANDON_AFTER_MS) {
        await db()
          .update(invoicePayments)
          .set({ status: "abandoned" })
          .where(and(eq(invoicePayments.id, id), eq(invoicePayments.status, "open")));
        settled += 1;
      }
    } catch (error) {
      logger.error({ err: error, providerPaymentId }, "could not reconcile an invoice payment");
    }
  }
  return settled;
}

/** Reconciles open invoice payments every minute until stopped. */
export function startInvoicePaymentReconciliation(intervalMs = 60_000): () => void {
  return runEvery(intervalMs, "invoice payment reconciliation", () => reconcileOpenInvoicePayments());
}
