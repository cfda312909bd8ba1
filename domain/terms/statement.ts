// An account statement for a date range (store calendar days): the balance owed on terms at the
// start, each invoice issued and each payment in the range with the running balance, the balance at
// the end, and the invoices then open, by what they still owed, in aging buckets. Cancelled orders
// owe nothing and are left out by the caller.
import { type Day, storeDay } from "../dates/dates";
import { type Cents, fromCents, toCents } from "../money/cents";
import { type AgingBucket, agingBucket, agingBuckets, daysPastDue } from "./terms";

export interface StatementInvoice {
  invoiceNumber: string;
  orderNumber: string;
  invoiceDate: Date;
  dueDate: Date;
  total: string;
  paidAt: Date | null;
  /** The buyer's online card payments recorded against it, part or whole (docs/decisions/invoices.md). */
  payments?: { at: Date; amount: string }[];
}

/**
 * Each payment of the invoice by store day: the online ones, and what marking it paid settled
 * beyond them (the whole total for an invoice paid by cheque or transfer).
 */
function paymentsOf(invoice: StatementInvoice): { day: Day; cents: Cents }[] {
  const online = (invoice.payments ?? []).map((payment) => ({
    day: storeDay(payment.at),
    cents: toCents(payment.amount),
  }));
  const rest = toCents(invoice.total) - online.reduce((sum, payment) => sum + payment.cents, 0);
  return invoice.paidAt && rest > 0 ? [...online, { day: storeDay(invoice.paidAt), cents: rest }] : online;
}

/** What the invoice still owed at the end of `day`. */
const owedOn = (invoice: StatementInvoice, day: Day) =>
  toCents(invoice.total) -
  paymentsOf(invoice)
    .filter((payment) => payment.day <= day)
    .reduce((sum, payment) => sum + payment.cents, 0);

export interface StatementLine {
  day: Day;
  kind: "invoice" | "payment";
  invoiceNumber: string;
  orderNumber: string;
  dueDate: Date;
  /** Dollars as "12.99"; the other of the two is "0.00". */
  charge: string;
  payment: string;
  balance: string;
}

export interface Statement {
  from: Day;
  to: Day;
  opening: string;
  lines: StatementLine[];
  charges: string;
  payments: string;
  closing: string;
  /** Open at the end of the range: each with its days past due then, and the totals per bucket. */
  open: (StatementInvoice & { owed: string; daysPastDue: number; bucket: AgingBucket })[];
  aging: Record<AgingBucket, string>;
}

export function buildStatement(invoices: StatementInvoice[], from: Day, to: Day): Statement {
  let balance: Cents = 0;
  for (const invoice of invoices) {
    if (storeDay(invoice.invoiceDate) < from) balance += toCents(invoice.total);
    for (const payment of paymentsOf(invoice)) if (payment.day < from) balance -= payment.cents;
  }
  const opening = balance;
  const inRange = (day: Day) => day >= from && day <= to;
  const events = invoices.flatMap((invoice) => {
    const issued = storeDay(invoice.invoiceDate);
    return [
      ...(inRange(issued) ? [{ day: issued, kind: "invoice" as const, invoice, amount: toCents(invoice.total) }] : []),
      ...paymentsOf(invoice)
        .filter((payment) => inRange(payment.day))
        .map((payment) => ({ day: payment.day, kind: "payment" as const, invoice, amount: payment.cents })),
    ];
  });
  // By day; on one day an invoice comes before its payment, then by invoice number.
  events.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.invoice.invoiceNumber.localeCompare(b.invoice.invoiceNumber) ||
      (a.kind === "invoice" ? -1 : 1),
  );
  let charges: Cents = 0;
  let payments: Cents = 0;
  const lines = events.map(({ day, kind, invoice, amount }): StatementLine => {
    if (kind === "invoice") charges += amount;
    else payments += amount;
    balance += kind === "invoice" ? amount : -amount;
    return {
      day,
      kind,
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      dueDate: invoice.dueDate,
      charge: fromCents(kind === "invoice" ? amount : 0),
      payment: fromCents(kind === "payment" ? amount : 0),
      balance: fromCents(balance),
    };
  });
  const open = invoices
    .filter((invoice) => storeDay(invoice.invoiceDate) <= to && owedOn(invoice, to) > 0)
    .map((invoice) => {
      const late = daysPastDue(invoice.dueDate, to);
      return { ...invoice, owed: fromCents(owedOn(invoice, to)), daysPastDue: late, bucket: agingBucket(late) };
    })
    .sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime() || a.invoiceNumber.localeCompare(b.invoiceNumber));
  return {
    from,
    to,
    opening: fromCents(opening),
    lines,
    charges: fromCents(charges),
    payments: fromCents(payments),
    closing: fromCents(balance),
    open,
    aging: agingTotals(open.map((invoice) => ({ bucket: invoice.bucket, total: invoice.owed }))),
  };
}

/** The amount in each aging bucket. */
export function agingTotals(open: { bucket: AgingBucket; total: string }[]): Record<AgingBucket, string> {
  const cents = Object.fromEntries(agingBuckets.map((bucket) => [bucket, 0])) as Record<AgingBucket, Cents>;
  for (const invoice of open) cents[invoice.bucket] += toCents(invoice.total);
  return Object.fromEntries(agingBuckets.map((bucket) => [bucket, fromCents(cents[bucket])])) as Record<
    AgingBucket,
    string
  >;
}
