// An order's one document, in two variants: a terms order's invoice (number, dates, terms, remit-to,
// amount due) and a card order's paid receipt. Built first as plain data (what the document says),
// then drawn, so its content is tested apart from the drawing.

import { packNote, quantityWithUnit } from "../../domain/catalog/sale-units";
import { orderExemptionLine } from "../../domain/companies/tax-exemption";
import { formatLongDate } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { cancelledCents } from "../../domain/orders/cancellations";
import { purchaseOrderDetails } from "../../domain/orders/purchase-order";
import { termsName } from "../../domain/terms/terms";
import { config } from "../config";
import type { MailAttachment } from "../db/schema";
import { lineBackorderNote, type OrderWithItems, orderAddressLines, shippingAddressLines } from "../orders/messages";
import type { InvoiceSettlement } from "../terms/account-terms";
import { type PartsDocument, renderPartsDocument } from "./parts-document";

export interface OrderDocument extends PartsDocument {
  kind: "invoice" | "receipt";
}

const percent = (ppm: number) => `${(ppm / 10_000).toLocaleString("en-US", { maximumFractionDigits: 4 })}%`;

/**
 * What the order's document says, the buyer's PO number and job reference included. An invoice lists
 * what settled part of it (`settlements`: online payments, credit memos) and is due what is left.
 */
export function orderDocument(order: OrderWithItems, settlements: readonly InvoiceSettlement[] = []): OrderDocument {
  const { STORE_REMIT_TO } = config();
  const invoice = order.invoiceNumber !== null;
  const billTo = [
    `${order.firstName} ${order.lastName}`,
    order.companyName ?? "",
    ...orderAddressLines(order, "billing"),
  ];
  const due = order.paymentDueDate ? formatLongDate(order.paymentDueDate) : "";
  const referenceFacts = purchaseOrderDetails(order).map(({ label, value }): [string, string] => [label, value]);
  const facts: [string, string][] = invoice
    ? [
        ["Invoice Number", order.invoiceNumber ?? ""],
        ["Invoice Date", formatLongDate(order.orderDate)],
        ...(order.shippedAt ? [["Shipped", formatLongDate(order.shippedAt)] as [string, string]] : []),
        ["Terms", termsName(order.termsDays ?? 30)],
        ["Due Date", due],
        ["Order Number", order.orderNumber],
        ...referenceFacts,
        [
          "Status",
          order.paidAt ? `Paid ${formatLongDate(order.paidAt)}` : order.status === "cancelled" ? "Cancelled" : "Open",
        ],
      ]
    : [
        ["Order Number", order.orderNumber],
        ["Order Date", formatLongDate(order.orderDate)],
        ...referenceFacts,
        ["Payment", `Paid by card${order.paidAt ? ` on ${formatLongDate(order.paidAt)}` : ""}`],
        ...(order.paymentId ? [["Payment Reference", order.paymentId] as [string, string]] : []),
      ];
  const discount = Number(order.discountAmount) > 0;
  const exemption = orderExemptionLine(order);
  const cancelled = cancelledCents(order, order.items);
  const settledCents = settlements.reduce((sum, each) => sum + toCents(each.amount), 0);
  const leftCents = toCents(order.totalAmount) - cancelled - settledCents;
  return {
    kind: invoice ? "invoice" : "receipt",
    title: invoice ? "INVOICE" : "RECEIPT",
    filename: invoice ? `${order.invoiceNumber}.pdf` : `receipt-${order.orderNumber}.pdf`,
    facts,
    blocks: [
      ...(invoice ? [{ title: "Remit To", lines: STORE_REMIT_TO }] : []),
      { title: "Bill To", lines: billTo.filter(Boolean) },
      { title: "Ship To", lines: shippingAddressLines(order) },
    ],
    lines: order.items.map((item) => [
      item.productSku ?? "",
      // A back-ordered line says so under its name (docs/decisions/back-orders.md).
      [
        item.productName,
        packNote(item, toCents(item.unitPrice)),
        lineBackorderNote(order, item),
        item.cancelledQuantity > 0 ? `${item.cancelledQuantity} of ${item.quantity} cancelled` : undefined,
      ]
        .filter(Boolean)
        .join("\n"),
      quantityWithUnit(item.quantity, item.unit),
      // A contract price names the list price it replaces (a PDF's text has no strike a reader hears).
      item.listUnitPrice
        ? `${formatUsd(item.unitPrice)}\nList price ${formatUsd(item.listUnitPrice)}`
        : formatUsd(item.unitPrice),
      formatUsd(item.totalPrice),
    ]),
    totals: [
      ["Subtotal", formatUsd(order.subtotalAmount)],
      ...(discount
        ? [[`Discount (${order.promoCode})`, `-${formatUsd(order.discountAmount)}`] as [string, string]]
        : []),
      [exemption ? "Tax (exempt)" : `Tax (${percent(order.taxRatePpm)})`, formatUsd(order.taxAmount)],
      ["Shipping", "FREE"],
      ["Total", formatUsd(order.totalAmount)],
      // Cancelled items come off what is due, or were refunded to the card (docs/decisions/order-lifecycle.md).
      ...(cancelled > 0
        ? [
            [invoice ? "Cancelled Items" : "Refunded (cancelled items)", `-${formatUsd(fromCents(cancelled))}`] as [
              string,
              string,
            ],
          ]
        : []),
      ...settlements.map(({ label, amount }): [string, string] => [label, `-${formatUsd(amount)}`]),
      // Paid in full otherwise (a cheque or a wire the admin recorded) shows what that paid.
      order.paidAt && leftCents > 0
        ? ["Amount Paid", formatUsd(fromCents(leftCents))]
        : order.paidAt || order.status === "cancelled"
          ? ["Amount Due", formatUsd(0)]
          : [`Amount Due by ${due}`, formatUsd(fromCents(leftCents))],
    ],
    notes: [
      ...(exemption ? [`${exemption}. No sales tax is charged on this order.`] : []),
      ...(invoice && !order.shippedAt && order.status !== "cancelled"
        ? ["Terms run from the day the order ships in full: if that is later, the due date moves with it."]
        : []),
      invoice
        ? `Payment is due by ${due} (${termsName(order.termsDays ?? 30)}). Please write invoice number ${order.invoiceNumber} on your payment.`
        : "Thank you for your order. This receipt confirms your card payment.",
    ],
  };
}

/** The order's document as a file for its confirmation e-mail. */
export async function orderDocumentAttachment(order: OrderWithItems): Promise<MailAttachment> {
  const document = orderDocument(order);
  const content = await renderPartsDocument(document);
  return { filename: document.filename, contentType: "application/pdf", content: content.toString("base64") };
}
