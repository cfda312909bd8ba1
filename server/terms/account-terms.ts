// A buyer's standing on terms: the grant (Net 30/60/90 and the credit limit), the credit used by
// open invoices, what is still available, and whether an overdue invoice holds new terms orders.
import { and, asc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { storeDay } from "../../app/lib/dates";
import { fromCents, toCents } from "../../app/lib/pricing/money";
import { agingTotals } from "../../app/lib/terms/statement";
import { agingBucket, creditHold, creditHoldMessage, daysPastDue } from "../../app/lib/terms/terms";
import { type Database, db } from "../db/client";
import { orders, profiles } from "../db/schema";
import { readStoreSettings } from "./settings";

/** Terms orders the buyer still owes: not paid and not cancelled, oldest due first. */
export async function openInvoices(userId: string, executor: Database = db()) {
  return executor
    .select({
      invoiceNumber: orders.invoiceNumber,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      dueDate: orders.paymentDueDate,
      termsDays: orders.termsDays,
      total: orders.totalAmount,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, "net_30"),
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

/** The credit the open invoices use, in cents. */
export const usedCreditCents = (open: { total: string }[]) => open.reduce((sum, row) => sum + toCents(row.total), 0);

/** The hold message when an open invoice is more than the store's grace days past due, else null. */
export async function creditHoldOf(userId: string, now: Date, executor: Database = db()): Promise<string | null> {
  const [open, settings] = await Promise.all([openInvoices(userId, executor), readStoreSettings(executor)]);
  const held = creditHold(open, settings.overdueGraceDays, storeDay(now));
  return held && creditHoldMessage(held);
}

/** What the checkout offers an account on terms; null for an account without terms. */
export async function checkoutTerms(userId: string, now = new Date()) {
  const [profile] = await db()
    .select({ approved: profiles.net30Approved, creditLimit: profiles.creditLimit, termsDays: profiles.termsDays })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile?.approved) return null;
  const [open, settings] = await Promise.all([openInvoices(userId), readStoreSettings()]);
  const held = creditHold(open, settings.overdueGraceDays, storeDay(now));
  return {
    termsDays: profile.termsDays,
    creditLimit: profile.creditLimit,
    available: fromCents(Math.max(0, toCents(profile.creditLimit) - usedCreditCents(open))),
    hold: held && creditHoldMessage(held),
  };
}

/** The credit centre: the grant, used and available credit, and the open invoices with their aging. */
export async function creditCentre(userId: string, now = new Date()) {
  const today = storeDay(now);
  const [[profile], open, settings, [anyInvoice]] = await Promise.all([
    db()
      .select({ approved: profiles.net30Approved, creditLimit: profiles.creditLimit, termsDays: profiles.termsDays })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    openInvoices(userId),
    readStoreSettings(),
    db()
      .select({ one: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.invoiceNumber)))
      .limit(1),
  ]);
  const used = usedCreditCents(open);
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
    aging: agingTotals(aged),
    hasInvoices: anyInvoice !== undefined,
  };
}

/** The account's terms length (30 when it has none), for the checkout's messages. */
export async function accountTermsDays(userId: string): Promise<number> {
  const [profile] = await db()
    .select({ termsDays: profiles.termsDays })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return profile?.termsDays ?? 30;
}
