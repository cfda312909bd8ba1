// The order mails: the confirmation (the same figures and words as the confirmation page) and the
// shipping notice.
import { type AddressKind, addressFrom, formatAddress } from "../../domain/addresses/address";
import { packNote } from "../../domain/catalog/sale-units";
import { orderExemptionLine } from "../../domain/companies/tax-exemption";
import { formatLongDate, storeDay } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { backorderNote } from "../../domain/orders/backorders";
import { cancelledCents } from "../../domain/orders/cancellations";
import { type CarrierCode, carriers, trackingUrl } from "../../domain/orders/carriers";
import { orderDocumentHref, orderDocumentName, packingSlipHref } from "../../domain/orders/order-documents";
import { orderStatusLabel, whatsNext } from "../../domain/orders/order-status";
import { purchaseOrderDetails } from "../../domain/orders/purchase-order";
import type { ShipPromise } from "../../domain/orders/ship-today";
import { termsName } from "../../domain/terms/terms";
import { oneLine } from "../../domain/text/plain-text";
import type { orderItems, orders } from "../db/schema";
import type { Mail } from "../mail/mailer";
import type { MailFact, MailItem } from "../mail/templates/blocks";
import { composeMail, storeUrl } from "../mail/templates/compose";

export type OrderWithItems = typeof orders.$inferSelect & { items: (typeof orderItems.$inferSelect)[] };

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;

/** "12 ship now, 8 back-ordered, expected Tue, Dec 15" for a line of the order, or undefined. */
export function lineBackorderNote(order: Pick<Order, "orderDate">, item: OrderItem): string | undefined {
  return backorderNote(
    // What was cancelled neither ships nor waits.
    {
      quantity: item.quantity - item.cancelledQuantity,
      backordered: item.backorderedQuantity,
      expectedOn: item.backorderExpectedOn,
    },
    storeDay(order.orderDate),
  );
}

/** An order's stored address, one line each. */
export function orderAddressLines(order: Order, kind: AddressKind): string[] {
  const address = addressFrom(kind, order);
  return address ? formatAddress(address) : [];
}

/** Name, company and shipping address, one line each, as the confirmation shows them. */
export function shippingAddressLines(order: Order): string[] {
  const recipient = [`${order.firstName} ${order.lastName}`, order.companyName].filter((line): line is string =>
    Boolean(line),
  );
  return [...recipient, ...orderAddressLines(order, "shipping")];
}

/** An order's lines and totals as its pages show them (app/components/orders/order-items.tsx). */
export function orderItemsView(order: OrderWithItems) {
  return {
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      productSku: item.productSku,
      quantity: item.quantity,
      unit: item.unit,
      packQuantity: item.packQuantity,
      unitPrice: item.unitPrice,
      listUnitPrice: item.listUnitPrice,
      totalPrice: item.totalPrice,
      backorder: lineBackorderNote(order, item),
      cancelled: item.cancelledQuantity,
    })),
    totals: {
      subtotal: order.subtotalAmount,
      discount: order.discountAmount,
      promoCode: order.promoCode,
      tax: order.taxAmount,
      taxExemption: orderExemptionLine(order),
      total: order.totalAmount,
      // The same figure the cancellations wrote: each was counted from the lines' cancelled quantities.
      cancelled: order.items.some((item) => item.cancelledQuantity > 0)
        ? fromCents(cancelledCents(order, order.items))
        : null,
    },
  };
}

/**
 * The confirmation goes to the account's own (confirmed) address, never to whatever address the
 * checkout form named: the store would otherwise relay mail to anyone for the price of an order.
 * What the buyer typed is printed one line per field, so it cannot add lines of its own.
 */
