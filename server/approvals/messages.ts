// The approval mails: to the approvers when an order waits for them, and to the buyer when it is
// approved (and placed, or not) or rejected.
import { packNote } from "../../domain/catalog/sale-units";
import { fromCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import type { Mail } from "../mail/mailer";
import { composeMail, storeUrl } from "../mail/templates/compose";

const APPROVALS_PATH = "/account/approvals";

/** To each approver: who asks, for how much, why it needs them, and what is in the order. */
export function approvalRequestMessage(
  to: string,
  {
    buyerName,
    total,
    reason,
    lines,
  }: {
    buyerName: string;
    total: string;
    /** Why the order needs approval, in the approver's words ("It is above …"). */
    reason: string;
    lines: {
      name: string;
      partNumber: string;
      quantity: number;
      unit: string;
      packQuantity: number;
      unitPriceCents: number;
      lineTotalCents: number;
    }[];
  },
): Promise<Mail> {
  return composeMail({
    to,
    subject: `Order for approval: ${formatUsd(total)} from ${buyerName}`,
    blocks: [
      { type: "title", text: "An order waits for your approval" },
      { type: "paragraph", text: `${buyerName} submitted an order of ${formatUsd(total)} for your approval.` },
      { type: "paragraph", text: reason },
      {
        type: "items",
        items: lines.map((line) => ({
          name: line.name,
          sku: line.partNumber,
          quantity: line.quantity,
          unit: line.unit,
          pack: packNote(line, line.unitPriceCents) || undefined,
          unitPrice: formatUsd(fromCents(line.unitPriceCents)),
          total: formatUsd(fromCents(line.lineTotalCents)),
        })),
      },
      { type: "facts", facts: [["Total", formatUsd(total)]] },
      { type: "button", label: "Approve or reject it here", href: storeUrl(APPROVALS_PATH) },
    ],
  });
}

export function orderApprovedMessage(to: string, { total, orderNumber }: { total: string; orderNumber: string }) {
  return composeMail({
    to,
    subject: `Your order was approved: ${orderNumber}`,
    blocks: [
      { type: "title", text: "Your order was approved" },
      { type: "paragraph", text: `Your order of ${formatUsd(total)} was approved and placed as order ${orderNumber}.` },
      { type: "button", label: "View it", href: storeUrl(`/account/orders/${orderNumber}`) },
    ],
  });
}

/** The approval came, but placing the order failed (stock, credit, a price): `reason` says why. */
export function approvedOrderFailedMessage(to: string, { total, reason }: { total: string; reason: string }) {
  return composeMail({
    to,
    subject: "Your approved order could not be placed",
    blocks: [
      { type: "title", text: "Your approved order could not be placed" },
      {
        type: "paragraph",
        text: `Your order of ${formatUsd(total)} was approved, but it could not be placed: ${reason}`,
      },
      { type: "button", label: "Please check your cart and order again", href: storeUrl(APPROVALS_PATH) },
    ],
  });
}

/** The approver's note, as they wrote it. */
export function orderRejectedMessage(to: string, { total, note }: { total: string; note: string }) {
  return composeMail({
    to,
    subject: "Your order was not approved",
    blocks: [
      { type: "title", text: "Your order was not approved" },
      { type: "paragraph", text: `Your order of ${formatUsd(total)} was rejected, with this note:` },
      { type: "quote", text: note },
      { type: "button", label: "See your submissions", href: storeUrl(APPROVALS_PATH) },
    ],
  });
}
