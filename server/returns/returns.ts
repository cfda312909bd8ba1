// Returns (RMA) and credit memos (docs/decisions/returns.md). A buyer asks to return shipped lines;
// every later status change is a move of the table in domain/returns/returns.ts, made here with the
// order and the return locked: its steps, the new status and the audit entry are one transaction,
// and what changed is announced once committed. The card refund runs before the transaction, as the
// order lifecycle's does, so a refund that fails changes nothing.
import { and, asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import { fromCents, toCents, toSignedCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import {
  type AskedLine,
  applyCredit,
  type Credit,
  chooseReturnMove,
  countedStatuses,
  creditFor,
  creditMemoHref,
  creditMemoNumber,
  type ReturnAction,
  type ReturnableLine,
  type ReturnMove,
  type ReturnRequestInput,
  type ReturnStatus,
  returnAuthorisationHref,
  returnableQuantity,
  returnRequestRefusal,
  rmaNumber,
} from "../../domain/returns/returns";
import { recordAudit } from "../admin/audit";
import { type Buyer, requirePermission } from "../companies/buyer";
import { type Database, db, type Transaction } from "../db/client";
import { orderLease, withLease } from "../db/leases";
import { retryOnDeadlock } from "../db/retry";
import {
  creditMemoApplications,
  creditMemos,
  orderItems,
  orders,
  products,
  returnLines,
  returns,
  shipmentItems,
  shipments,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { logger } from "../logger";
import { queueMail } from "../mail/mailer";
import { fillBackorders } from "../orders/backorder-fill";
import { moveOrderWithin } from "../orders/lifecycle";
import { hasOrderNumber } from "../orders/order-number";
import { buyerSeesOrder } from "../orders/orders";
import { paymentProvider } from "../payments/configured";
import { openInvoices } from "../terms/account-terms";
import { readStoreSettings } from "../terms/settings";
import { returnApprovedMessage, returnReceivedMessage, returnRefusedMessage, returnRequestedMessage } from "./messages";
import { type ReturnView, returnView } from "./view";

type Order = typeof orders.$inferSelect;
type Return = typeof returns.$inferSelect;

/** The order's lines with what shipped, what returns not refused already hold, and their last shipment. */
export async function returnableLines(executor: Database, orderId: string): Promise<(ReturnableLine & LinePrice)[]> {
  const returned = executor
    .select({ orderItemId: returnLines.orderItemId, quantity: sql<number>`sum(${returnLines.quantity})::int`.as("q") })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, [...countedStatuses])))
    .groupBy(returnLines.orderItemId)
    .as("returned");
  const shipped = executor
    .select({ orderItemId: shipmentItems.orderItemId, at: max(shipments.shippedAt).as("at") })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(eq(shipments.orderId, orderId))
    .groupBy(shipmentItems.orderItemId)
    .as("shipped");
  const rows = await executor
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productSku: orderItems.productSku,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      shippedQuantity: orderItems.shippedQuantity,
      unitPrice: orderItems.unitPrice,
      returnedQuantity: sql<number>`coalesce(${returned.quantity}, 0)::int`,
      lastShippedAt: shipped.at,
    })
    .from(orderItems)
    .leftJoin(returned, eq(returned.orderItemId, orderItems.id))
    .leftJoin(shipped, eq(shipped.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
  return rows.map((row) => ({ ...row, lastShippedAt: row.lastShippedAt ? new Date(row.lastShippedAt) : null }));
}

interface LinePrice {
  productId: string | null;
  quantity: number;
  unitPrice: string;
}

/**
 * The buyer asks to return some of the order's shipped lines: a member whose role may place orders,
 * of the order's company (another company's order answers as an unknown one). The order stays locked
 * while the quantities are checked and the return written, so two requests cannot both take the
 * last units.
 */
export async function requestReturn(buyer: Buyer, orderNumber: string, input: ReturnRequestInput, now = new Date()) {
  requirePermission(buyer, "placeOrders");
  const { returnWindowDays } = await readStoreSettings();
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(hasOrderNumber(orderNumber), buyerSeesOrder(buyer)))
      .for("update");
    if (!order) throw new StoreError("NotFound", `There is no order ${orderNumber} in your account.`);
    if (order.status === "cancelled")
      throw new StoreError("Conflict", `Order ${orderNumber} is cancelled, so nothing of it can be returned.`);
    const lines = await returnableLines(tx, order.id);
    const asked: AskedLine[] = input.lines.filter((line) => line.quantity > 0);
    const refusal = returnRequestRefusal(lines, asked, returnWindowDays, now);
    if (refusal) throw new StoreError("Invalid", refusal);
    const [written] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        requestedBy: buyer.userId,
        reason: input.reason,
        note: input.note || null,
        requestedAt: now,
      })
      .returning();
    if (!written) throw new Error("The return was not written.");
    await tx.insert(returnLines).values(asked.map((line) => ({ returnId: written.id, ...line })));
    await recordAudit(tx, {
      adminId: buyer.userId,
      action: "request_return",
      entity: "return",
      entityId: written.id,
      before: null,
      after: { orderNumber, status: written.status, reason: written.reason, lines: asked },
    });
    const view = await returnView(tx, written.id);
    await queueMail(await returnRequestedMessage(view, buyer.email), tx);
    return view;
  });
}

