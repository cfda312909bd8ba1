// Paying open terms invoices by card (docs/decisions/invoices.md): the amounts a buyer chose per
// invoice, checked against what each still owes, to the cent. The credit centre's form shows the
// same checks; the server runs them again before a payment is created and again when it is recorded.
import { type Cents, fromCents, toCents } from "../money/cents";
import { formatUsd } from "../money/format";

/** At most this many invoices in one payment: more than a page of open invoices is not a mistake worth allowing. */
export const MAX_INVOICES_PER_PAYMENT = 50;

/** The amount typed for an invoice, as the form posts it. */
export interface ChosenAmount {
  invoiceNumber: string;
  amount: string;
}

/** An invoice of the buyer's company as it stands: what it still owes, or that it is closed. */
export type InvoiceStanding = { state: "open"; balanceCents: Cents } | { state: "paid" } | { state: "cancelled" };

export interface Allocation {
  invoiceNumber: string;
  cents: Cents;
}

export type AllocationCheck =
  | { allocations: Allocation[]; totalCents: Cents; refusal?: undefined }
  | { refusal: string; invoiceNumber?: string };

/** The form's field for an invoice's amount (its name is a valid form field: server/forms.ts). */
export const amountField = (invoiceNumber: string) => `amount-${invoiceNumber}`;

/**
 * "1,250.5", "$1250.50" or "1250.50" as cents; null for text that is not an amount of dollars and
 * cents. A minus sign reads as a negative amount, so it is refused as one (below zero), not as typing.
 */
export function amountCents(text: string): Cents | null {
  const plain = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(?:\D|$))/g, "");
  if (/^-\s*\$?\d/.test(plain)) return -1;
  if (!/^\d{1,10}(?:\.\d{1,2})?$/.test(plain)) return null;
  return toCents(plain);
}

/**
 * Checks what the buyer chose against the invoices of their company (`standing`, by invoice number;
 * an invoice of another company is not in it) and returns the allocations, exactly as chosen, with
 * their total; or the first refusal, naming the invoice and what would be accepted.
 */
export function checkAllocations(
  chosen: readonly ChosenAmount[],
  standing: ReadonlyMap<string, InvoiceStanding>,
): AllocationCheck {
  if (chosen.length === 0) return { refusal: "Choose at least one invoice to pay." };
  if (chosen.length > MAX_INVOICES_PER_PAYMENT)
    return { refusal: `Pay at most ${MAX_INVOICES_PER_PAYMENT} invoices at a time.` };
  const seen = new Set<string>();
  const allocations: Allocation[] = [];
  let totalCents = 0;
  for (const { invoiceNumber, amount } of chosen) {
    if (seen.has(invoiceNumber))
      return { refusal: `Invoice ${invoiceNumber} is chosen twice: give one amount for it.`, invoiceNumber };
    seen.add(invoiceNumber);
    const invoice = standing.get(invoiceNumber);
    if (!invoice) return { refusal: `There is no invoice ${invoiceNumber} on your account.`, invoiceNumber };
    if (invoice.state === "paid") return { refusal: `Invoice ${invoiceNumber} is already paid.`, invoiceNumber };
    if (invoice.state === "cancelled")
      return { refusal: `Invoice ${invoiceNumber} was cancelled: there is nothing to pay on it.`, invoiceNumber };
    const owed = formatUsd(fromCents(invoice.balanceCents));
    const cents = amountCents(amount);
    if (cents === null)
      return {
        refusal: `Enter the amount to pay on invoice ${invoiceNumber} in dollars and cents, for example ${fromCents(invoice.balanceCents)}.`,
        invoiceNumber,
      };
    if (cents <= 0)
      return {
        refusal: `The amount to pay on invoice ${invoiceNumber} must be more than $0.00 and at most ${owed}.`,
        invoiceNumber,
      };
    if (cents > invoice.balanceCents)
      return {
        refusal: `Invoice ${invoiceNumber} has ${owed} left to pay, so ${formatUsd(fromCents(cents))} is more than is owed. Enter ${owed} or less.`,
        invoiceNumber,
      };
    allocations.push({ invoiceNumber, cents });
    totalCents += cents;
  }
  return { allocations, totalCents };
}

/** What a payment did to one invoice: the share paid and what it still owes after. */
export interface ReceiptLine {
  invoiceNumber: string;
  orderNumber: string;
  paid: string;
  balance: string;
}

/** "INV-000123 (order ORD…): paid $50.00, balance $25.00": one invoice's line of the receipt, on the page and in the mail. */
export const receiptLine = (line: ReceiptLine) =>
  `${line.invoiceNumber} (order ${line.orderNumber}): paid ${formatUsd(line.paid)}, ${
    toCents(line.balance) === 0 ? "paid in full" : `balance ${formatUsd(line.balance)}`
  }`;
