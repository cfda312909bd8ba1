// Orders above a buyer's spend limit (docs/decisions/approvals.md): submitted instead of placed
// (no stock taken, no payment), e-mailed to the company's approvers and admins, then approved
// (placed through the checkout's own placement code, on the company's terms) or rejected with a
// note, or withdrawn by the buyer. A decision is a conditional UPDATE ... WHERE status = 'pending':
// of two approvers deciding at once, the first wins and the second is told who decided and when.
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { saleUnitOf } from "../../domain/catalog/sale-units";
import { fromCents, toCents } from "../../domain/money/cents";
import { type ApprovalStatus, formatDecidedAt, reasonForApprover } from "../../domain/orders/approvals";
import type { CheckoutInput } from "../../domain/orders/checkout-schema";
import { emptyCartMessage } from "../../domain/pricing/price-cart";
import { type Buyer, buyerNow, lockedBuyer, membershipOf, requirePermission } from "../companies/buyer";
import { type Database, db } from "../db/client";
import {
  cartItems,
  carts,
  companies,
  companyMembers,
  orderApprovalItems,
  orderApprovals,
  orders,
  profiles,
  quotes,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { queueMail } from "../mail/mailer";
import { type OrderSource, placeApprovedOrderIn } from "../orders/place-order";
import { checkPurchaseOrder } from "../orders/purchase-order";
import { lineColumns, priceStoredCart, totalsColumns } from "../pricing/price";
import { lockQuote, quoteNotFound } from "../quotes/moves";
import { checkOrderable, priceQuote } from "../quotes/quote-checkout";
import {
  approvalRequestMessage,
  approvedOrderFailedMessage,
  orderApprovedMessage,
  orderRejectedMessage,
} from "./messages";
import { spendLimitReason } from "./spend-limits";

export const submissionNotFound = "That submission does not exist.";
export const noTermsForApproval =
  "This order needs approval, and approved orders are placed on your company's terms, which it does not have yet. Ask your company admin to raise your limit.";

/** "Dana Reyes" from the profile, else the sign-in name, else the address. */
const personName = (person: { firstName: string | null; lastName: string | null; name: string; email: string }) =>
  person.firstName && person.lastName ? `${person.firstName} ${person.lastName}` : person.name || person.email;

const buyerColumns = {
  email: user.email,
  name: user.name,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
};

const decider = alias(user, "decider");
const deciderProfile = alias(profiles, "decider_profile");
const deciderColumns = {
  email: decider.email,
  name: decider.name,
  firstName: deciderProfile.firstName,
  lastName: deciderProfile.lastName,
};

/** The addresses of the company's approvers and admins, but the buyer's own. */
async function deciders(tx: Database, companyId: string, buyerId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, ["admin", "approver"]),
        ne(companyMembers.userId, buyerId),
      ),
    );
  return rows.map((row) => row.email);
}

/**
 * The buyer's cart, or an accepted quote, becomes a submission waiting for approval: its lines
 * priced now (a quote's at its quoted prices), the checkout's ship-to, PO number and payment choice
 * kept; a cart is emptied, a quote stays accepted (one submission waits for it at a time), and no
 * stock or payment is taken.
 */
export async function submitForApproval(
  asked: Buyer,
  source: OrderSource,
  checkout: CheckoutInput,
  now = new Date(),
): Promise<{ id: string; reason: string; total: string }> {
  return db().transaction(async (tx) => {
    const { userId } = asked;
    requirePermission(asked, "placeOrders");
    const locked = await lockedSource(tx, asked, source, now);
    const current = await lockedBuyer(tx, userId);
    const buyer = requirePermission(current, "placeOrders");
    const read = { executor: tx, taxState: checkout.shipping.state, buyer: current, now };
    const priced =
      "quote" in locked ? await priceQuote(locked.quote, read) : await priceStoredCart(locked.cartId, read);
    const [problem] = priced.problems;
    if (problem) throw new StoreError("Conflict", problem);
    if (priced.lines.length === 0) throw new StoreError("Conflict", emptyCartMessage);
    await checkPurchaseOrder(current, checkout, tx);
    const reason = await spendLimitReason(tx, current, priced.totals.totalCents, now);
    if (!reason) throw new StoreError("Conflict", "This order is within your spend limits now: place it instead.");
    const [company] = await tx
      .select({ onTerms: companies.onTerms })
      .from(companies)
      .where(eq(companies.id, buyer.companyId));
    if (!company?.onTerms) throw new StoreError("Forbidden", noTermsForApproval);

    const { totals } = priced;
    const [submission] = await tx
      .insert(orderApprovals)
      .values({
        companyId: buyer.companyId,
        userId,
        reason,
        checkout,
        promoCodeId: priced.promo?.id ?? null,
        quoteId: "quote" in locked ? locked.quote.id : null,
        ...totalsColumns(totals),
        createdAt: now,
      })
      .returning({ id: orderApprovals.id });
    if (!submission) throw new Error("The submission row was not written.");
    await tx
      .insert(orderApprovalItems)
      .values(priced.lines.map((line) => ({ approvalId: submission.id, ...lineColumns(line), ...saleUnitOf(line) })));
    if ("cartId" in locked) {
      await tx.delete(cartItems).where(eq(cartItems.cartId, locked.cartId));
      await tx.update(carts).set({ promoCodeId: null, updatedAt: now }).where(eq(carts.id, locked.cartId));
    }

    const total = fromCents(totals.totalCents);
    const [who] = await tx
      .select(buyerColumns)
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, userId));
    const buyerName = who ? personName(who) : "A buyer";
    for (const to of await deciders(tx, buyer.companyId, userId)) {
      await queueMail(
        await approvalRequestMessage(to, {
          buyerName,
          total,
          reason: reasonForApprover(reason, who ? personName(who) : null).replace(
            "This order needs approval: it",
            "It",
          ),
          lines: priced.lines,
        }),
        tx,
      );
    }
    return { id: submission.id, reason, total };
  });
}

