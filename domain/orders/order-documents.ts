// Each order has one document: a terms order its invoice, a card order its paid receipt. Links to
// them are made here only, so every page (credit centre, confirmation, order detail) agrees.

interface DocumentOrder {
  orderNumber: string;
  paymentMethod: string;
  invoiceNumber: string | null;
}

/** The buyer's download of the order's invoice (terms) or receipt (card). */
export function orderDocumentHref(order: DocumentOrder): string {
  return order.invoiceNumber
    ? `/account/invoices/${order.invoiceNumber}.pdf`
    : `/account/receipts/${order.orderNumber}.pdf`;
}

/** "Invoice INV-000123" or "Receipt". */
export const orderDocumentName = (order: DocumentOrder) =>
  order.invoiceNumber ? `Invoice ${order.invoiceNumber}` : "Receipt";

/** A shipment's packing slip: the buyer's download, or the store admin's. */
export function packingSlipHref(orderNumber: string, shipment: number, side: "account" | "admin" = "account"): string {
  return `/${side}/orders/${orderNumber}/packing-slips/${shipment}.pdf`;
}

export const packingSlipFilename = (orderNumber: string, shipment: number) =>
  `packing-slip-${orderNumber}-${shipment}.pdf`;