/** The store approves the return: it gets its RMA number, and the buyer a mail with the authorisation's link. */
export function approveReturn(adminId: string, returnId: string, now = new Date()) {
  return moveReturn(adminId, returnId, "approve", now);
}

/** The store refuses the return with its reason, which the buyer is mailed. */
export function refuseReturn(adminId: string, returnId: string, reason: string, now = new Date()) {
  return moveReturn(adminId, returnId, "refuse", now, { reason });
}

/**
 * The parts came back: each line restocked or not (`restock` names the order lines put back on the
 * shelf), and a credit memo issued for all of it.
 */
export function receiveReturn(adminId: string, returnId: string, restock: readonly string[], now = new Date()) {
  return moveReturn(adminId, returnId, "receive", now, { restock });
}

interface MoveDetails {
  reason?: string;
  restock?: readonly string[];
}

/** What a move's steps worked on, and what to announce once committed. */
interface MoveContext {
  tx: Transaction;
  adminId: string;
  now: Date;
  order: Order;
  row: Return;
  details: MoveDetails;
  lines: (ReturnableLine & LinePrice & { returnQuantity: number })[];
  credit: Credit;
  set: Partial<Return>;
  audit: Record<string, unknown>;
  announcements: (() => void)[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readReturn(executor: Database, returnId: string, lock: boolean) {
  if (!UUID.test(returnId)) throw new StoreError("NotFound", "There is no such return.");
  const query = executor.select().from(returns).where(eq(returns.id, returnId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new StoreError("NotFound", "There is no such return.");
  return row;
}

async function allowedMove(row: Return, action: ReturnAction): Promise<ReturnMove> {
  const choice = chooseReturnMove(row.status, action);
  if (!choice.move) throw new StoreError("Conflict", choice.refusal);
  return choice.move;
}

/** The return's lines with their order lines, and what they are worth. */
async function linesAndCredit(executor: Database, order: Order, returnId: string) {
  const [asked, all, [before]] = await Promise.all([
    executor.select().from(returnLines).where(eq(returnLines.returnId, returnId)),
    returnableLines(executor, order.id),
    // What the order gave back before this return: cancelled quantities and earlier credit memos.
    executor
      .select({
        cancelledValue: sql<string>`coalesce((select sum(item.cancelled_quantity * item.unit_price) from order_items item where item.order_id = ${order.id}), 0)::text`,
        cancelled: sql<string>`coalesce((select sum(cancellation.amount) from order_cancellations cancellation where cancellation.order_id = ${order.id}), 0)::text`,
        creditedValue: sql<string>`coalesce(sum(${creditMemos.linesAmount}), 0)::text`,
        credited: sql<string>`coalesce(sum(${creditMemos.amount}), 0)::text`,
      })
      .from(creditMemos)
      .where(eq(creditMemos.orderId, order.id)),
  ]);
  const lines = all.flatMap((line) => {
    const mine = asked.find((each) => each.orderItemId === line.id);
    return mine ? [{ ...line, returnQuantity: mine.quantity }] : [];
  });
  const cents = (amount: string | undefined) => toCents(amount ?? "0");
  const credit = creditFor(
    {
      order,
      givenBackCents: cents(before?.cancelledValue) + cents(before?.creditedValue),
      takenOffCents: cents(before?.cancelled) + cents(before?.credited),
    },
    lines.map((line) => ({ quantity: line.returnQuantity, unitPriceCents: toCents(line.unitPrice) })),
  );
  return { lines, credit };
}

async function orderOf(executor: Database, orderId: string, lock: boolean) {
  const query = executor.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw new Error(`The return's order ${orderId} is gone.`);
  return order;
}

async function moveReturn(
  adminId: string,
  returnId: string,
  action: ReturnAction,
  now: Date,
  details: MoveDetails = {},
) {
  // Checked before the refund, so that a return that cannot be received refunds nothing.
  const before = await readReturn(db(), returnId, false);
  const early = await allowedMove(before, action);
  if (!early.steps.includes("refundCard")) return recordMove(adminId, returnId, action, now, details, before, early);
  // The card is refunded before the move is recorded, as a cancellation's is: while no other move of
  // the order comes between, so that the credit refunded is the one the memo records.
  const { orderNumber } = await orderOf(db(), before.orderId, false);
  return withLease(orderLease(orderNumber), async () => {
    // Read again under the lease: the credit is worked out from the order as no other move leaves it.
    const order = await orderOf(db(), before.orderId, false);
    const { lines, credit } = await linesAndCredit(db(), order, before.id);
    checkRestock(lines, details);
    await refundCard(order, before, credit);
    return recordMove(adminId, returnId, action, now, details, before, early);
  });
}

/** The move's steps, the return's new status and the audit entry, in one transaction; then the announcements. */
async function recordMove(
  adminId: string,
  returnId: string,
  action: ReturnAction,
  now: Date,
  details: MoveDetails,
  before: Return,
  early: ReturnMove,
) {
  const { view, announcements } = await retryOnDeadlock(() =>
    db().transaction(async (tx) => {
      // The order first, as the order lifecycle locks it, then the return.
      const order = await orderOf(tx, before.orderId, true);
      const row = await readReturn(tx, returnId, true);
      const move = await allowedMove(row, action);
      if (move !== early) throw new StoreError("Conflict", "The return changed meanwhile. Reload it and try again.");
      const { lines, credit } = await linesAndCredit(tx, order, row.id);
      const context: MoveContext = {
        tx,
        adminId,
        now,
        order,
        row,
        details,
        lines,
        credit,
        set: {},
        audit: {},
        announcements: [],
      };
      for (const step of move.steps) await steps[step]?.(context);
      const [written] = await tx
        .update(returns)
        .set({ ...context.set, status: move.to })
        .where(eq(returns.id, row.id))
        .returning();
      if (!written) throw new Error("The return vanished while locked.");
      await recordAudit(tx, {
        adminId,
        action: `${action}_return`,
        entity: "return",
        entityId: row.id,
        before: { status: row.status },
        after: { status: written.status, rmaNumber: written.rmaNumber, ...context.audit },
      });
      const view = await returnView(tx, row.id);
      for (const step of move.steps) await mails[step]?.(tx, view, order);
      return { view, announcements: context.announcements };
    }),
  );
  for (const tell of announcements) tell();
  return view;
}

/** The card gets back what the return is worth: once, however often the receipt is retried (its key). */
async function refundCard(order: Order, row: Return, credit: Credit) {
  if (order.paymentMethod !== "credit_card" || !order.paymentId || credit.totalCents === 0) return;
  try {
    await paymentProvider().refund(order.paymentId, `return-${row.id}`, credit.totalCents);
  } catch (error) {
    logger.error({ err: error, orderNumber: order.orderNumber }, "refund for a returned order failed");
    throw new StoreError(
      "Conflict",
      `The card payment could not be refunded ${formatUsd(fromCents(credit.totalCents))}, so the return was not received. Try again.`,
    );
  }
}

type StepWrite = (context: MoveContext) => Promise<void>;

/** The order lines the admin chose to restock, each one of the return's: checked before any refund. */
function checkRestock(lines: readonly { id: string }[], details: MoveDetails) {
  const chosen = new Set(details.restock ?? []);
  if ([...chosen].some((id) => !lines.some((line) => line.id === id)))
    throw new StoreError("Invalid", "A line chosen to restock is not in this return. Reload the return and try again.");
  return chosen;
}

/** The next number of a sequence, drawn after every check, as invoice numbers are (docs/decisions/invoices.md). */
async function nextNumber(tx: Transaction, sequence: "rma_number_seq" | "credit_memo_number_seq") {
  const result = await tx.execute<{ n: string }>(sql`select nextval(${sequence})::text as n`);
  const n = result.rows[0]?.n;
  if (!n) throw new Error(`The sequence ${sequence} gave no number.`);
  return n;
}

const steps: Partial<Record<ReturnMove["steps"][number], StepWrite>> = {
  async assignRmaNumber({ tx, adminId, now, set }) {
    const n = await nextNumber(tx, "rma_number_seq");
    Object.assign(set, { rmaNumber: rmaNumber(n), decidedAt: now, decidedBy: adminId });
  },
  async keepRefusalReason({ adminId, now, set, details, audit }) {
    if (!details.reason) throw new StoreError("Invalid", "Say why the return is refused.");
    Object.assign(set, { refusalReason: details.reason, decidedAt: now, decidedBy: adminId });
    audit.refusalReason = details.reason;
  },
  async restock({ tx, lines, details, row, audit, announcements }) {
    const chosen = checkRestock(lines, details);
    const restocked: string[] = [];
    for (const line of lines) {
      const back = chosen.has(line.id) && line.productId !== null;
      await tx
        .update(returnLines)
        .set({ restocked: back })
        .where(and(eq(returnLines.returnId, row.id), eq(returnLines.orderItemId, line.id)));
      if (!back || !line.productId) continue;
      await tx
        .update(products)
        .set({ stockLevel: sql`${products.stockLevel} + ${line.returnQuantity}` })
        .where(eq(products.id, line.productId));
      restocked.push(line.productId);
    }
    await fillBackorders(tx, restocked);
    audit.restocked = lines.filter((line) => chosen.has(line.id)).map((line) => line.productSku ?? line.productName);
    if (restocked.length > 0) announcements.push(() => announce("stockChanged", { productIds: restocked }));
  },
  async issueCreditMemo(context) {
    const { tx, adminId, now, order, row, credit, set, audit } = context;
    const n = await nextNumber(tx, "credit_memo_number_seq");
    const byCard = order.paymentMethod === "credit_card";
    const [memo] = await tx
      .insert(creditMemos)
      .values({
        number: creditMemoNumber(n),
        returnId: row.id,
        orderId: order.id,
        companyId: order.companyId,
        paymentMethod: order.paymentMethod,
        linesAmount: fromCents(credit.linesCents),
        discountAmount: fromCents(credit.discountCents),
        taxAmount: fromCents(credit.taxCents),
        amount: fromCents(credit.totalCents),
        refundedAmount: byCard ? fromCents(credit.totalCents) : "0",
        issuedAt: now,
        issuedBy: adminId,
      })
      .returning();
    if (!memo) throw new Error("The credit memo was not written.");
    Object.assign(set, { receivedAt: now, receivedBy: adminId });
    audit.creditMemo = { number: memo.number, amount: memo.amount, refunded: memo.refundedAmount };
    if (!byCard) audit.applied = await applyToInvoices(context, memo.id, credit.totalCents);
  },
};

/**
 * A terms credit memo goes to what its own invoice still owes, then to the company's other open
 * invoices, oldest due first; the rest is free credit on the account. An invoice it settles is paid,
 * through the order lifecycle, in this transaction.
 */
async function applyToInvoices({ tx, adminId, now, order, announcements }: MoveContext, memoId: string, cents: number) {
  const open = order.companyId ? await openInvoices(order.companyId, tx) : [];
  const ordered = [
    ...open.filter((invoice) => invoice.orderId === order.id),
    ...open.filter((invoice) => invoice.orderId !== order.id),
  ];
  let left = cents;
  const applied: { invoiceNumber: string; amount: string }[] = [];
  for (const invoice of ordered) {
    if (left === 0) break;
    const balance = toSignedCents(invoice.balance);
    const { appliedCents, unappliedCents } = applyCredit(left, balance);
    if (appliedCents === 0) continue;
    await tx
      .insert(creditMemoApplications)
      .values({ creditMemoId: memoId, orderId: invoice.orderId, amount: fromCents(appliedCents) });
    applied.push({ invoiceNumber: invoice.invoiceNumber, amount: fromCents(appliedCents) });
    left = unappliedCents;
    if (appliedCents === balance) {
      const moved = await moveOrderWithin(
        tx,
        { actor: "admin", id: adminId },
        invoice.orderNumber,
        { on: "invoicePaid" },
        now,
      );
      announcements.push(...moved.announcements);
    }
  }
  return { applied, freeCredit: fromCents(left) };
}

type StepMail = (tx: Transaction, view: ReturnView, order: Order) => Promise<void>;

/** To the account of whoever asked, as the order's own mails; a deleted account gets none. */
async function mailTo(tx: Transaction, view: ReturnView, message: (email: string) => ReturnType<StepMail>) {
  if (!view.requestedBy) return;
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, view.requestedBy));
  if (account) await message(account.email);
}

const mails: Partial<Record<ReturnMove["steps"][number], StepMail>> = {
  mailApproval: (tx, view) =>
    mailTo(tx, view, async (email) => queueMail(await returnApprovedMessage(view, email), tx)),
  mailRefusal: (tx, view) => mailTo(tx, view, async (email) => queueMail(await returnRefusedMessage(view, email), tx)),
  mailCreditMemo: (tx, view) =>
    mailTo(tx, view, async (email) => queueMail(await returnReceivedMessage(view, email), tx)),
};

/** The order's returns, newest first (its pages list them). */
export async function returnsOfOrder(orderId: string, executor: Database = db()) {
  const rows = await executor
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(desc(returns.requestedAt));
  return Promise.all(rows.map((row) => returnView(executor, row.id)));
}

/** The back office's list: returns waiting for the store first, then the rest, newest first. */
export async function listReturns({ status }: { status?: ReturnStatus } = {}) {
  return db()
    .select({
      id: returns.id,
      status: returns.status,
      reason: returns.reason,
      rmaNumber: returns.rmaNumber,
      requestedAt: returns.requestedAt,
      orderNumber: orders.orderNumber,
      companyName: orders.companyName,
      email: orders.email,
      units: sql<number>`(select coalesce(sum(${returnLines.quantity}), 0)::int from ${returnLines} where ${returnLines.returnId} = ${returns.id})`,
      creditMemo: creditMemos.number,
      credited: creditMemos.amount,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(creditMemos, eq(creditMemos.returnId, returns.id))
    .where(status ? eq(returns.status, status) : undefined)
    .orderBy(
      sql`case ${returns.status} when 'requested' then 0 when 'approved' then 1 else 2 end`,
      desc(returns.requestedAt),
    )
    .limit(500);
}

/**
 * The company's credit memos, newest first, for the credit centre: each with where its credit went
 * (refunded to the card, applied to invoices, or free credit left on the account).
 */
export async function creditMemosOf(buyer: Buyer) {
  if (!buyer.company) return [];
  const rows = await db()
    .select({
      number: creditMemos.number,
      issuedAt: creditMemos.issuedAt,
      orderNumber: orders.orderNumber,
      rmaNumber: returns.rmaNumber,
      paymentMethod: creditMemos.paymentMethod,
      amount: creditMemos.amount,
      refunded: creditMemos.refundedAmount,
      applied: sql<string>`coalesce((select sum(application.amount) from credit_memo_applications application where application.credit_memo_id = ${creditMemos.id}), 0)::text`,
    })
    .from(creditMemos)
    .innerJoin(orders, eq(orders.id, creditMemos.orderId))
    .innerJoin(returns, eq(returns.id, creditMemos.returnId))
    .where(eq(creditMemos.companyId, buyer.company.id))
    .orderBy(desc(creditMemos.issuedAt))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    freeCredit: row.paymentMethod === "on_terms" ? fromCents(toCents(row.amount) - toCents(row.applied)) : "0.00",
  }));
}

/**
 * An order's returns as its pages show them (JSON-safe), and for the buyer's form its shipped lines:
 * what each may still return, or why it may not (the window closed, all of it asked back).
 */
export async function orderReturnsView(order: { id: string }, side: "account" | "admin", now = new Date()) {
  const [{ returnWindowDays }, lines, views] = await Promise.all([
    readStoreSettings(),
    returnableLines(db(), order.id),
    returnsOfOrder(order.id),
  ]);
  return {
    windowDays: returnWindowDays,
    lines: lines
      .filter((line) => line.shippedQuantity > 0)
      .map((line) => ({
        id: line.id,
        part: line.productSku,
        name: line.productName,
        shipped: line.shippedQuantity,
        returnable: returnableQuantity(line),
        lastShippedAt: line.lastShippedAt?.toISOString() ?? null,
        // The refusal a return of one unit would get: the window closed, or nothing left to return.
        closed: returnRequestRefusal(lines, [{ orderItemId: line.id, quantity: 1 }], returnWindowDays, now),
      })),
    returns: views.map((view) => ({
      id: view.id,
      status: view.status,
      reason: view.reason,
      note: view.note,
      rmaNumber: view.rmaNumber,
      rmaHref: view.rmaNumber ? returnAuthorisationHref(view.rmaNumber, side) : null,
      refusalReason: view.refusalReason,
      requestedAt: view.requestedAt.toISOString(),
      lines: view.lines.map((line) => ({
        part: line.part,
        name: line.name,
        quantity: line.quantity,
        restocked: line.restocked,
      })),
      creditMemo: view.creditMemo && {
        number: view.creditMemo.number,
        amount: view.creditMemo.amount,
        refunded: view.creditMemo.refundedAmount,
        href: creditMemoHref(view.creditMemo.number, side),
      },
    })),
  };
}
export type OrderReturnsView = Awaited<ReturnType<typeof orderReturnsView>>;

/** A return as the admin's page shows it, with what receiving it would credit, and how. */
export async function returnForAdmin(returnId: string) {
  const row = await readReturn(db(), returnId, false);
  const order = await orderOf(db(), row.orderId, false);
  const [view, { credit }] = await Promise.all([returnView(db(), row.id), linesAndCredit(db(), order, row.id)]);
  return { view, order, credit };
}
