// The mails about paying invoices: the receipt of an online payment, and the reminders before an
// invoice falls due and once it is overdue. Each mail's content is made by one function here.
import { formatLongDate } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { type ReceiptLine, receiptLine } from "../../domain/terms/invoice-payments";
import { config } from "../config";
import type { Mail } from "../mail/mailer";

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

export function invoicePaymentReceiptMessage(to: string, receipt: InvoicePaymentReceipt): Mail {
  const { PUBLIC_URL, STORE_EMAIL, STORE_PHONE } = config();
  return {
    to,
    subject: `Payment received: ${formatUsd(receipt.amount)}`,
    text: [
      `Thank you: we received your card payment of ${formatUsd(receipt.amount)} on ${formatLongDate(receipt.paidAt)}.`,
      `Payment reference: ${receipt.reference}`,
      "",
      "Applied to:",
      ...receipt.lines.map((line) => `- ${receiptLine(line)}`),
      "",
      `Remaining balance on your account: ${formatUsd(receipt.remainingBalance)}`,
      "",
      `Your open invoices and statements: ${PUBLIC_URL}${CREDIT_CENTRE_PATH}`,
      `Questions? ${STORE_EMAIL} or ${STORE_PHONE}`,
    ].join("\n"),
  };
}

export interface InvoiceReminder {
  kind: "due_soon" | "overdue";
  invoiceNumber: string;
  orderNumber: string;
  dueDate: Date;
  balance: string;
  companyName: string;
}

export function invoiceReminderMessage(to: string, reminder: InvoiceReminder): Mail {
  const { PUBLIC_URL, STORE_EMAIL, STORE_PHONE } = config();
  const due = formatLongDate(reminder.dueDate);
  const owed = formatUsd(reminder.balance);
  return {
    to,
    subject:
      reminder.kind === "overdue"
        ? `Invoice ${reminder.invoiceNumber} is overdue: ${owed}`
        : `Invoice ${reminder.invoiceNumber} is due on ${due}: ${owed}`,
    text: [
      reminder.kind === "overdue"
        ? `Invoice ${reminder.invoiceNumber} of ${reminder.companyName} (order ${reminder.orderNumber}) was due on ${due} and ${owed} is still open.`
        : `Invoice ${reminder.invoiceNumber} of ${reminder.companyName} (order ${reminder.orderNumber}) is due on ${due}, with ${owed} still open.`,
      "",
      `Pay it by card in your Credit Center: ${PUBLIC_URL}${CREDIT_CENTRE_PATH}`,
      "If you have already sent the payment, thank you: please disregard this reminder.",
      `Questions? ${STORE_EMAIL} or ${STORE_PHONE}`,
    ].join("\n"),
  };
}
