// Every change of an order's status after placement (docs/decisions/order-lifecycle.md). The move
// is chosen from the table in domain/orders/lifecycle.ts with the order's row locked; its effect
// steps, the new status, the status history row and the audit entry are one transaction; what
// changed is announced once committed. Nothing else writes orders.status: placement writes the
// first one (`placedStatus`).
import { eq, sql } from "drizzle-orm";
import { chooseMove, type MoveStep, type OrderMove } from "../../domain/orders/lifecycle";
import type { OrderStatus } from "../../domain/orders/order-status";
import type { Shipment } from "../../domain/orders/shipping";
import { recordAudit } from "../admin/audit";
import { db, type Transaction } from "../db/client";
import { orderItems, orders, products, user } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { logger } from "../logger";
import { queueMail } from "../mail/mailer";
import { paymentProvider } from "../payments/configured";
import { orderShippedMessage } from "./messages";
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

/** A status asked for (shipping needs its shipment), or a terms invoice recorded paid. */
export type MoveRequest = { on: "statusAsked"; to: OrderStatus; shipment?: Shipment } | { on: "invoicePaid" };

interface StepContext {
  request: MoveRequest;
  now: Date;
}

/** What a step wrote beside the status, and what to announce once the move is committed. */
interface StepResult {
  set?: Partial<Order>;
  announce?: () => void;
}

interface StepWork {
  /** Before the move's transaction, for what no rollback undoes (a refund): when it fails, nothing changes. */
  beforeCommit?: (order: Order) => Promise<void>;
  /** In the transaction, the order locked, before its status is written. */
  write?: (tx: Transaction, order: Order, context: StepContext) => Promise<StepResult>;
  /** In the transaction, once the order is written. */
  written?: (tx: Transaction, after: Order) => Promise<void>;
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
    async write(_tx, _order, { request }) {
      const shipment = request.on === "statusAsked" ? request.shipment : undefined;
      if (!shipment) throw new StoreError("Invalid", "Choose the carrier");
      return { set: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber } };
    },
    audited: { after: ["carrier", "trackingNumber"] },
  },
  mailShipped: { written: mailShipped },
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
};

function allowedMove(order: Order, request: MoveRequest, mover: Mover): OrderMove {
  const choice = chooseMove(order, request, mover.actor);
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
  const early = chooseMove(current, request, mover.actor).move;
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
  const move = allowedMove(order, request, mover);
  // The order moved meanwhile: what ran before the transaction was for another move.
  if (move !== early && move.steps.some((step) => steps[step].beforeCommit))
    throw new StoreError("Conflict", `Order ${orderNumber} changed meanwhile. Reload it and try again.`);
  const set: Partial<Order> = {};
  const announcements: (() => void)[] = [];
  for (const step of move.steps) {
    const result = await steps[step].write?.(tx, order, { request, now });
    Object.assign(set, result?.set);
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
    note: historyNote(move, written, mover),
    byAdminId: mover.actor === "admin" ? mover.id : null,
  });
  await recordAudit(tx, {
    adminId: mover.id,
    action: auditAction[move.on],
    entity: "order",
    entityId: order.orderNumber,
    before: audited(order, move, "before"),
    after: audited(written, move, "after"),
  });
  for (const step of move.steps) await steps[step].written?.(tx, written);
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
function historyNote(move: OrderMove, order: Order, mover: Mover): string | null {
  if (move.on === "invoicePaid") return mover.actor === "buyer" ? "Invoice paid online by card" : "Net 30 invoice paid";
  if (order.status === "shipped")
    return `Shipped by ${order.carrier}${order.trackingNumber ? `, tracking number ${order.trackingNumber}` : ""}`;
  if (order.status === "cancelled") return order.paymentId ? "Cancelled; the card payment was refunded" : "Cancelled";
  return null;
}

/** To the account's own address, as the confirmation; an anonymised order (no account) gets no mail. */
async function mailShipped(tx: Transaction, order: Order) {
  if (!order.userId) return;
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
  if (account) await queueMail(await orderShippedMessage(order, account.email), tx);
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