export function orderConfirmationMessage(
  order: OrderWithItems,
  accountEmail: string,
  shipPromise: ShipPromise | null,
): Promise<Mail> {
  const { items, totals } = orderItemsView(order);
  const payment: MailFact[] =
    order.paymentMethod === "on_terms" && order.paymentDueDate
      ? [
          `${termsName(order.termsDays ?? 30)} Terms: payment of ${formatUsd(order.totalAmount)} is due by ${formatLongDate(order.paymentDueDate)}.`,
          `Invoice ${order.invoiceNumber} is attached.`,
        ]
      : [`Paid by card: ${formatUsd(order.totalAmount)}.`, "Your receipt is attached."];
  return composeMail({
    to: accountEmail,
    subject: `Order Confirmed! ${order.orderNumber}`,
    blocks: [
      { type: "title", text: "Order Confirmed!" },
      { type: "paragraph", text: "Thank you for your order. We've received your order and will process it soon." },
      {
        type: "facts",
        facts: [
          ["Order Number", order.orderNumber],
          ["Order Date", formatLongDate(order.orderDate)],
          ["Status", orderStatusLabel(order.status)],
          ...(shipPromise ? [shipPromise] : []),
          ["Total", formatUsd(order.totalAmount)],
          ...purchaseOrderDetails(order).map(({ label, value }) => [label, value] as const),
          ...payment,
        ],
      },
      { type: "button", label: "View your order", href: storeUrl(`/order-confirmation/${order.orderNumber}`) },
      { type: "heading", text: "Items Ordered" },
      {
        type: "items",
        items: items.map((item) => ({
          name: item.productName,
          sku: item.productSku,
          quantity: item.quantity,
          unit: item.unit,
          pack: packNote(item, toCents(item.unitPrice)) || undefined,
          unitPrice: formatUsd(item.unitPrice),
          total: formatUsd(item.totalPrice),
          note: item.backorder,
        })),
      },
      {
        type: "facts",
        facts: [
          ["Subtotal", formatUsd(totals.subtotal)],
          ...(Number(totals.discount) > 0
            ? [[`Discount (${totals.promoCode})`, `-${formatUsd(totals.discount)}`] as const]
            : []),
          ["Tax", formatUsd(totals.tax)],
          ...(totals.taxExemption ? [totals.taxExemption] : []),
          ["Shipping", "FREE"],
          ["Total", formatUsd(totals.total)],
        ],
      },
      { type: "heading", text: "Shipping Address" },
      { type: "lines", lines: shippingAddressLines(order).map(oneLine) },
      { type: "heading", text: "What's Next?" },
      { type: "lines", lines: whatsNext },
      { type: "link", label: `Download ${orderDocumentName(order)}`, href: storeUrl(orderDocumentHref(order)) },
    ],
  });
}

/** A shipment as its mail, the order's pages and its packing slip tell it. */
export interface RecordedShipment {
  number: number;
  carrier: CarrierCode;
  trackingNumber: string | null;
  shippedAt: Date;
  lines: RecordedLine[];
}

/** What a shipment, a cancellation or a return did to one of the order's lines, in the line's unit. */
export interface RecordedLine {
  part: string | null;
  name: string;
  quantity: number;
  unit: string;
}

/** A recorded line as a mail lists it: "3 boxes x Cut-off wheel (SKU: CW-1)". */
export const recordedLineItem = (line: RecordedLine): MailItem => ({
  name: oneLine(line.name),
  sku: line.part,
  quantity: line.quantity,
  unit: line.unit,
});

/**
 * "Your order has shipped!" for one shipment (each sends its own): its carrier, the tracking link,
 * what it carries, and links to the order's page and the shipment's packing slip.
 */
