// Every change of an order's status after placement (docs/decisions/order-lifecycle.md). The move
// is chosen from the table in domain/orders/lifecycle.ts with the order's row locked; its effect
// steps, the new status, the status history row and the audit entry are one transaction; what
// changed is announced once committed. Nothing else writes orders.status: placement writes the
// first one (`placedStatus`).
import { asc, eq, max, sql } from "drizzle-orm";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { chooseMove, type MoveAsk, type MoveStep, type OrderMove } from "../../domain/orders/lifecycle";
import type { OrderStatus } from "../../domain/orders/order-status";
import {
  completesOrder,
  type ShipmentInput,
  type ShippableLine,
  shipmentLabel,
  shipmentRefusal,
} from "../../domain/orders/shipments";
import { dueDay } from "../../domain/terms/terms";
import { recordAudit } from "../admin/audit";
import { db, type Transaction } from "../db/client";
import { orderItems, orders, products, shipmentItems, shipments, user } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { logger } from "../logger";
import { queueMail } from "../mail/mailer";
import { paymentProvider } from "../payments/configured";
import { type RecordedShipment, shipmentMessage } from "./messages";
import { hasOrderNumber } from "./order-number";
import { recordOrderStatus } from "./status-history";

type Order = typeof orders.$inferSelect;

/**
 * Who makes the move: the store's admin, or a buyer paying their company's invoice online. The audit
 * entry names them; the buyer's status history shows no admin.
 */
export interface Mover {
  actor: "admin" | "buyer";
  id: string;
}

/** A status asked for, a terms invoice recorded paid, or a shipment of some of the order's lines. */
export type MoveRequest =
  | { on: "statusAsked"; to: OrderStatus }
  | { on: "invoicePaid" }
  | { on: "shipmentRecorded"; shipment: ShipmentInput };

interface StepContext {
  request: MoveRequest;
  mover: Mover;
  now: Date;
  /** The order's lines as shipping sees them, read with the order locked (for a shipment). */
  lines: ShippableLine[];
  /** The shipment the move recorded, for its mail and history note. */
  recorded?: RecordedShipment;
}

/** What a step wrote beside the status, what the audit entry adds, and what to announce once committed. */
interface StepResult {
  set?: Partial<Order>;
  audit?: Record<string, unknown>;
  announce?: () => void;
}

interface StepWork {
  /** Before the move's transaction, for what no rollback undoes (a refund): when it fails, nothing changes. */
  beforeCommit?: (order: Order) => Promise<void>;
  /** In the transaction, the order locked, before its status is written. */
  write?: (tx: Transaction, order: Order, context: StepContext) => Promise<StepResult>;
  /** In the transaction, once the order is written. */
  written?: (tx: Transaction, after: Order, context: StepContext) => Promise<void>;
  /** The columns the audit entry shows beside the status, before and after the move. */
  audited?: { before?: (keyof Order)[]; after: (keyof Order)[] };
}

const steps: Record<MoveStep, StepWork> = {
  refundCard: {
    // Refunded first, so that a refund that fails leaves the order as it was.
    async beforeCommit(order) {
      if (!order.paymentId) return;
      try {
        await paymentProvider().refund(order.paymentId, `cancel-${order.id}`);
      } catch (error) {
        logger.error({ err: error, orderNumber: order.orderNumber }, "refund for a cancelled order failed");
        throw new StoreError(
          "Conflict",
          "The card payment could not be refunded, so the order was not cancelled. Try again.",
        );
      }
    },
  },
  returnStock: {
    async write(tx, order) {
      const productIds = await returnStock(tx, order.id);
      return productIds.length > 0 ? { announce: () => announce("stockChanged", { productIds }) } : {};
    },
  },
  recordShipment: {
    async write(tx, order, context) {
      if (context.request.on !== "shipmentRecorded") throw new Error("A shipment step without a shipment.");
      context.recorded = await recordShipment(tx, order, context.request.shipment, context);
      const { number, carrier, trackingNumber, lines } = context.recorded;
      return {
        audit: {
          shipment: { number, carrier, trackingNumber, lines: lines.map(({ part, quantity }) => ({ part, quantity })) },
        },
      };
    },
  },
  // A terms invoice is paid for what has shipped (docs/decisions/shipments.md): its terms run from
  // the day the last shipment went out, never from before.
  shippedInFull: {
    async write(_tx, order, { now }) {
      const termsFromNow =
        order.paymentMethod === "on_terms" && order.termsDays !== null
          ? { paymentDueDate: startOfStoreDay(dueDay(now, order.termsDays)) }
          : {};
      return { set: { shippedAt: now, ...termsFromNow } };
    },
    audited: { before: ["paymentDueDate"], after: ["shippedAt", "paymentDueDate"] },
  },
  mailShipment: { written: mailShipment },
  // The invoice leaves the open invoices, so the credit it used is free again (server/terms/account-terms.ts).
  markInvoicePaid: {
    async write(_tx, _order, { now }) {
      return { set: { paidAt: now } };
    },
    audited: { before: ["paidAt"], after: ["paidAt"] },
  },
};