/** The cart or the quote submitted, its row locked first, as placing its order locks it (server/orders/place-order.ts). */
async function lockedSource(
  tx: Database,
  buyer: Buyer,
  source: OrderSource,
  now: Date,
): Promise<{ cartId: string } | { quote: typeof quotes.$inferSelect }> {
  if ("quoteId" in source) return { quote: await lockedOrderableQuote(tx, buyer, source.quoteId, now) };
  const [cart] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, source.cartId), eq(carts.userId, buyer.userId)))
    .for("update");
  if (!cart) throw new StoreError("Conflict", emptyCartMessage);
  return { cartId: cart.id };
}

/**
 * The company's accepted quote, locked, that can be ordered now and is not already waiting for
 * approval (the index order_approvals_pending_quote_key holds the same rule under concurrency).
 */
async function lockedOrderableQuote(tx: Database, buyer: Buyer, quoteId: string, now: Date) {
  const quote = await lockQuote(tx, quoteId);
  if (quote.companyId !== buyer.company?.id) throw new StoreError("NotFound", quoteNotFound);
  await checkOrderable(quote, now, tx);
  const [waiting] = await tx
    .select({ id: orderApprovals.id })
    .from(orderApprovals)
    .where(and(eq(orderApprovals.quoteId, quote.id), eq(orderApprovals.status, "pending")));
  if (waiting) throw new StoreError("Conflict", `Quote ${quote.quoteNumber} is already waiting for approval.`);
  return quote;
}

/** Submissions with their buyer, who decided them and their order; each caller scopes them by company. */
function submissions() {
  return db()
    .select({
      id: orderApprovals.id,
      userId: orderApprovals.userId,
      status: orderApprovals.status,
      reason: orderApprovals.reason,
      total: orderApprovals.totalAmount,
      checkout: orderApprovals.checkout,
      createdAt: orderApprovals.createdAt,
      decidedAt: orderApprovals.decidedAt,
      note: orderApprovals.note,
      orderNumber: orders.orderNumber,
      quoteNumber: quotes.quoteNumber,
      buyer: buyerColumns,
      decider: deciderColumns,
    })
    .from(orderApprovals)
    .innerJoin(user, eq(user.id, orderApprovals.userId))
    .leftJoin(profiles, eq(profiles.userId, orderApprovals.userId))
    .leftJoin(decider, eq(decider.id, orderApprovals.decidedBy))
    .leftJoin(deciderProfile, eq(deciderProfile.userId, orderApprovals.decidedBy))
    .leftJoin(orders, eq(orders.id, orderApprovals.orderId))
    .leftJoin(quotes, eq(quotes.id, orderApprovals.quoteId))
    .$dynamic();
}

type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissions>["execute"]>>[number];

