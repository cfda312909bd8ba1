// A shipment's packing slip: what the box holds, line by line, against what was ordered and what
// is still to come, with the carrier and tracking number. No prices: it travels with the parts.
// Drawn with the store's PDF pieces (server/documents/pdf.ts), as the invoices and quotes are.
import { quantityWithUnit, saleUnitLabel } from "../../domain/catalog/sale-units";
import { formatLongDate } from "../../domain/dates/dates";
import { carriers } from "../../domain/orders/carriers";
import { purchaseOrderDetails } from "../../domain/orders/purchase-order";
import { config } from "../config";
import type { OrderWithItems, RecordedShipment } from "../orders/messages";
import { lineBackorderNote, shippingAddressLines } from "../orders/messages";
import { type Column, renderPdf } from "./pdf";

type Shipped = RecordedShipment & { lineIds: Map<string, number> };

const columns: Column[] = [
  { header: "Part Number", width: 2 },
  { header: "Description", width: 4 },
  { header: "Ordered", width: 1.2, align: "right" },
  { header: "This Shipment", width: 1.5, align: "right" },
  { header: "To Follow", width: 1.3, align: "right" },
];

/** What the slip says, as data (tested apart from the drawing). */
export function packingSlipDocument(order: OrderWithItems, shipment: Shipped, all: readonly Shipped[]) {
  const shippedUpTo = (orderItemId: string) =>
    all
      .filter((each) => each.number <= shipment.number)
      .reduce((sum, each) => sum + (each.lineIds.get(orderItemId) ?? 0), 0);
  const lines = order.items
    .filter((item) => shipment.lineIds.has(item.id))
    .map((item) => [
      item.productSku ?? "",
      [item.productName, saleUnitLabel(item), lineBackorderNote(order, item)].filter(Boolean).join("\n"),
      quantityWithUnit(item.quantity, item.unit),
      quantityWithUnit(shipment.lineIds.get(item.id) ?? 0, item.unit),
      quantityWithUnit(item.quantity - shippedUpTo(item.id), item.unit),
    ]);
  return {
    title: "PACKING SLIP",
    facts: [
      ["Order Number", order.orderNumber],
      ["Order Date", formatLongDate(order.orderDate)],
      ...purchaseOrderDetails(order).map(({ label, value }): [string, string] => [label, value]),
      ["Shipment", `${shipment.number} of this order`],
      ["Shipped", formatLongDate(shipment.shippedAt)],
      ["Carrier", carriers[shipment.carrier].name],
      ["Tracking Number", shipment.trackingNumber ?? "Not provided"],
    ] as [string, string][],
    shipTo: shippingAddressLines(order),
    lines,
  };
}

export function renderPackingSlip(order: OrderWithItems, shipment: Shipped, all: readonly Shipped[]): Promise<Buffer> {
  const { STORE_EMAIL, STORE_PHONE } = config();
  const slip = packingSlipDocument(order, shipment, all);
  return renderPdf(`Packing slip ${order.orderNumber}-${shipment.number}`, (pdf) => {
    pdf.header(slip.title, { name: "Cascade Industrial Supply", email: STORE_EMAIL, phone: STORE_PHONE });
    pdf.facts(slip.facts);
    pdf.blocks([{ title: "Ship To", lines: slip.shipTo }]);
    pdf.table(columns, slip.lines);
    pdf.text("Please check the parts against this slip. Questions? Call us or e-mail us with the order number.");
  });
}