const auditAction: Record<OrderMove["on"], string> = {
  statusAsked: "change_order_status",
  invoicePaid: "mark_invoice_paid",
  shipmentRecorded: "record_shipment",
};

/** What the table is asked: a shipment asks for shipped when it ships all that is left. */
function askOf(request: MoveRequest, lines: ShippableLine[]): MoveAsk {
  if (request.on !== "shipmentRecorded") return request;
  return { on: "shipmentRecorded", completes: lines.length > 0 && completesOrder(lines, request.shipment.lines) };
}

function allowedMove(order: Order, ask: MoveAsk, mover: Mover): OrderMove {
  const choice = chooseMove(order, ask, mover.actor);
  if (!choice.move) throw new StoreError("Conflict", choice.refusal);
  return choice.move;
}

/**
 * Moves the order as `request` asks, if the table allows it for the order's status and payment
 * method: runs the move's steps, writes the status, its history row and the audit entry in one
 * transaction, then announces what changed. Returns the order as written.
 */
export async function moveOrder(mover: Mover, orderNumber: string, request: MoveRequest, now = new Date()) {
  const [current] = await db().select().from(orders).where(hasOrderNumber(orderNumber));
  if (!current) throw new StoreError("NotFound", `There is no order ${orderNumber}.`);
  const early = chooseMove(current, askOf(request, []), mover.actor).move;
  for (const step of early?.steps ?? []) await steps[step].beforeCommit?.(current);
  const { after, announcements } = await db().transaction((tx) =>
    makeMove(tx, mover, orderNumber, request, now, early),
  );
  for (const tell of announcements) tell();
  return after;
}

/**
 * The move made in the caller's transaction, beside what the caller writes (an invoice paid with the
 * payment that paid it: server/terms/invoice-payments.ts). Only for moves with nothing to do before
 * the transaction. The caller runs `announcements` once it has committed.
 */
export function moveOrderWithin(tx: Transaction, mover: Mover, orderNumber: string, request: MoveRequest, now: Date) {
  return makeMove(tx, mover, orderNumber, request, now, undefined);
}

async function makeMove(
  tx: Transaction,
  mover: Mover,
  orderNumber: string,
  request: MoveRequest,
  now: Date,
  early: OrderMove | undefined,
) {
  const order = await lockedOrder(tx, orderNumber);
  const lines = request.on === "shipmentRecorded" ? await shippableLines(tx, order.id) : [];
  const move = allowedMove(order, askOf(request, lines), mover);
  // The order moved meanwhile: what ran before the transaction was for another move.
  if (move !== early && move.steps.some((step) => steps[step].beforeCommit))
    throw new StoreError("Conflict", `Order ${orderNumber} changed meanwhile. Reload it and try again.`);
  const set: Partial<Order> = {};
  const audit: Record<string, unknown> = {};
  const announcements: (() => void)[] = [];
  const context: StepContext = { request, mover, now, lines };
  for (const step of move.steps) {
    const result = await steps[step].write?.(tx, order, context);
    Object.assign(set, result?.set);
    Object.assign(audit, result?.audit);
    if (result?.announce) announcements.push(result.announce);
  }
  const [written] = await tx
    .update(orders)
    .set({ ...set, status: move.to })
    .where(eq(orders.id, order.id))
    .returning();
  if (!written) throw new Error(`Order ${orderNumber} vanished while locked.`);
  await recordOrderStatus(tx, {
    orderId: order.id,
    status: move.to,
    at: now,
    note: historyNote(move, written, context),
    byAdminId: mover.actor === "admin" ? mover.id : null,
  });
  await recordAudit(tx, {
    adminId: mover.id,
    action: auditAction[move.on],
    entity: "order",
    entityId: order.orderNumber,
    before: audited(order, move, "before"),
    after: { ...audited(written, move, "after"), ...audit },
  });
  for (const step of move.steps) await steps[step].written?.(tx, written, context);
  return { after: written, announcements };
}

