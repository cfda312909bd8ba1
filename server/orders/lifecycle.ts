// Every change of an order's status after placement (docs/decisions/order-lifecycle.md). The move
// is chosen from the table in domain/orders/lifecycle.ts with the order's row locked; its effect
// steps, the new status, the status history row and the audit entry are one transaction; what
// changed is announced once committed. Nothing else writes orders.status: placement writes the
// first one (`placedStatus`).
import { asc, count, eq, max, sql } from "drizzle-orm";
import { DEFAULT_SALE_UNIT } from "../../domain/catalog/sale-units";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { fromCents, toSignedCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import {
  afterCancel,
  type CancelLine,
  type CancellableLine,
  cancellationCents,
  cancellationRefusal,
  cancellationSeen,
  cancelSplit,
  everythingLeft,
  SHIPPED_ONLY_RETURNED,
  STALE_CANCELLATION,
  whatIsLeft,
} from "../../domain/orders/cancellations";
import { cancellable, chooseMove, type MoveAsk, type MoveStep, type OrderMove } from "../../domain/orders/lifecycle";
import type { OrderStatus } from "../../domain/orders/order-status";
import {
  carrierRefusal,
  completesOrder,
  type ShipmentInput,
  type ShippableLine,
  shipmentLabel,
  shipmentRefusal,
} from "../../domain/orders/shipments";
import { dueDay } from "../../domain/terms/terms";
import { recordAudit } from "../admin/audit";
import { groundOnlyColumn } from "../catalog/products/hazmat";
import { config } from "../config";
import { db, type Transaction } from "../db/client";
import { orderLease, withLease } from "../db/leases";
import { orderCancellations, orderItems, orders, products, shipmentItems, shipments, user } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { logger } from "../logger";
import { queueMail } from "../mail/mailer";
import { paymentProvider } from "../payments/configured";
import { queueInvoice, queueShipNotice } from "../procurement/document-push";
import { invoiceBalance } from "../terms/account-terms";
import { applyFreeCredit } from "../terms/free-credit";
import { fillBackorders } from "./backorder-fill";
import {
  cancellationMessages,
  cancellationMoney,
  type RecordedCancellation,
  type RecordedShipment,
  shipmentMessage,
} from "./messages";
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

/**
 * A status asked for, a terms invoice recorded paid, a shipment of some of the order's lines, or a
 * buyer's cancellation of some quantities (`seen`: the fingerprint of the order the buyer saw).
 */
export type MoveRequest =
  | { on: "statusAsked"; to: OrderStatus }
  | { on: "invoicePaid" }
  | { on: "shipmentRecorded"; shipment: ShipmentInput }
  | { on: "linesCancelled"; lines: CancelLine[]; seen: number };

/** A cancellation worked out from the order's lines as they stand: what comes off which line, and its money. */
interface PlannedCancellation {
  number: number;
  asked: CancelLine[];
  lines: (CancellableLine & { productId: string | null; unit: string })[];
  leaves: ReturnType<typeof whatIsLeft>;
  amountCents: number;
  refundCents: number;
}

interface StepContext {
  request: MoveRequest;
  mover: Mover;
  now: Date;
  /** The order's lines as shipping sees them, read with the order locked (for a shipment). */
  lines: ShippedLine[];
  /** The shipment the move recorded, for its mail and history note. */
  recorded?: RecordedShipment;
  /** The cancellation the move makes, worked out with the order locked. */
  cancellation?: PlannedCancellation;
  /** The cancellation as written, for its mails and history note. */
  cancelled?: RecordedCancellation;
  /** What to announce once the move has committed: each step adds its own. */
  announcements: (() => void)[];
}

/** What a step wrote beside the status, and what the audit entry adds. */
interface StepResult {
  set?: Partial<Order>;
  audit?: Record<string, unknown>;
}

interface StepWork {
  /** Before the move's transaction, for what no rollback undoes (a refund): when it fails, nothing changes. */
  beforeCommit?: (order: Order, cancellation: PlannedCancellation | undefined) => Promise<void>;
  /** In the transaction, the order locked, before its status is written. */
  write?: (tx: Transaction, order: Order, context: StepContext) => Promise<StepResult>;
  /** In the transaction, once the order is written. */
  written?: (tx: Transaction, after: Order, context: StepContext) => Promise<void>;
  /** The columns the audit entry shows beside the status, before and after the move. */
  audited?: { before?: (keyof Order)[]; after: (keyof Order)[] };
}

const steps: Record<MoveStep, StepWork> = {
  cancelLines: {
    async write(tx, order, context) {
      const planned = context.cancellation;
      if (!planned) throw new Error("A cancel step without a cancellation.");
      context.cancelled = await writeCancellation(tx, order, planned, context);
      const { number, amount, refunded, lines } = context.cancelled;
      return {
        audit: {
          cancellation: { number, amount, refunded, lines: lines.map(({ part, quantity }) => ({ part, quantity })) },
        },
      };
    },
  },
  refundCard: {
    // Refunded first, so that a refund that fails leaves the order as it was. The key is the
    // cancellation's number: a form sent twice refunds once, and two cancellations racing for the same
    // number refund once, the second then refused in its transaction.
    async beforeCommit(order, planned) {
      if (!order.paymentId || !planned || planned.refundCents === 0) return;
      try {
        await paymentProvider().refund(order.paymentId, `cancel-${order.id}-${planned.number}`, planned.refundCents);
      } catch (error) {
        logger.error({ err: error, orderNumber: order.orderNumber }, "refund for a cancellation failed");
        throw new StoreError(
          "Conflict",
          planned.leaves === "nothing"
            ? "The card payment could not be refunded, so the order was not cancelled. Try again."
            : "The card payment could not be refunded, so nothing was cancelled. Try again.",
        );
      }
    },
  },
  returnStock: {
    async write(tx, _order, { cancellation, announcements }) {
      const productIds = cancellation ? await returnStock(tx, cancellation) : [];
      if (productIds.length > 0) announcements.push(() => announce("stockChanged", { productIds }));
      return {};
    },
  },
  mailCancellation: { written: mailCancellation },
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
    written: spendFreeCredit,
    audited: { before: ["paymentDueDate"], after: ["shippedAt", "paymentDueDate"] },
  },
  mailShipment: { written: mailShipment },
  // Only an order from a procurement system's OrderRequest has anyone to tell (server/procurement/document-push.ts).
  sendShipNotice: {
    async written(tx, after, { request, recorded, now }) {
      if (request.on !== "shipmentRecorded" || !recorded) return;
      await queueShipNotice(tx, after, { ...recorded, lines: request.shipment.lines }, now);
    },
  },
  sendInvoice: {
    async written(tx, after, { now }) {
      await queueInvoice(tx, after, now);
    },
  },
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
  linesCancelled: "cancel_order_lines",
};