async function withLines(rows: SubmissionRow[]) {
  const lines = rows.length
    ? await db()
        .select()
        .from(orderApprovalItems)
        .where(
          inArray(
            orderApprovalItems.approvalId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderApprovalItems.productName))
    : [];
  return rows.map(({ buyer, decider: decidedBy, checkout, ...row }) => ({
    ...row,
    buyerName: personName(buyer),
    buyerEmail: buyer.email,
    decidedBy: decidedBy.email ? personName(decidedBy as Parameters<typeof personName>[0]) : null,
    poNumber: (checkout as CheckoutInput).poNumber ?? null,
    lines: lines
      .filter((line) => line.approvalId === row.id)
      .map((line) => ({
        productId: line.productId,
        name: line.productName,
        partNumber: line.productSku,
        quantity: line.quantity,
        unit: line.unit,
        packQuantity: line.packQuantity,
        unitPrice: line.unitPrice,
        totalPrice: line.totalPrice,
      })),
  }));
}

const RECENT = 50;

/** The approvals page: the company's pending submissions (oldest first) and the latest decided ones. */
export async function approvalQueue(asked: Buyer) {
  const { userId } = asked;
  const approver = requirePermission(asked, "approveOrders");
  const [pending, decided] = await Promise.all([
    submissions()
      .where(and(eq(orderApprovals.companyId, approver.companyId), eq(orderApprovals.status, "pending")))
      .orderBy(asc(orderApprovals.createdAt)),
    submissions()
      .where(and(eq(orderApprovals.companyId, approver.companyId), ne(orderApprovals.status, "pending")))
      .orderBy(desc(orderApprovals.decidedAt))
      .limit(RECENT),
  ]);
  return {
    // The reason is worded for whoever reads it: "your" limit for the buyer, the buyer's for anyone else.
    pending: (await withLines(pending)).map((row) => {
      const isYours = row.userId === userId;
      return { ...row, isYours, reason: isYours ? row.reason : reasonForApprover(row.reason, row.buyerName) };
    }),
    decided: await withLines(decided),
  };
}

/** The buyer's own submissions in their company, newest first. */
export async function mySubmissions(buyer: Buyer) {
  // Whatever their role now: a buyer made a viewer still sees what they submitted.
  if (!buyer.company) return [];
  const { userId } = buyer;
  const member = membershipOf(buyer);
  const rows = await submissions()
    .where(and(eq(orderApprovals.companyId, member.companyId), eq(orderApprovals.userId, userId)))
    .orderBy(desc(orderApprovals.createdAt))
    .limit(RECENT);
  return withLines(rows);
}

/** Why a decision came too late: who decided it, and when. */
function alreadyDecided(row: { status: ApprovalStatus; decidedAt: Date | null; decidedBy: string | null }) {
  const when = row.decidedAt ? formatDecidedAt(row.decidedAt) : "";
  if (row.status === "withdrawn") return new StoreError("Conflict", `The buyer withdrew this order at ${when}.`);
  const verb = row.status === "rejected" ? "rejected" : "approved";
  return new StoreError("Conflict", `Already ${verb} by ${row.decidedBy ?? "another approver"} at ${when}.`);
}

/** The company's submission, as the approver's company sees it; NotFound for anyone else's. */
async function submissionFor(executor: Database, companyId: string, submissionId: string) {
  const [row] = await executor
    .select({
      id: orderApprovals.id,
      userId: orderApprovals.userId,
      status: orderApprovals.status,
      decidedAt: orderApprovals.decidedAt,
      decider: deciderColumns,
      buyerEmail: user.email,
    })
    .from(orderApprovals)
    .innerJoin(user, eq(user.id, orderApprovals.userId))
    .leftJoin(decider, eq(decider.id, orderApprovals.decidedBy))
    .leftJoin(deciderProfile, eq(deciderProfile.userId, orderApprovals.decidedBy))
    .where(and(eq(orderApprovals.id, submissionId), eq(orderApprovals.companyId, companyId)));
  if (!row) throw new StoreError("NotFound", submissionNotFound);
  const { decider: who, ...rest } = row;
  return { ...rest, decidedBy: who.email ? personName(who as Parameters<typeof personName>[0]) : null };
}

/** An approver (or admin) about to decide: their company's pending submission, not their own. */
async function claimDecision(
  tx: Database,
  asked: Buyer,
  submissionId: string,
  decision: { status: "approved" | "rejected"; note?: string },
  now: Date,
) {
  const approverId = asked.userId;
  const approver = requirePermission(await buyerNow(tx, asked), "approveOrders");
  const found = await submissionFor(tx, approver.companyId, submissionId);
  if (found.userId === approverId)
    throw new StoreError("Forbidden", "You cannot decide your own order: another approver or company admin does.");
  const [claimed] = await tx
    .update(orderApprovals)
    .set({ status: decision.status, decidedAt: now, decidedBy: approverId, note: decision.note ?? null })
    .where(
      and(
        eq(orderApprovals.id, submissionId),
        eq(orderApprovals.companyId, approver.companyId),
        eq(orderApprovals.status, "pending"),
      ),
    )
    .returning();
  if (!claimed) throw alreadyDecided(await submissionFor(tx, approver.companyId, submissionId));
  return { claimed, buyerEmail: found.buyerEmail, companyId: approver.companyId };
}

