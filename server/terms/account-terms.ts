// A company's standing on terms: the grant (Net 30/60/90 and the credit limit), the credit used by
// its open invoices (every member's terms orders), what is still available, and whether an overdue
// invoice holds new terms orders. Route-facing reads take the member's user id and read their company.
import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { formatShortDate, storeDay } from "../../domain/dates/dates";
import { fromCents, toCents, toSignedCents } from "../../domain/money/cents";
import { agingTotals } from "../../domain/terms/statement";
import { agingBucket, creditHold, creditHoldMessage, daysPastDue } from "../../domain/terms/terms";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { type Database, db } from "../db/client";
import {
  companies,
  creditMemoApplications,
  creditMemos,
  invoicePaymentAllocations,
  invoicePayments,
  orders,
} from "../db/schema";
import { readStoreSettings } from "./settings";

/**
 * What an invoice still owes: its total less what the buyer cancelled of it (docs/decisions/
 * order-lifecycle.md), the online payments recorded against it (docs/decisions/invoices.md) and the
 * credit memos applied to it (docs/decisions/returns.md).
 */
// Written with its tables named: in a query of orders alone Drizzle names columns bare, which the subquery would misread.
const netOfCancellations = sql`("orders"."total_amount" - coalesce((
  select sum(cancellation.amount) from order_cancellations cancellation
  where cancellation.order_id = "orders"."id"
), 0))`;

/** What an invoice charges: its total less what the buyer cancelled of it (the statement's charge). */
export const invoiceCharge = sql<string>`${netOfCancellations}::text`;

export const invoiceBalance = sql<string>`(${netOfCancellations} - coalesce((
  select sum(allocation.amount) from invoice_payment_allocations allocation
  inner join invoice_payments payment on payment.id = allocation.payment_id
  where allocation.order_id = "orders"."id" and payment.status = 'recorded'
), 0) - coalesce((
  select sum(application.amount) from credit_memo_applications application
  where application.order_id = "orders"."id"
), 0))::text`;

/** What settled part of an invoice, as its document lists it: online payments and credit memos, oldest first. */
export interface InvoiceSettlement {
  label: string;
  amount: string;
  at: Date;
}

/** The online payments recorded against the invoice and the credit memos applied to it (its balance's parts). */
export async function invoiceSettlements(orderId: string, executor: Database = db()): Promise<InvoiceSettlement[]> {
  const [payments, credits] = await Promise.all([
    executor
      .select({ amount: invoicePaymentAllocations.amount, at: invoicePayments.recordedAt })
      .from(invoicePaymentAllocations)
      .innerJoin(invoicePayments, eq(invoicePayments.id, invoicePaymentAllocations.paymentId))
      .where(and(eq(invoicePaymentAllocations.orderId, orderId), eq(invoicePayments.status, "recorded"))),
    executor
      .select({ number: creditMemos.number, amount: creditMemoApplications.amount, at: creditMemos.issuedAt })
      .from(creditMemoApplications)
      .innerJoin(creditMemos, eq(creditMemos.id, creditMemoApplications.creditMemoId))
      .where(eq(creditMemoApplications.orderId, orderId)),
  ]);
  return [
    ...payments.flatMap(({ amount, at }) => (at ? [{ label: `Paid online ${formatShortDate(at)}`, amount, at }] : [])),
    ...credits.map(({ number, amount, at }) => ({ label: `Credit memo ${number}`, amount, at })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Terms orders the company still owes (every company's, for null): not paid and not cancelled,
 * oldest due first.
 */
export async function openInvoices(companyId: string | null, executor: Database = db()) {
  return executor
    .select({
      orderId: orders.id,
      companyId: orders.companyId,
      invoiceNumber: orders.invoiceNumber,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      dueDate: orders.paymentDueDate,
      termsDays: orders.termsDays,
      total: orders.totalAmount,
      balance: invoiceBalance,
    })
    .from(orders)
    .where(
      and(
        companyId === null ? undefined : eq(orders.companyId, companyId),
        eq(orders.paymentMethod, "on_terms"),
        isNull(orders.paidAt),
        ne(orders.status, "cancelled"),
      ),
    )
    .orderBy(asc(orders.paymentDueDate), asc(orders.invoiceNumber))
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        // Every terms order has both since the terms migration; the types cannot know it.
        invoiceNumber: row.invoiceNumber ?? row.orderNumber,
        dueDate: row.dueDate ?? row.orderDate,
      })),
    );
}

/**
 * The company's (every company's, for null) credit memos with credit left that no invoice took (it
 * had none open when the memo was issued): free credit on the account, oldest first.
 */
