// An account statement for a date range (store calendar days): the balance owed on terms at the
// start, each invoice issued and each invoice paid in the range with the running balance, the
// balance at the end, and the invoices then open by aging bucket. Cancelled orders owe nothing
// and are left out by the caller.
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
}

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
  open: (StatementInvoice & { daysPastDue: number; bucket: AgingBucket })[];
  aging: Record<AgingBucket, string>;
}

export function buildStatement(invoices: StatementInvoice[], from: Day, to: Day): Statement {
  let balance: Cents = 0;
  for (const invoice of invoices) {
    if (storeDay(invoice.invoiceDate) < from) balance += toCents(invoice.total);
    if (invoice.paidAt && storeDay(invoice.paidAt) < from) balance -= toCents(invoice.total);
  }
  const opening = balance;
  const events = invoices.flatMap((invoice) => {
    const issued = storeDay(invoice.invoiceDate);
    const paid = invoice.paidAt ? storeDay(invoice.paidAt) : null;
    return [
      ...(issued >= from && issued <= to ? [{ day: issued, kind: "invoice" as const, invoice }] : []),
      ...(paid && paid >= from && paid <= to ? [{ day: paid, kind: "payment" as const, invoice }] : []),
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
  const lines = events.map(({ day, kind, invoice }): StatementLine => {
    const amount = toCents(invoice.total);
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
    .filter((invoice) => storeDay(invoice.invoiceDate) <= to && (!invoice.paidAt || storeDay(invoice.paidAt) > to))
    .map((invoice) => {
      const late = daysPastDue(invoice.dueDate, to);
      return { ...invoice, daysPastDue: late, bucket: agingBucket(late) };
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
    aging: agingTotals(open),
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
