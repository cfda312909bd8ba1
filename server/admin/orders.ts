// Orders as the operator runs them: find them, move them along, cancel them, mark Net 30
// invoices paid. Every change is one transaction with its audit entry.
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { orderStatusLabel } from "../../domain/orders/order-status";
import type { Shipment } from "../../domain/orders/shipping";
import { db, type Transaction } from "../db/client";
import { escapeLike } from "../db/like";
import { type OrderStatus, orderItems, orders, products, user } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { logger } from "../logger";
import { queueMail } from "../mail/mailer";
import { orderShippedMessage } from "../orders/messages";
import { hasOrderNumber } from "../orders/order-number";
import { recordOrderStatus } from "../orders/status-history";
import { paymentProvider } from "../payments/configured";
import { recordAudit } from "./audit";

export const ORDERS_PAGE_SIZE = 25;

/**
 * Where an order may go next. A Net 30 order can ship on its terms before it is paid; a card
 * order is paid from the start. Completed and cancelled orders stay as they are.
 */
const nextStatuses: Record<OrderStatus, { credit_card: OrderStatus[]; on_terms: OrderStatus[] }> = {
  pending_payment: { credit_card: ["cancelled"], on_terms: ["processing", "cancelled"] },
  paid: { credit_card: ["processing", "cancelled"], on_terms: ["processing", "cancelled"] },
  processing: { credit_card: ["shipped", "cancelled"], on_terms: ["shipped", "cancelled"] },
  shipped: { credit_card: ["completed"], on_terms: ["completed"] },
  completed: { credit_card: [], on_terms: [] },
  cancelled: { credit_card: [], on_terms: [] },
};

export function allowedTransitions(order: Pick<typeof orders.$inferSelect, "status" | "paymentMethod">) {
  return nextStatuses[order.status][order.paymentMethod];
}

export async function listOrders({ status, q, page }: { status?: OrderStatus; q: string; page: number }) {
  const pattern = `%${escapeLike(q)}%`;
  const where = and(
    status ? eq(orders.status, status) : undefined,
    q
      ? or(
          ilike(orders.orderNumber, `${escapeLike(q)}%`),
          ilike(orders.companyName, pattern),
          ilike(orders.email, pattern),
          ilike(orders.poNumber, pattern),
        )
      : undefined,
  ) as SQL | undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        orderNumber: orders.orderNumber,
        orderDate: orders.orderDate,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        termsDays: orders.termsDays,
        paidAt: orders.paidAt,
        totalAmount: orders.totalAmount,
        email: orders.email,
        name: sql<string>`${orders.firstName} || ' ' || ${orders.lastName}`,
        companyName: orders.companyName,
        poNumber: orders.poNumber,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.orderNumber))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db().select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: rows, total: total?.total ?? 0, page, pageSize: ORDERS_PAGE_SIZE };
}

export async function findOrderForAdmin(orderNumber: string) {
  const [order] = await db().select().from(orders).where(hasOrderNumber(orderNumber));
  if (!order) return null;
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { ...order, items, next: allowedTransitions(order) };
}

async function lockedOrder(tx: Transaction, orderNumber: string) {
  const [order] = await tx.select().from(orders).where(hasOrderNumber(orderNumber)).for("update");
  if (!order) throw new StoreError("NotFound", `There is no order ${orderNumber}.`);
  return order;
}

/**
 * Moves an order to its next status. Cancelling puts the items back in stock and, for a card
 * order, refunds the payment first (so a failed refund changes nothing). Shipping needs the
 * carrier (the tracking number is optional) and sends the buyer the "shipped" e-mail.
 */