export async function openCredits(companyId: string | null, executor: Database = db()) {
  const rows = await executor
    .select({
      id: creditMemos.id,
      number: creditMemos.number,
      orderNumber: orders.orderNumber,
      issuedAt: creditMemos.issuedAt,
      amount: creditMemos.amount,
      applied: sql<string>`coalesce((select sum(application.amount) from credit_memo_applications application where application.credit_memo_id = ${creditMemos.id}), 0)::text`,
    })
    .from(creditMemos)
    .innerJoin(orders, eq(orders.id, creditMemos.orderId))
    .where(
      and(
        companyId === null ? undefined : eq(creditMemos.companyId, companyId),
        eq(creditMemos.paymentMethod, "on_terms"),
      ),
    )
    .orderBy(asc(creditMemos.issuedAt));
  return rows
    .map((row) => ({ ...row, unapplied: fromCents(toCents(row.amount) - toCents(row.applied)) }))
    .filter((row) => toCents(row.unapplied) > 0);
}

/** The credit the open invoices use, in cents: what they still owe, less the account's free credit. */
export const usedCreditCents = (open: { balance: string }[], credits: { unapplied: string }[] = []) =>
  Math.max(
    0,
    open.reduce((sum, row) => sum + toSignedCents(row.balance), 0) -
      credits.reduce((sum, row) => sum + toCents(row.unapplied), 0),
  );

/** The hold message when an open invoice is more than the store's grace days past due, else null. */
export async function creditHoldOf(companyId: string, now: Date, executor: Database = db()): Promise<string | null> {
  const [open, settings] = await Promise.all([openInvoices(companyId, executor), readStoreSettings(executor)]);
  const held = creditHold(open, settings.overdueGraceDays, storeDay(now));
  return held && creditHoldMessage(held);
}

const grantColumns = {
  approved: companies.onTerms,
  creditLimit: companies.creditLimit,
  termsDays: companies.termsDays,
};

/** The terms granted to the user's company. */
function grantOf(buyer: Buyer) {
  const { company } = buyer;
  return company && { approved: company.onTerms, creditLimit: company.creditLimit, termsDays: company.termsDays };
}

/** The company's grant, locked for the order transaction: members' terms orders wait for each other here. */
export async function lockedGrant(tx: Database, companyId: string) {
  const [grant] = await tx.select(grantColumns).from(companies).where(eq(companies.id, companyId)).for("no key update");
  return grant;
}

/** What the checkout offers a member of an account on terms; null for an account without terms. */
export async function checkoutTerms(buyer: Buyer, now = new Date()) {
  const profile = grantOf(buyer);
  if (!profile?.approved || !buyer.company) return null;
  const [open, credits, settings] = await Promise.all([
    openInvoices(buyer.company.id),
    openCredits(buyer.company.id),
    readStoreSettings(),
  ]);
  const held = creditHold(open, settings.overdueGraceDays, storeDay(now));
  return {
    termsDays: profile.termsDays,
    creditLimit: profile.creditLimit,
    available: fromCents(Math.max(0, toCents(profile.creditLimit) - usedCreditCents(open, credits))),
    hold: held && creditHoldMessage(held),
  };
}

/** The credit centre of the user's company: the grant, used and available credit, and the open invoices with their aging. */
export async function creditCentre(buyer: Buyer, now = new Date()) {
  const today = storeDay(now);
  const profile = grantOf(buyer);
  const [open, credits, settings, [anyInvoice]] = await Promise.all([
    buyer.company ? openInvoices(buyer.company.id) : [],
    buyer.company ? openCredits(buyer.company.id) : [],
    readStoreSettings(),
    db()
      .select({ one: orders.id })
      .from(orders)
      .where(and(inBuyersCompany(orders.companyId, buyer), isNotNull(orders.invoiceNumber)))
      .limit(1),
  ]);
  const used = usedCreditCents(open, credits);
  const limit = profile?.approved ? toCents(profile.creditLimit) : 0;
  const aged = open.map((invoice) => {
    const late = daysPastDue(invoice.dueDate, today);
    return { ...invoice, daysPastDue: late, bucket: agingBucket(late) };
  });
  const held = creditHold(open, settings.overdueGraceDays, today);
  return {
    approved: profile?.approved ?? false,
    termsDays: profile?.termsDays ?? 30,
    creditLimit: fromCents(limit),
    used: fromCents(used),
    available: fromCents(Math.max(0, limit - used)),
    hold: held && creditHoldMessage(held),
    overdueGraceDays: settings.overdueGraceDays,
    open: aged,
    credits,
    // A part-paid invoice ages by what it still owes; free credit is current, and negative.
    aging: agingTotals([
      ...aged.map((invoice) => ({ bucket: invoice.bucket, total: invoice.balance })),
      ...credits.map((credit) => ({ bucket: "current" as const, total: `-${credit.unapplied}` })),
    ]),
    hasInvoices: anyInvoice !== undefined,
  };
}
