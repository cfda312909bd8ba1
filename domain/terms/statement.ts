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
  /** What credit memos took off it (docs/decisions/returns.md): lowers what it owes, is no payment. */
  credits?: { at: Date; amount: string }[];
}

/** A credit memo on a terms order: a negative charge on the day issued; what no invoice took stays open as credit. */
export interface StatementCredit {
  creditMemoNumber: string;
  orderNumber: string;
  issuedAt: Date;
  amount: string;
  unapplied: string;
}

const creditsOf = (invoice: StatementInvoice) =>
  (invoice.credits ?? []).map((credit) => ({ day: storeDay(credit.at), cents: toCents(credit.amount) }));

/**
 * Each payment of the invoice by store day: the online ones, and what marking it paid settled
 * beyond them (the whole total for an invoice paid by cheque or transfer).
 */
function paymentsOf(invoice: StatementInvoice): { day: Day; cents: Cents }[] {
  const online = (invoice.payments ?? []).map((payment) => ({
    day: storeDay(payment.at),
    cents: toCents(payment.amount),
  }));
  const rest =
    toCents(invoice.total) -
    online.reduce((sum, payment) => sum + payment.cents, 0) -
    creditsOf(invoice).reduce((sum, credit) => sum + credit.cents, 0);
  return invoice.paidAt && rest > 0 ? [...online, { day: storeDay(invoice.paidAt), cents: rest }] : online;
}

/** What the invoice still owed at the end of `day`. */
const owedOn = (invoice: StatementInvoice, day: Day) =>
  toCents(invoice.total) -
  [...paymentsOf(invoice), ...creditsOf(invoice)]
    .filter((payment) => payment.day <= day)
    .reduce((sum, payment) => sum + payment.cents, 0);

export interface StatementLine {
  day: Day;
  /** A credit memo's line names it in `invoiceNumber` and has a negative charge. */
  kind: "invoice" | "payment" | "credit";
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
  /** Credit memos issued by the end of the range with credit no invoice took. */
  openCredits: StatementCredit[];
  aging: Record<AgingBucket, string>;
}

export function buildStatement(
  invoices: StatementInvoice[],
  from: Day,
  to: Day,
  credits: readonly StatementCredit[] = [],
): Statement {
  let balance: Cents = 0;
  for (const invoice of invoices) {
    if (storeDay(invoice.invoiceDate) < from) balance += toCents(invoice.total);
    for (const payment of paymentsOf(invoice)) if (payment.day < from) balance -= payment.cents;
  }
  for (const credit of credits) if (storeDay(credit.issuedAt) < from) balance -= toCents(credit.amount);
  const opening = balance;
  const inRange = (day: Day) => day >= from && day <= to;
  const creditEvents = credits
    .filter((credit) => inRange(storeDay(credit.issuedAt)))
    .map((credit) => ({
      day: storeDay(credit.issuedAt),
      kind: "credit" as const,
      invoice: {
        invoiceNumber: credit.creditMemoNumber,
        orderNumber: credit.orderNumber,
        dueDate: credit.issuedAt,
      },
      amount: toCents(credit.amount),
    }));
  const invoiceEvents = invoices.flatMap((invoice) => {
    const issued = storeDay(invoice.invoiceDate);
    return [
      ...(inRange(issued) ? [{ day: issued, kind: "invoice" as const, invoice, amount: toCents(invoice.total) }] : []),
      ...paymentsOf(invoice)
        .filter((payment) => inRange(payment.day))
        .map((payment) => ({ day: payment.day, kind: "payment" as const, invoice, amount: payment.cents })),
    ];
  });
  const events = [...invoiceEvents, ...creditEvents];
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
    const charge = kind === "invoice" ? amount : kind === "credit" ? -amount : 0;
    charges += charge;
    if (kind === "payment") payments += amount;
    balance += kind === "payment" ? -amount : charge;
    return {
      day,
      kind,
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      dueDate: invoice.dueDate,
      charge: fromCents(charge),
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
  const openCredits = credits.filter((credit) => storeDay(credit.issuedAt) <= to && toCents(credit.unapplied) > 0);
  return {
    from,
    to,
    opening: fromCents(opening),
    lines,
    charges: fromCents(charges),
    payments: fromCents(payments),
    closing: fromCents(balance),
    open,
    openCredits,
    aging: agingTotals([
      ...open.map((invoice) => ({ bucket: invoice.bucket, total: invoice.owed })),
      ...openCredits.map((credit) => ({ bucket: "current" as const, total: `-${credit.unapplied}` })),
    ]),
  };
}

/** The amount in each aging bucket. */
export function agingTotals(open: { bucket: AgingBucket; total: string }[]): Record<AgingBucket, string> {
  const cents = Object.fromEntries(agingBuckets.map((bucket) => [bucket, 0])) as Record<AgingBucket, Cents>;
  // A credit memo's free credit ages as a negative amount (docs/decisions/returns.md).
  for (const invoice of open)
    cents[invoice.bucket] += invoice.total.startsWith("-") ? -toCents(invoice.total.slice(1)) : toCents(invoice.total);
  return Object.fromEntries(agingBuckets.map((bucket) => [bucket, fromCents(cents[bucket])])) as Record<
    AgingBucket,
    string
  >;
}