/**
 * What the table is asked: a shipment asks for shipped when it ships all that is left, a cancellation
 * for what it leaves.
 */
function askOf(request: MoveRequest, lines: ShippableLine[], cancellation?: PlannedCancellation): MoveAsk {
  if (request.on === "linesCancelled") return { on: "linesCancelled", leaves: cancellation?.leaves ?? "open" };
  if (request.on !== "shipmentRecorded") return request;
  return { on: "shipmentRecorded", completes: lines.length > 0 && completesOrder(lines, request.shipment.lines) };
}

/** Whether the request cancels quantities: a buyer's cancellation, or the order cancelled whole. */
const cancels = (request: MoveRequest) =>
  request.on === "linesCancelled" || (request.on === "statusAsked" && request.to === "cancelled");

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
export function moveOrder(mover: Mover, orderNumber: string, request: MoveRequest, now = new Date()) {
  // A cancellation refunds the card before its transaction: a shipment or a return's receipt coming
  // in between would change what it should have refunded, so an order makes one move at a time.
  return withLease(orderLease(orderNumber), () => moveNow(mover, orderNumber, request, now));
}

async function moveNow(mover: Mover, orderNumber: string, request: MoveRequest, now: Date) {
  const [current] = await db().select().from(orders).where(hasOrderNumber(orderNumber));
  if (!current) throw new StoreError("NotFound", `There is no order ${orderNumber}.`);
  const planned = cancels(request) ? await planCancellation(db(), current, request) : undefined;
  const early = chooseMove(current, askOf(request, [], planned), mover.actor).move;
  for (const step of early?.steps ?? []) await steps[step].beforeCommit?.(current, planned);
  const { after, announcements } = await db().transaction((tx) =>
    makeMove(tx, mover, orderNumber, request, now, early, planned),
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
  return makeMove(tx, mover, orderNumber, request, now, undefined, undefined);
}

async function makeMove(
  tx: Transaction,
  mover: Mover,
  orderNumber: string,
  request: MoveRequest,
  now: Date,
  early: OrderMove | undefined,
  earlyPlan: PlannedCancellation | undefined,
) {
  const order = await lockedOrder(tx, orderNumber);
  const lines = request.on === "shipmentRecorded" ? await shippableLines(tx, order.id) : [];
  const cancellation = cancels(request) ? await planCancellation(tx, order, request) : undefined;
  const move = allowedMove(order, askOf(request, lines, cancellation), mover);
  // The order moved meanwhile: what ran before the transaction was for another move, or refunded
  // another amount.
  if (
    (move !== early && move.steps.some((step) => steps[step].beforeCommit)) ||
    (cancellation && (cancellation.number !== earlyPlan?.number || cancellation.refundCents !== earlyPlan.refundCents))
  ) {
    if (early?.steps.includes("refundCard") && earlyPlan?.refundCents)
      logger.error(
        { orderNumber, refunded: earlyPlan.refundCents },
        "a refund went out for a cancellation refused meanwhile",
      );
    throw new StoreError("Conflict", `Order ${orderNumber} changed meanwhile. Reload it and try again.`);
  }
  const set: Partial<Order> = {};
  const audit: Record<string, unknown> = {};
  const announcements: (() => void)[] = [];
  const context: StepContext = { request, mover, now, lines, cancellation, announcements };
  for (const step of move.steps) {
    const result = await steps[step].write?.(tx, order, context);
    Object.assign(set, result?.set);
    Object.assign(audit, result?.audit);
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

/**
 * A terms invoice that has become final (shipped in full) takes the company's free credit; one it
 * settles is paid, by the same mover, in the same transaction.
 */
async function spendFreeCredit(tx: Transaction, invoice: Order, { mover, now, announcements }: StepContext) {
  if (invoice.paymentMethod !== "on_terms" || !invoice.companyId || invoice.paidAt) return;
  const { applied, owedCents } = await applyFreeCredit(tx, { id: invoice.id, companyId: invoice.companyId });
  if (applied.length === 0) return;
  await recordAudit(tx, {
    adminId: mover.id,
    action: "apply_free_credit",
    entity: "order",
    entityId: invoice.orderNumber,
    before: {},
    after: { applied, owes: fromCents(owedCents) },
  });
  if (owedCents > 0) return;
  const paid = await makeMove(tx, mover, invoice.orderNumber, { on: "invoicePaid" }, now, undefined, undefined);
  announcements.push(...paid.announcements);
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
function historyNote(move: OrderMove, order: Order, { mover, recorded, cancelled }: StepContext): string | null {
  if (move.on === "invoicePaid") return mover.actor === "buyer" ? "Invoice paid online by card" : "Net 30 invoice paid";
  if (cancelled && !cancelled.whole) {
    const what = cancelled.lines.map((line) => `${line.quantity} × ${line.part ?? line.name}`).join(", ");
    return `Cancelled ${what}; ${cancellationMoney(order, cancelled)}${move.to === "shipped" ? "; all other items have shipped" : ""}`;
  }
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

/** A line as shipping sees it, with the unit its quantities count for the shipment's mail. */
type ShippedLine = ShippableLine & { unit: string };

async function shippableLines(tx: Transaction, orderId: string): Promise<ShippedLine[]> {
  return tx
    .select({
      id: orderItems.id,
      productSku: orderItems.productSku,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      allocatedQuantity: orderItems.allocatedQuantity,
      shippedQuantity: orderItems.shippedQuantity,
      cancelledQuantity: orderItems.cancelledQuantity,
      unit: orderItems.unit,
      // Read from the part as it is now: how it may travel is the part's, not what it cost.
      groundOnly: groundOnlyColumn,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
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
  const refusal = shipmentRefusal(lines, shipment.lines) ?? carrierRefusal(lines, shipment);
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
      return quantity ? [{ part: line.productSku, name: line.productName, quantity, unit: line.unit }] : [];
    }),
  };
}

/** The order's lines as cancelling sees them. */
function cancellableLines(executor: Transaction | ReturnType<typeof db>, orderId: string) {
  return executor
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productSku: orderItems.productSku,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      allocatedQuantity: orderItems.allocatedQuantity,
      backorderedQuantity: orderItems.backorderedQuantity,
      shippedQuantity: orderItems.shippedQuantity,
      cancelledQuantity: orderItems.cancelledQuantity,
      unitPrice: orderItems.unitPrice,
      unit: orderItems.unit,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
}

/**
 * What the request cancels, checked against the lines as they stand: the buyer's quantities, or (the
 * order cancelled whole) everything not shipped, which an order with something shipped cannot be. A
 * buyer's cancellation on a terms invoice already paid, or paid in part past what would be left, is
 * refused: giving money back on it is a credit, not a cancellation.
 */
async function planCancellation(
  executor: Transaction | ReturnType<typeof db>,
  order: Order,
  request: MoveRequest,
): Promise<PlannedCancellation> {
  const lines = await cancellableLines(executor, order.id);
  const [prior] = await executor
    .select({ count: count() })
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, order.id));
  const number = (prior?.count ?? 0) + 1;
  // Shipped in full, or cancelled: the table refuses it, naming the status.
  if (!cancellable(order)) return { number, asked: [], lines, leaves: "open", amountCents: 0, refundCents: 0 };
  let asked: CancelLine[];
  if (request.on === "linesCancelled") {
    if (request.seen !== cancellationSeen(lines)) throw new StoreError("Conflict", STALE_CANCELLATION);
    const refusal = cancellationRefusal(lines, request.lines);
    if (refusal) throw new StoreError("Invalid", refusal);
    asked = request.lines;
  } else {
    const shipped = lines.filter((line) => line.shippedQuantity > 0);
    if (shipped.length > 0)
      throw new StoreError(
        "Conflict",
        `Some of order ${order.orderNumber} has shipped (${shipped.map((line) => `${line.shippedQuantity} × ${line.productSku ?? line.productName}`).join(", ")}), so it cannot be cancelled whole. ${SHIPPED_ONLY_RETURNED}`,
      );
    asked = everythingLeft(lines);
  }
  const amountCents = cancellationCents(order, lines, asked);
  // The admin cancelling a paid invoice's order settles the money with the buyer themselves, as before.
  if (order.paymentMethod === "on_terms" && request.on === "linesCancelled")
    await checkInvoiceOwes(executor, order, amountCents);
  const after = afterCancel(lines, asked);
  return {
    number,
    asked,
    lines,
    leaves: whatIsLeft(after),
    amountCents,
    refundCents: order.paymentMethod === "credit_card" && order.paymentId ? amountCents : 0,
  };
}

/** A terms invoice gives back nothing: the cancellation may only lower what it still owes. */
async function checkInvoiceOwes(executor: Transaction | ReturnType<typeof db>, order: Order, amountCents: number) {
  const invoice = order.invoiceNumber ?? order.orderNumber;
  if (order.paidAt)
    throw new StoreError(
      "Conflict",
      `Invoice ${invoice} is paid, so this order can no longer be cancelled here. Contact us about a return or a credit.`,
    );
  const [row] = await executor.select({ balance: invoiceBalance }).from(orders).where(eq(orders.id, order.id));
  const owed = toSignedCents(row?.balance ?? "0");
  if (amountCents > owed)
    throw new StoreError(
      "Conflict",
      `Invoice ${invoice} owes ${formatUsd(fromCents(owed))} after its payments, so cancelling ${formatUsd(fromCents(amountCents))} of it would need a refund. Cancel less, or contact us about a credit.`,
    );
}

/**
 * Takes the cancelled quantities off the lines (the back-ordered part first, then what was taken from
 * stock: `cancelSplit`) and writes the cancellation with its amount and refund.
 */
async function writeCancellation(
  tx: Transaction,
  order: Order,
  planned: PlannedCancellation,
  { mover, now }: StepContext,
): Promise<RecordedCancellation> {
  for (const { orderItemId, quantity } of planned.asked) {
    const line = planned.lines.find((each) => each.id === orderItemId);
    if (!line) throw new Error("A cancelled line is not the order's.");
    const { fromBackorder, fromStock } = cancelSplit(line, quantity);
    const backordered = line.backorderedQuantity - fromBackorder;
    await tx
      .update(orderItems)
      .set({
        cancelledQuantity: sql`${orderItems.cancelledQuantity} + ${quantity}`,
        backorderedQuantity: backordered,
        allocatedQuantity: sql`${orderItems.allocatedQuantity} - ${fromStock}`,
        ...(backordered === 0 ? { backorderExpectedOn: null } : {}),
      })
      .where(eq(orderItems.id, orderItemId));
  }
  const amount = fromCents(planned.amountCents);
  const refunded = fromCents(planned.refundCents);
  await tx.insert(orderCancellations).values({
    orderId: order.id,
    number: planned.number,
    cancelledAt: now,
    userId: mover.id,
    amount,
    refunded,
  });
  return {
    number: planned.number,
    amount,
    refunded,
    whole: planned.leaves === "nothing",
    lines: planned.asked.map(({ orderItemId, quantity }) => {
      const line = planned.lines.find((each) => each.id === orderItemId);
      return {
        part: line?.productSku ?? null,
        name: line?.productName ?? "",
        quantity,
        unit: line?.unit ?? DEFAULT_SALE_UNIT,
      };
    }),
  };
}

/** Puts what the cancelled quantities had taken from stock back on the shelf. Returns the products restocked. */
async function returnStock(tx: Transaction, planned: PlannedCancellation): Promise<string[]> {
  const restocked: string[] = [];
  for (const { orderItemId, quantity } of planned.asked) {
    const line = planned.lines.find((each) => each.id === orderItemId);
    const { fromStock } = line ? cancelSplit(line, quantity) : { fromStock: 0 };
    // The product was deleted from the catalogue since, or nothing of it was taken from stock.
    if (!line?.productId || fromStock === 0) continue;
    await tx
      .update(products)
      .set({ stockLevel: sql`${products.stockLevel} + ${fromStock}` })
      .where(eq(products.id, line.productId));
    restocked.push(line.productId);
  }
  await fillBackorders(tx, restocked);
  return restocked;
}

/** The buyer's mail, and the store's when the buyer cancelled: the account's own address, as the confirmation. */
async function mailCancellation(tx: Transaction, order: Order, { cancelled, mover }: StepContext) {
  if (!cancelled) return;
  const [account] = order.userId
    ? await tx.select({ email: user.email }).from(user).where(eq(user.id, order.userId))
    : [];
  const mails = await cancellationMessages(
    order,
    cancelled,
    account?.email ?? null,
    config().STORE_EMAIL,
    mover.actor === "buyer",
  );
  for (const mail of mails) await queueMail(mail, tx);
}
