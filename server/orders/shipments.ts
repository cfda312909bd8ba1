// An order's shipments (docs/decisions/shipments.md): recorded through the order lifecycle, read
// back for the order pages, the API and the packing slips, and the admin's "To Ship Today" list.
import { and, asc, eq, exists, gt, inArray, lt, sql } from "drizzle-orm";
import { carriers, trackingUrl } from "../../domain/orders/carriers";
import { packingSlipFilename, packingSlipHref } from "../../domain/orders/order-documents";
import { shipTodayBefore } from "../../domain/orders/ship-today";
import type { ShipmentInput } from "../../domain/orders/shipments";
import type { Buyer } from "../companies/buyer";
import { type Database, db } from "../db/client";
import { orderItems, orders, shipmentItems, shipments } from "../db/schema";
import { renderPackingSlip } from "../documents/packing-slip";
import { readStoreSettings } from "../terms/settings";
import { moveOrder } from "./lifecycle";
import type { OrderWithItems, RecordedShipment } from "./messages";
import { hasOrderNumber } from "./order-number";
import { buyerSeesOrder } from "./orders";

/** Records a shipment of the order by the store's admin: the lifecycle checks it and moves the order. */
export function recordShipment(adminId: string, orderNumber: string, shipment: ShipmentInput, now = new Date()) {
  return moveOrder({ actor: "admin", id: adminId }, orderNumber, { on: "shipmentRecorded", shipment }, now);
}

/** The order's shipments, first first, each with what it carried of each line (by line id too). */
type ShipmentRead = RecordedShipment & { lineIds: Map<string, number> };

export async function shipmentsOf(orderId: string, executor: Database = db()): Promise<ShipmentRead[]> {
  const rows = await executor
    .select({
      number: shipments.number,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      shippedAt: shipments.shippedAt,
      orderItemId: shipmentItems.orderItemId,
      quantity: shipmentItems.quantity,
      part: orderItems.productSku,
      name: orderItems.productName,
      unit: orderItems.unit,
    })
    .from(shipments)
    .innerJoin(shipmentItems, eq(shipmentItems.shipmentId, shipments.id))
    .innerJoin(orderItems, eq(orderItems.id, shipmentItems.orderItemId))
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.number), asc(orderItems.productName));
  const byNumber = new Map<number, ShipmentRead>();
  for (const row of rows) {
    const shipment: ShipmentRead = byNumber.get(row.number) ?? {
      number: row.number,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      shippedAt: row.shippedAt,
      lines: [],
      lineIds: new Map(),
    };
    shipment.lines.push({ part: row.part, name: row.name, quantity: row.quantity, unit: row.unit });
    shipment.lineIds.set(row.orderItemId, row.quantity);
    byNumber.set(row.number, shipment);
  }
  return [...byNumber.values()];
}

/** The shipments as the order pages show them (JSON-safe), with their packing slips' links. */
export async function shipmentsView(order: { id: string; orderNumber: string }, side: "account" | "admin") {
  return (await shipmentsOf(order.id)).map(({ lineIds: _lineIds, ...shipment }) => ({
    ...shipment,
    shippedAt: shipment.shippedAt.toISOString(),
    carrierName: carriers[shipment.carrier].name,
    trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber) ?? null,
    packingSlip: packingSlipHref(order.orderNumber, shipment.number, side),
  }));
}

/**
 * A shipment's packing slip: for the store's admin (`viewer` "admin") or a member of the order's
 * company (and no one else: another company's answers as an unknown one does). Null when none.
 */
export async function packingSlip(viewer: Buyer | "admin", orderNumber: string, file: string) {
  const match = /^([1-9]\d{0,5})\.pdf$/.exec(file);
  if (!match) return null;
  const number = Number(match[1]);
  const seen =
    viewer === "admin" ? hasOrderNumber(orderNumber) : and(hasOrderNumber(orderNumber), buyerSeesOrder(viewer));
  const [order] = await db().select().from(orders).where(seen);
  if (!order) return null;
  const all = await shipmentsOf(order.id);
  const shipment = all.find((each) => each.number === number);
  if (!shipment) return null;
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName));
  const withItems: OrderWithItems = { ...order, items };
  return {
    filename: packingSlipFilename(order.orderNumber, number),
    content: await renderPackingSlip(withItems, shipment, all),
  };
}

/**
 * The admin's "To Ship Today": orders placed before today's cut-off (on a weekend, Friday's) that
 * have stock items waiting to ship, oldest first, so the late ones lead.
 */
export async function ordersToShipToday(now = new Date()) {
  const { shipCutoff } = await readStoreSettings();
  const before = shipTodayBefore(now, shipCutoff);
  const waiting = db()
    .select({ one: sql`1` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orders.id), gt(orderItems.allocatedQuantity, orderItems.shippedQuantity)));
  const rows = await db()
    .select({
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      status: orders.status,
      companyName: orders.companyName,
      firstName: orders.firstName,
      lastName: orders.lastName,
      total: orders.totalAmount,
      // Written out: in a select list drizzle names columns without their table, which the subquery would misread.
      partlyShipped: sql<boolean>`exists (select 1 from "shipments" where "shipments"."order_id" = "orders"."id")`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ["pending_payment", "paid", "processing"]),
        lt(orders.orderDate, before),
        exists(waiting),
      ),
    )
    .orderBy(asc(orders.orderDate))
    .limit(500);
  return { cutoff: shipCutoff, before, orders: rows };
}