/**
 * Approves a pending submission and places its order in the same transaction, through the
 * checkout's placement code (prices, stock, promo, PO number and credit checked again). When the
 * order cannot be placed, the submission is marked as such and the buyer is told why.
 */
export async function approveSubmission(asked: Buyer, submissionId: string, now = new Date()) {
  // Only a refusal of the placement itself (after this approver won the decision) fails the submission.
  let decided = false;
  try {
    const placed = await db().transaction(async (tx) => {
      const { claimed, buyerEmail } = await claimDecision(tx, asked, submissionId, { status: "approved" }, now);
      decided = true;
      const lines = await tx
        .select({
          productId: orderApprovalItems.productId,
          quantity: orderApprovalItems.quantity,
          unit: orderApprovalItems.unit,
          packQuantity: orderApprovalItems.packQuantity,
        })
        .from(orderApprovalItems)
        .where(eq(orderApprovalItems.approvalId, submissionId));
      const order = await placeApprovedOrderIn(
        tx,
        {
          userId: claimed.userId,
          companyId: claimed.companyId,
          checkout: claimed.checkout as CheckoutInput,
          lines,
          promoCodeId: claimed.promoCodeId,
          quoteId: claimed.quoteId,
          submittedTotalCents: toCents(claimed.totalAmount),
        },
        now,
      );
      await tx.update(orderApprovals).set({ orderId: order.orderId }).where(eq(orderApprovals.id, submissionId));
      await queueMail(
        await orderApprovedMessage(buyerEmail, { total: claimed.totalAmount, orderNumber: order.orderNumber }),
        tx,
      );
      return order;
    });
    announce("stockChanged", { productIds: placed.productIds });
    return { orderNumber: placed.orderNumber };
  } catch (error) {
    if (!decided || !(error instanceof StoreError)) throw error;
    return failApproval(asked, submissionId, error.message, now);
  }
}

/** The approval could not place the order: the submission says why, and so does a mail to its buyer. */
async function failApproval(asked: Buyer, submissionId: string, reason: string, now: Date): Promise<never> {
  const approverId = asked.userId;
  await db().transaction(async (tx) => {
    const approver = requirePermission(await buyerNow(tx, asked), "approveOrders");
    const [failed] = await tx
      .update(orderApprovals)
      .set({ status: "failed", decidedAt: now, decidedBy: approverId, note: reason })
      .where(
        and(
          eq(orderApprovals.id, submissionId),
          eq(orderApprovals.companyId, approver.companyId),
          eq(orderApprovals.status, "pending"),
        ),
      )
      .returning({ userId: orderApprovals.userId, total: orderApprovals.totalAmount });
    if (!failed) throw alreadyDecided(await submissionFor(tx, approver.companyId, submissionId));
    const [buyer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, failed.userId));
    if (buyer) await queueMail(await approvedOrderFailedMessage(buyer.email, { total: failed.total, reason }), tx);
  });
  throw new StoreError("Conflict", `The order could not be placed: ${reason} The buyer has been told.`);
}

export async function rejectSubmission(
  approver: Buyer,
  { submissionId, note }: { submissionId: string; note: string },
  now = new Date(),
) {
  return db().transaction(async (tx) => {
    const { claimed, buyerEmail } = await claimDecision(tx, approver, submissionId, { status: "rejected", note }, now);
    await queueMail(await orderRejectedMessage(buyerEmail, { total: claimed.totalAmount, note }), tx);
    return { buyerEmail };
  });
}

/** The buyer takes back their own pending submission. */
export async function withdrawSubmission({ userId }: Buyer, submissionId: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(orderApprovals)
      .set({ status: "withdrawn", decidedAt: now, decidedBy: userId })
      .where(
        and(
          eq(orderApprovals.id, submissionId),
          eq(orderApprovals.userId, userId),
          eq(orderApprovals.status, "pending"),
        ),
      )
      .returning({ id: orderApprovals.id });
    if (withdrawn) return;
    const [own] = await tx
      .select({ companyId: orderApprovals.companyId })
      .from(orderApprovals)
      .where(and(eq(orderApprovals.id, submissionId), eq(orderApprovals.userId, userId)));
    if (!own) throw new StoreError("NotFound", submissionNotFound);
    throw alreadyDecided(await submissionFor(tx, own.companyId, submissionId));
  });
}