export function shipmentMessage(order: Order, shipment: RecordedShipment, accountEmail: string): Promise<Mail> {
  const tracking = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return composeMail({
    to: accountEmail,
    subject: `Your order has shipped! ${order.orderNumber} (shipment ${shipment.number})`,
    blocks: [
      { type: "title", text: "Your order has shipped!" },
      {
        type: "facts",
        facts: [
          ["Order Number", order.orderNumber],
          ["Shipment", String(shipment.number)],
          ["Carrier", carriers[shipment.carrier].name],
          ["Tracking Number", shipment.trackingNumber ?? "Not provided"],
        ],
      },
      ...(tracking ? [{ type: "button", label: "Track your package", href: tracking } as const] : []),
      { type: "heading", text: "In This Shipment" },
      {
        type: "items",
        items: shipment.lines.map(recordedLineItem),
      },
      { type: "heading", text: "Shipping Address" },
      { type: "lines", lines: shippingAddressLines(order).map(oneLine) },
      {
        type: tracking ? "link" : "button",
        label: "View your order",
        href: storeUrl(`/account/orders/${order.orderNumber}`),
      },
      {
        type: "link",
        label: "Download the packing slip",
        href: storeUrl(packingSlipHref(order.orderNumber, shipment.number)),
      },
    ],
  });
}

/** A cancellation as its mails and the order's history tell it. */
export interface RecordedCancellation {
  number: number;
  /** What it took off the order, and what of that went back to the card ("54.12"). */
  amount: string;
  refunded: string;
  lines: RecordedLine[];
  /** Nothing is left of the order: it is cancelled whole. */
  whole: boolean;
}

/** What the cancellation did to the money: refunded to the card, or taken off the terms invoice. */
export function cancellationMoney(
  order: Pick<Order, "invoiceNumber" | "orderNumber">,
  cancellation: RecordedCancellation,
) {
  if (Number(cancellation.refunded) > 0) return `${formatUsd(cancellation.refunded)} refunded to the card`;
  return `${formatUsd(cancellation.amount)} taken off invoice ${order.invoiceNumber ?? order.orderNumber}`;
}

/**
 * The buyer's confirmation of a cancellation and the store's notice of it: what was cancelled, the
 * refund or the invoice lowered, and a link to the order's page on each side.
 */
export function cancellationMessages(
  order: Order,
  cancellation: RecordedCancellation,
  accountEmail: string | null,
  storeEmail: string,
  byBuyer: boolean,
): Promise<Mail[]> {
  const what = cancellation.whole ? "Your order is cancelled" : "Items cancelled from your order";
  const facts: MailFact[] = [
    ["Order Number", order.orderNumber],
    ["Status", orderStatusLabel(order.status)],
    [
      Number(cancellation.refunded) > 0 ? "Refund" : "Invoice lowered by",
      formatUsd(Number(cancellation.refunded) > 0 ? cancellation.refunded : cancellation.amount),
    ],
    ...(Number(cancellation.refunded) > 0 ? ["The refund reaches your card in 5 to 10 business days."] : []),
  ];
  const items = {
    type: "items",
    items: cancellation.lines.map(recordedLineItem),
  } as const;
  const toBuyer = accountEmail
    ? [
        composeMail({
          to: accountEmail,
          subject: `${what}: ${order.orderNumber}`,
          blocks: [
            { type: "title", text: what },
            { type: "facts", facts },
            { type: "heading", text: "Cancelled" },
            items,
            { type: "button", label: "View your order", href: storeUrl(`/account/orders/${order.orderNumber}`) },
          ],
        }),
      ]
    : [];
  const toStore = byBuyer
    ? [
        composeMail({
          to: storeEmail,
          subject: `Cancelled by the buyer: ${order.orderNumber}${cancellation.whole ? "" : " (some items)"}`,
          blocks: [
            {
              type: "title",
              text: cancellation.whole ? "A buyer cancelled an order" : "A buyer cancelled items of an order",
            },
            {
              type: "facts",
              facts: [
                ["Order Number", order.orderNumber],
                ["Company", oneLine(order.companyName ?? `${order.firstName} ${order.lastName}`)],
                ["Status", orderStatusLabel(order.status)],
                ["Money", cancellationMoney(order, cancellation)],
              ],
            },
            { type: "heading", text: "Cancelled" },
            items,
            { type: "button", label: "Open the order", href: storeUrl(`/admin/orders/${order.orderNumber}`) },
          ],
        }),
      ]
    : [];
  return Promise.all([...toBuyer, ...toStore]);
}
