// Payment terms (docs/product-rules.md, Terms and invoices): Net 30, 60 or 90, the due day of a
// terms order, how late an invoice is, its aging bucket, and when an account is on credit hold.
// Pure, shared by the server and the pages; `today` is always given (the store's calendar day).
import { addDays, type Day, daysBetween, formatLongDate, storeDay } from "../dates/dates";

export const termsLengths = [30, 60, 90] as const;
export type TermsDays = (typeof termsLengths)[number];

export const isTermsDays = (days: unknown): days is TermsDays => termsLengths.includes(days as TermsDays);

/** "Net 60". */
export const termsName = (days: number) => `Net ${days}`;

/** The checkout's payment option (the specification's words for Net 30, the same form for 60 and 90). */
export const termsOptionLabel = (days: number) => `${termsName(days)} Terms (Pay within ${days} days)`;

/** The checkout's toast for a terms order placed. */
export const termsOrderPlaced = (days: number) =>
  `${termsName(days)} order placed successfully! Payment due within ${days} days.`;

/** The day a terms invoice is due: the order's store day plus the terms. */
export const dueDay = (orderedAt: Date | string, days: number): Day => addDays(storeDay(orderedAt), days);

/** Calendar days past its due day (0 or less: not yet due; the due day itself is 0). */
export const daysPastDue = (dueDate: Date | string, today: Day): number => daysBetween(storeDay(dueDate), today);

export type InvoiceReminderKind = "due_soon" | "overdue";

/**
 * The reminder an open invoice is owed today (docs/decisions/invoices.md): "due_soon" from
 * `daysBefore` days before its due day through that day, "overdue" from the day after. Each is
 * mailed once; an invoice first seen overdue gets only the overdue one.
 */
export function invoiceReminderDue(pastDue: number, daysBefore: number): InvoiceReminderKind | null {
  if (pastDue > 0) return "overdue";
  return -pastDue <= daysBefore ? "due_soon" : null;
}

export const agingBuckets = ["current", "1-30", "31-60", "61-90", "over-90"] as const;
export type AgingBucket = (typeof agingBuckets)[number];

export const agingBucketLabels: Record<AgingBucket, string> = {
  current: "Current",
  "1-30": "1-30 days past due",
  "31-60": "31-60 days past due",
  "61-90": "61-90 days past due",
  "over-90": "Over 90 days past due",
};

export function agingBucket(pastDue: number): AgingBucket {
  if (pastDue <= 0) return "current";
  if (pastDue <= 30) return "1-30";
  if (pastDue <= 60) return "31-60";
  if (pastDue <= 90) return "61-90";
  return "over-90";
}

/** The default number of days an invoice may be past due before terms orders stop (admin setting). */
export const DEFAULT_OVERDUE_GRACE_DAYS = 15;
export const MAX_OVERDUE_GRACE_DAYS = 365;
/** How many days before an invoice falls due its company is reminded, unless the admin sets another (Admin, Settings). */
export const DEFAULT_INVOICE_REMINDER_DAYS = 3;
export const MAX_INVOICE_REMINDER_DAYS = 30;

export interface OpenInvoice {
  invoiceNumber: string;
  dueDate: Date | string;
}

/**
 * The invoice that puts the account on credit hold: the most overdue open one, when it is more
 * than `graceDays` days past due; null when terms orders may go on.
 */
export function creditHold<Invoice extends OpenInvoice>(
  open: Invoice[],
  graceDays: number,
  today: Day,
): (Invoice & { daysPastDue: number }) | null {
  let worst: (Invoice & { daysPastDue: number }) | null = null;
  for (const invoice of open) {
    const late = daysPastDue(invoice.dueDate, today);
    if (late > graceDays && (!worst || late > worst.daysPastDue)) worst = { ...invoice, daysPastDue: late };
  }
  return worst;
}

/** What the buyer is told at checkout (and by order placement) while on credit hold. */
export function creditHoldMessage(invoice: OpenInvoice & { daysPastDue: number }): string {
  const days = invoice.daysPastDue === 1 ? "1 day" : `${invoice.daysPastDue} days`;
  return `Terms orders are on hold: invoice ${invoice.invoiceNumber} was due ${formatLongDate(invoice.dueDate)} and is ${days} past due. Please pay it, or pay for this order by card.`;
}

/** INV-000123: six digits at least, more once the store passes a million invoices. */
export const formatInvoiceNumber = (n: number | bigint) => `INV-${String(n).padStart(6, "0")}`;

export const INVOICE_NUMBER_PATTERN = /^INV-\d{6,19}$/;