export async function changeOrderStatus(adminId: string, orderNumber: string, to: OrderStatus, shipment?: Shipment) {
  const [current] = await db().select().from(orders).where(hasOrderNumber(orderNumber));
  if (!current) throw new StoreError("NotFound", `There is no order ${orderNumber}.`);
  if (to === "cancelled" && current.paymentId && allowedTransitions(current).includes("cancelled")) {
    try {
      await paymentProvider().refund(current.paymentId, `cancel-${current.id}`);
    } catch (error) {
      logger.error({ err: error, orderNumber }, "refund for a cancelled order failed");
      throw new StoreError(
        "Conflict",
        "The card payment could not be refunded, so the order was not cancelled. Try again.",
      );
    }
  }
  const changed = await db().transaction(async (tx) => {
    const order = await lockedOrder(tx, orderNumber);
    if (!allowedTransitions(order).includes(to))
      throw new StoreError(
        "Conflict",
        `An order that is ${orderStatusLabel(order.status)} cannot become ${orderStatusLabel(to)}.`,
      );
    if (to === "shipped" && !shipment) throw new StoreError("Invalid", "Choose the carrier");
    const restocked = to === "cancelled" ? await returnStock(tx, order.id) : [];
    const shipped = to === "shipped" && shipment ? shipment : null;
    const [after] = await tx
      .update(orders)
      .set({ status: to, ...(shipped ? { carrier: shipped.carrier, trackingNumber: shipped.trackingNumber } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    if (!after) throw new Error(`Order ${orderNumber} vanished while locked.`);
    await recordOrderStatus(tx, { orderId: order.id, status: to, note: statusNote(after), byAdminId: adminId });
    await recordAudit(tx, {
      adminId,
      action: "change_order_status",
      entity: "order",
      entityId: order.orderNumber,
      before: { status: order.status },
      after: shipped
        ? { status: after.status, carrier: after.carrier, trackingNumber: after.trackingNumber }
        : { status: after.status },
    });
    if (shipped) await mailShipped(tx, after);
    return { after, restocked };
  });
  if (changed.restocked.length > 0) announce("stockChanged", { productIds: changed.restocked });
  return changed.after;
}

/** The buyer's note beside a status the admin set. */
function statusNote(order: typeof orders.$inferSelect): string | null {
  if (order.status === "shipped")
    return `Shipped by ${order.carrier}${order.trackingNumber ? `, tracking number ${order.trackingNumber}` : ""}`;
  if (order.status === "cancelled") return order.paymentId ? "Cancelled; the card payment was refunded" : "Cancelled";
  return null;
}

/** To the account's own address, as the confirmation; an anonymised order (no account) gets no mail. */
async function mailShipped(tx: Transaction, order: typeof orders.$inferSelect) {
  if (!order.userId) return;
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
  if (account) await queueMail(orderShippedMessage(order, account.email), tx);
}

/** Puts a cancelled order's items back on their products' stock; returns the products restocked. */
async function returnStock(tx: Transaction, orderId: string): Promise<string[]> {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const restocked: string[] = [];
  for (const { productId, quantity } of items) {
    if (!productId) continue; // the product was deleted from the catalogue since
    await tx
      .update(products)
      .set({ stockLevel: sql`${products.stockLevel} + ${quantity}` })
      .where(eq(products.id, productId));
    restocked.push(productId);
  }
  return restocked;
}

/** The Net 30 invoice was paid: the credit it used is free again, and an unshipped order becomes paid. */
export async function markInvoicePaid(adminId: string, orderNumber: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const order = await lockedOrder(tx, orderNumber);
    if (order.paymentMethod !== "on_terms")
      throw new StoreError("Conflict", "Only a Net 30 invoice can be marked paid.");
    if (order.paidAt) throw new StoreError("Conflict", `The invoice for ${orderNumber} is already paid.`);
    if (order.status === "cancelled") throw new StoreError("Conflict", "A cancelled order has no invoice to pay.");
    const [after] = await tx
      .update(orders)
      .set({ paidAt: now, status: order.status === "pending_payment" ? "paid" : order.status })
      .where(eq(orders.id, order.id))
      .returning();
    if (!after) throw new Error(`Order ${orderNumber} vanished while locked.`);
    await recordOrderStatus(tx, {
      orderId: order.id,
      status: after.status,
      at: now,
      note: "Net 30 invoice paid",
      byAdminId: adminId,
    });
    await recordAudit(tx, {
      adminId,
      action: "mark_invoice_paid",
      entity: "order",
      entityId: order.orderNumber,
      before: { status: order.status, paidAt: order.paidAt },
      after: { status: after?.status, paidAt: after?.paidAt },
    });
    return after;
  });
}
