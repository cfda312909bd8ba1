// The order confirmation e-mail: the same figures and words as the confirmation page.
import { type AddressKind, addressFrom, formatAddress } from "../../domain/addresses/address";
import { orderExemptionLine } from "../../domain/companies/tax-exemption";
import { formatLongDate, storeDay } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { backorderNote } from "../../domain/orders/backorders";
import { type CarrierCode, carriers, trackingUrl } from "../../domain/orders/carriers";
import { orderDocumentHref, packingSlipHref } from "../../domain/orders/order-documents";
import { orderStatusLabel, whatsNext } from "../../domain/orders/order-status";
import { purchaseOrderLines } from "../../domain/orders/purchase-order";
import type { ShipPromise } from "../../domain/orders/ship-today";
import { termsName } from "../../domain/terms/terms";
import { oneLine } from "../../domain/text/plain-text";
import { config } from "../config";
import type { orderItems, orders } from "../db/schema";
import type { Mail } from "../mail/mailer";

export type OrderWithItems = typeof orders.$inferSelect & { items: (typeof orderItems.$inferSelect)[] };

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;

/** "12 ship now, 8 back-ordered, expected Tue, Dec 15" for a line of the order, or undefined. */
export function lineBackorderNote(order: Pick<Order, "orderDate">, item: OrderItem): string | undefined {
  return backorderNote(
    { quantity: item.quantity, backordered: item.backorderedQuantity, expectedOn: item.backorderExpectedOn },
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
      unitPrice: item.unitPrice,
      listUnitPrice: item.listUnitPrice,
      totalPrice: item.totalPrice,
      backorder: lineBackorderNote(order, item),
    })),
    totals: {
      subtotal: order.subtotalAmount,
      discount: order.discountAmount,
      promoCode: order.promoCode,
      tax: order.taxAmount,
      taxExemption: orderExemptionLine(order),
      total: order.totalAmount,
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
): Mail {
  const { PUBLIC_URL, STORE_EMAIL, STORE_PHONE } = config();
  const address = shippingAddressLines(order).map(oneLine);
  const exemption = orderExemptionLine(order);
  const discount =
    Number(order.discountAmount) > 0 ? [`Discount (${order.promoCode}): -${formatUsd(order.discountAmount)}`] : [];
  const payment =
    order.paymentMethod === "on_terms" && order.paymentDueDate
      ? [
          `${termsName(order.termsDays ?? 30)} Terms: payment of ${formatUsd(order.totalAmount)} is due by ${formatLongDate(order.paymentDueDate)}.`,
          `Invoice ${order.invoiceNumber} is attached.`,
        ]
      : [`Paid by card: ${formatUsd(order.totalAmount)}.`, "Your receipt is attached."];
  return {
    to: accountEmail,
    subject: `Order Confirmed! ${order.orderNumber}`,
    text: [
      "Order Confirmed!",
      "Thank you for your order. We've received your order and will process it soon.",
      "",
      `Order Number: ${order.orderNumber}`,
      `Order Date: ${formatLongDate(order.orderDate)}`,
      `Status: ${orderStatusLabel(order.status)}`,
      ...(shipPromise ? [shipPromise] : []),
      `Total: ${formatUsd(order.totalAmount)}`,
      ...purchaseOrderLines(order),
      ...payment,
      "",
      "Items Ordered",
      ...order.items.flatMap((item) => {
        const backorder = lineBackorderNote(order, item);
        return [
          `- ${item.productName}${item.productSku ? ` (SKU: ${item.productSku})` : ""}: ${item.quantity} x ${formatUsd(item.unitPrice)} = ${formatUsd(item.totalPrice)}`,
          ...(backorder ? [`  ${backorder}`] : []),
        ];
      }),
      "",
      `Subtotal: ${formatUsd(order.subtotalAmount)}`,
      ...discount,
      `Tax: ${formatUsd(order.taxAmount)}`,
      ...(exemption ? [exemption] : []),
      "Shipping: FREE",
      `Total: ${formatUsd(order.totalAmount)}`,
      "",
      "Shipping Address",
      ...address,
      "",
      "What's Next?",
      ...whatsNext,
      "",
      "Need Help?",
      `Call ${STORE_PHONE} or e-mail ${STORE_EMAIL}, Monday-Friday 8AM-6PM EST.`,
      "",
      `View your order: ${PUBLIC_URL}/order-confirmation/${order.orderNumber}`,
      `Download it again: ${PUBLIC_URL}${orderDocumentHref(order)}`,
    ].join("\n"),
  };
}

/** A shipment as its mail, the order's pages and its packing slip tell it. */
export interface RecordedShipment {
  number: number;
  carrier: CarrierCode;
  trackingNumber: string | null;
  shippedAt: Date;
  lines: { part: string | null; name: string; quantity: number }[];
}

/**
 * "Shipment 2 of your order has shipped": its carrier, the tracking link, what it carries and the
 * link to the order's page. Each shipment sends its own; the whole content is made here.
 */
export function shipmentMessage(order: Order, shipment: RecordedShipment, accountEmail: string): Mail {
  const { PUBLIC_URL, STORE_EMAIL, STORE_PHONE } = config();
  const link = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return {
    to: accountEmail,
    subject: `Your order has shipped! ${order.orderNumber} (shipment ${shipment.number})`,
    text: [
      "Your order has shipped!",
      "",
      `Order Number: ${order.orderNumber}`,
      `Shipment: ${shipment.number}`,
      `Carrier: ${carriers[shipment.carrier].name}`,
      `Tracking Number: ${shipment.trackingNumber ?? "Not provided"}`,
      ...(link ? [`Track it: ${link}`] : []),
      "",
      "In This Shipment",
      ...shipment.lines.map(
        (line) => `- ${oneLine(line.name)}${line.part ? ` (SKU: ${oneLine(line.part)})` : ""}: ${line.quantity}`,
      ),
      "",
      "Shipping Address",
      ...shippingAddressLines(order).map(oneLine),
      "",
      `View your order: ${PUBLIC_URL}/account/orders/${order.orderNumber}`,
      `Packing slip: ${PUBLIC_URL}${packingSlipHref(order.orderNumber, shipment.number)}`,
      "",
      `Questions? Call ${STORE_PHONE} or e-mail ${STORE_EMAIL}, Monday-Friday 8AM-6PM EST.`,
    ].join("\n"),
  };
}
