// The mails about paying invoices: the receipt of an online payment, and the reminders before an
// invoice falls due and once it is overdue. Each mail's content is made by one function here, in
// the store's blocks (server/mail/README.md).
import { formatLongDate } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { type ReceiptLine, receiptLine } from "../../domain/terms/invoice-payments";
import type { Mail } from "../mail/mailer";
import { composeMail, storeUrl } from "../mail/templates/compose";

/** Where a buyer sees what is owed and pays it. */
export const CREDIT_CENTRE_PATH = "/account/credit";

export interface InvoicePaymentReceipt {
  /** The provider's payment id, the reference a buyer quotes to their bank or to us. */
  reference: string;
  paidAt: Date;
  amount: string;
  lines: ReceiptLine[];
  /** What the company still owes on all its open invoices once this payment is counted. */
  remainingBalance: string;
}

export function invoicePaymentReceiptMessage(to: string, receipt: InvoicePaymentReceipt): Promise<Mail> {
  return composeMail({
    to,
    subject: `Payment received: ${formatUsd(receipt.amount)}`,
    blocks: [
      { type: "title", text: "Payment received" },
      {
        type: "paragraph",
        text: `Thank you: we received your card payment of ${formatUsd(receipt.amount)} on ${formatLongDate(receipt.paidAt)}.`,
      },
      { type: "facts", facts: [["Payment reference", receipt.reference]] },
      { type: "heading", text: "Applied to" },
      { type: "lines", lines: receipt.lines.map((line) => `- ${receiptLine(line)}`) },
      {
        type: "facts",
        facts: [["Remaining balance on your account", formatUsd(receipt.remainingBalance)]],
      },
      { type: "button", label: "Your open invoices and statements", href: storeUrl(CREDIT_CENTRE_PATH) },
    ],
  });
}

export interface InvoiceReminder {
  kind: "due_soon" | "overdue";
  invoiceNumber: string;
  orderNumber: string;
  dueDate: Date;
  balance: string;
  companyName: string;
}

export function invoiceReminderMessage(to: string, reminder: InvoiceReminder): Promise<Mail> {
  const due = formatLongDate(reminder.dueDate);
  const owed = formatUsd(reminder.balance);
  const overdue = reminder.kind === "overdue";
  return composeMail({
    to,
    subject: overdue
      ? `Invoice ${reminder.invoiceNumber} is overdue: ${owed}`
      : `Invoice ${reminder.invoiceNumber} is due on ${due}: ${owed}`,
    blocks: [
      { type: "title", text: overdue ? "Your invoice is overdue" : "Your invoice is due soon" },
      {
        type: "paragraph",
        text: overdue
          ? `Invoice ${reminder.invoiceNumber} of ${reminder.companyName} (order ${reminder.orderNumber}) was due on ${due} and ${owed} is still open.`
          : `Invoice ${reminder.invoiceNumber} of ${reminder.companyName} (order ${reminder.orderNumber}) is due on ${due}, with ${owed} still open.`,
      },
      { type: "button", label: "Pay it in your Credit Center", href: storeUrl(CREDIT_CENTRE_PATH) },
      { type: "paragraph", text: "If you have already sent the payment, thank you: please disregard this reminder." },
    ],
  });
}