async function lockedOrder(tx: Transaction, orderNumber: string) {
  const [order] = await tx.select().from(orders).where(hasOrderNumber(orderNumber)).for("update");
  if (!order) throw new StoreError("NotFound", `There is no order ${orderNumber}.`);
  return order;
}

/** The status and the columns the move's steps show in the audit log. */
function audited(order: Order, move: OrderMove, side: "before" | "after") {
  const columns = move.steps.flatMap((step) => steps[step].audited?.[side] ?? []);
  return { status: order.status, ...Object.fromEntries(columns.map((column) => [column, order[column]])) };
}

/** The buyer's note beside the new status in the order's history. */
function historyNote(move: OrderMove, order: Order, { mover, recorded }: StepContext): string | null {
  if (move.on === "invoicePaid") return mover.actor === "buyer" ? "Invoice paid online by card" : "Net 30 invoice paid";
  if (recorded)
    return `Shipment ${recorded.number} by ${shipmentLabel(recorded.carrier, recorded.trackingNumber)}${move.to === "shipped" ? "; all items have shipped" : ""}`;
  if (order.status === "cancelled") return order.paymentId ? "Cancelled; the card payment was refunded" : "Cancelled";
  return null;
}

/** To the account's own address, as the confirmation; an anonymised order (no account) gets no mail. */
async function mailShipment(tx: Transaction, order: Order, { recorded }: StepContext) {
  if (!order.userId || !recorded) return;
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
  if (account) await queueMail(await shipmentMessage(order, recorded, account.email), tx);
}

async function shippableLines(tx: Transaction, orderId: string): Promise<ShippableLine[]> {
  return tx
    .select({
      id: orderItems.id,
      productSku: orderItems.productSku,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      allocatedQuantity: orderItems.allocatedQuantity,
      shippedQuantity: orderItems.shippedQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
}

/**
 * Writes the shipment, its lines and what they add to the lines' shipped quantities, once the
 * quantities are checked against what is left to ship and in stock (the order is locked, so no
 * other shipment of it runs meanwhile).
 */
async function recordShipment(
  tx: Transaction,
  order: Order,
  shipment: ShipmentInput,
  { lines, mover, now }: StepContext,
): Promise<RecordedShipment> {
  const refusal = shipmentRefusal(lines, shipment.lines);
  if (refusal) throw new StoreError("Invalid", refusal);
  const [last] = await tx
    .select({ number: max(shipments.number) })
    .from(shipments)
    .where(eq(shipments.orderId, order.id));
  const number = (last?.number ?? 0) + 1;
  const [written] = await tx
    .insert(shipments)
    .values({
      orderId: order.id,
      number,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      shippedAt: now,
      recordedBy: mover.id,
    })
    .returning({ id: shipments.id });
  if (!written) throw new Error("The shipment was not written.");
  await tx.insert(shipmentItems).values(shipment.lines.map((line) => ({ shipmentId: written.id, ...line })));
  for (const { orderItemId, quantity } of shipment.lines)
    await tx
      .update(orderItems)
      .set({ shippedQuantity: sql`${orderItems.shippedQuantity} + ${quantity}` })
      .where(eq(orderItems.id, orderItemId));
  return {
    number,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    shippedAt: now,
    lines: lines.flatMap((line) => {
      const quantity = shipment.lines.find((each) => each.orderItemId === line.id)?.quantity;
      return quantity ? [{ part: line.productSku, name: line.productName, quantity }] : [];
    }),
  };
}

/**
 * Puts what a cancelled order took from stock back on its products' stock; what was back-ordered
 * was never taken (docs/decisions/back-orders.md). Returns the products restocked.
 */
async function returnStock(tx: Transaction, orderId: string): Promise<string[]> {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.allocatedQuantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const restocked: string[] = [];
  for (const { productId, quantity } of items) {
    // The product was deleted from the catalogue since, or nothing of it was taken from stock.
    if (!productId || quantity === 0) continue;
    await tx
      .update(products)
      .set({ stockLevel: sql`${products.stockLevel} + ${quantity}` })
      .where(eq(products.id, productId));
    restocked.push(productId);
  }
  return restocked;
}
