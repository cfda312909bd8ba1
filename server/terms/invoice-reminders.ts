// Reminders about terms invoices (docs/decisions/invoices.md): a set number of days before one falls
// due (Admin, Settings) and once it is overdue, mailed to the company's members who may pay it.
// Each reminder is claimed as a row (invoice_reminders) in the transaction that queues its mails,
// so it goes out once per invoice, however many processes run the duty at once.
import { and, eq, inArray } from "drizzle-orm";
import { can, companyRoles } from "../../domain/companies/companies";
import { storeDay } from "../../domain/dates/dates";
import { daysPastDue, invoiceReminderDue } from "../../domain/terms/terms";
import { db } from "../db/client";
import { companies, companyMembers, invoiceReminders, user } from "../db/schema";
import { logger } from "../logger";
import { queueMail } from "../mail/mailer";
import { runEvery } from "../periodic";
import { openInvoices } from "./account-terms";
import { invoiceReminderMessage } from "./invoice-mails";
import { readStoreSettings } from "./settings";

const payingRoles = companyRoles.filter((role) => can(role, "payInvoices"));

/** Queues every reminder due today that has not gone out; returns how many invoices were reminded about. */
export async function sendInvoiceReminders(now = new Date()): Promise<number> {
  const today = storeDay(now);
  const [open, { invoiceReminderDays }] = await Promise.all([openInvoices(null), readStoreSettings()]);
  let sent = 0;
  for (const invoice of open) {
    const kind = invoiceReminderDue(daysPastDue(invoice.dueDate, today), invoiceReminderDays);
    const { companyId } = invoice;
    if (!kind || !companyId) continue;
    sent += await db().transaction(async (tx) => {
      const [claimed] = await tx
        .insert(invoiceReminders)
        .values({ orderId: invoice.orderId, kind, sentAt: now })
        .onConflictDoNothing()
        .returning({ orderId: invoiceReminders.orderId });
      if (!claimed) return 0;
      const [company] = await tx
        .select({ name: companies.name, accountNumber: companies.accountNumber })
        .from(companies)
        .where(eq(companies.id, companyId));
      const payers = await tx
        .select({ email: user.email })
        .from(companyMembers)
        .innerJoin(user, eq(user.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companyId), inArray(companyMembers.role, payingRoles)));
      const companyName = company?.name || `account ${company?.accountNumber ?? ""}`.trim();
      for (const payer of payers)
        await queueMail(await invoiceReminderMessage(payer.email, { ...invoice, kind, companyName }), tx);
      return 1;
    });
  }
  return sent;
}

/** Sends the invoice reminders now and then every hour (a day's reminders go out on that day, restarts or not). */
export function startInvoiceReminders(intervalMs = 60 * 60_000): () => void {
  return runEvery(intervalMs, "invoice reminders", async () => {
    const sent = await sendInvoiceReminders();
    if (sent > 0) logger.info({ sent }, "invoice reminders queued");
  });
}
