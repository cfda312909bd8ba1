// Writing an order: one transaction of named steps. Check the buyer's role in their company allows
// ordering, lock the buyer's cart, claim the card payment,
// price the cart (locking its products and promo, with the company's contract prices in force
// today and its tax-exempt certificates read afresh), refuse what cannot be ordered, check the PO
// number, check the payment or the company's terms credit, check the company's standing (no invoice long
// overdue), refuse an order above the buyer's spend limits (it waits for approval instead), take
// from stock what ships now (a back-orderable part's rest is back-ordered: docs/decisions/back-orders.md),
// redeem the promo, write the order (a terms order with its invoice
// number) and its first status, save a new ship-to the buyer asked to keep, close the cart and
// queue the confirmation, with the invoice or receipt attached, to the buyer's address. Any
// refusal rolls all of it back; once committed, the stock change is announced. An order through
// the API (server/api) has lines instead of a cart and goes through the same steps on terms; an
// approved submission goes through the same checks and writing steps (placeApprovedOrderIn).
//
// Locks are always taken in the same order (the buyer's cart or quote, or the submission and then
// its quote, the payment, the buyer's member row, products by id, the promo, the company), so concurrent checkouts wait for
// each other instead of deadlocking. The company row's lock is what makes two members ordering
// at once on terms use its one credit limit one after the other (docs/decisions/companies.md).
// Products, the promo and the company are locked FOR NO KEY UPDATE: it queues orders behind each
// other as FOR UPDATE does, but not the share lock a new row's foreign key takes on them (an API
// key's idempotency record or a submission names the company, a submission's lines name products,
// each early in its own transaction), which otherwise closed a circle with an order waiting for
// the company while holding the products (three deadlocks in one soak).
import { and, eq, sql } from "drizzle-orm";
import { shipToToSave } from "../../domain/addresses/address-book";
import { type SaleUnitOf, saleUnitOf, unitChangedMessage } from "../../domain/catalog/sale-units";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { type Cents, fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import type { LineSplit } from "../../domain/orders/backorders";
import type { CheckoutInput } from "../../domain/orders/checkout-schema";
import { placedStatus } from "../../domain/orders/lifecycle";
import { orderShipPromise } from "../../domain/orders/ship-today";
import { emptyCartMessage } from "../../domain/pricing/price-cart";
import { dueDay, formatInvoiceNumber, termsName } from "../../domain/terms/terms";
import { addShipToIn } from "../address-book/address-book";
import { spendLimitReason } from "../approvals/spend-limits";
import { type Buyer, buyerCan, buyerOf, lockedBuyer, membershipOf, requirePermission } from "../companies/buyer";
import { type Database, db } from "../db/client";
import {
  cartItems,
  carts,
  checkoutPayments,
  orderItems,
  orders,
  type PaymentMethod,
  products,
  promoCodes,
} from "../db/schema";
import { orderDocumentAttachment } from "../documents/order-document";
import { StoreError } from "../errors";
import { announce } from "../events";
import { queueMail } from "../mail/mailer";
import { lineColumns, priceProductLines, priceStoredCart, totalsColumns } from "../pricing/price";
import { lockQuote, quoteNotFound } from "../quotes/moves";
import { checkOrderable, markQuoteOrdered, orderNumberOf, priceQuote } from "../quotes/quote-checkout";
import { creditHoldOf, lockedGrant, openCredits, openInvoices, usedCreditCents } from "../terms/account-terms";
import { readStoreSettings } from "../terms/settings";
import { checkoutColumns } from "./checkout-columns";
import { type OrderWithItems, orderConfirmationMessage } from "./messages";
import { newOrderNumber } from "./order-number";
import { checkPurchaseOrder, purchaseOrderColumns } from "./purchase-order";
import { recordOrderStatus } from "./status-history";

/** What an order is placed from: the buyer's cart, or an accepted quote of their company (by its id). */
export type OrderSource = { cartId: string } | { quoteId: string };

/** A card order names the checkout payment it is written for and the amount the provider took. */
interface CardPaid {
  checkoutPaymentId: string;
  providerPaymentId: string;
  amountCents: Cents;
}

export interface OrderRequest {
  buyer: Buyer;
  cartId: string;
  checkout: CheckoutInput;
  payment?: CardPaid;
  now?: Date;
}

/**
 * An accepted quote's order (docs/decisions/quotes.md): its lines and prices are the accepted
 * version's, by card or on terms; the buyer's cart is not touched.
 */
export interface QuoteOrderRequest {
  buyer: Buyer;
  quoteId: string;
  checkout: CheckoutInput;
  payment?: CardPaid;
  now?: Date;
}

/** An order of lines given outright, on the company's terms (the API's orders): no cart, no card. */
export interface LinesOrderRequest {
  buyer: Buyer;
  lines: readonly { productId: string; quantity: number }[];
  checkout: CheckoutInput;
  now?: Date;
}

export interface PlacedOrder {
  orderNumber: string;
  /** False when this payment's order already existed (a retry, a double click, a webhook repeat). */
  created: boolean;
  /** A terms order's terms (30, 60 or 90); a card order has none. */
  termsDays?: number;
}

type PricedCart = Awaited<ReturnType<typeof priceStoredCart>>;

export async function placeOrder(request: OrderRequest | QuoteOrderRequest): Promise<PlacedOrder> {
  const { productIds, ...placed } = await db().transaction((tx) => placeOrderIn(tx, request));
  if (placed.created) announce("stockChanged", { productIds });
  return placed;
}

/**
 * Places an order of `lines` inside the caller's transaction, through the same steps as a cart's
 * terms order (the API keeps its idempotency record in that transaction). The caller announces
 * the stock change of `productIds` once committed.
 */
export function placeLinesOrderIn(tx: Database, request: LinesOrderRequest) {
  return placeOrderIn(tx, request);
}

async function placeOrderIn(
  tx: Database,
  request: OrderRequest | LinesOrderRequest | QuoteOrderRequest,
): Promise<PlacedOrder & { productIds: string[] }> {
  const { checkout, now = new Date() } = request;
  const { userId } = request.buyer;
  const payment = "payment" in request ? request.payment : undefined;
  const asked = requirePermission(request.buyer, "placeOrders");
  if ("cartId" in request) {
    const cartFound = await lockCart(tx, userId, request.cartId);
    if (payment) {
      const existing = await claimPayment(tx, payment);
      if (existing) return { orderNumber: existing, created: false, productIds: [] };
    }
    if (!cartFound) throw new StoreError("Conflict", emptyCartMessage);
  }
  // A quote's row is locked first, as a cart's is: a second placement (a double click, the webhook
  // beside the browser) waits, then finds the quote ordered and answers with the same order.
  const quote = "quoteId" in request ? await lockQuote(tx, request.quoteId) : undefined;
  if (quote) {
    if (quote.companyId !== asked.companyId) throw new StoreError("NotFound", quoteNotFound);
    const existing = payment ? await claimPayment(tx, payment) : await orderNumberOf(quote, tx);
    if (existing) return { orderNumber: existing, created: false, productIds: [] };
    await checkOrderable(quote, now, tx);
  }
  // The buyer is read again under their member row's lock: a buyer's orders, through the checkout
  // and the API at once, check the monthly limit one after the other, and a member removed, or a
  // limit lowered, meanwhile is seen.
  const buyer = await lockedBuyer(tx, userId);
  requirePermission(buyer, "placeOrders");

  // The company's contract prices and certificates are read again here, inside the order: a rule
  // ended or a certificate rejected or expired since the checkout page was shown no longer applies.
  const read = { executor: tx, lock: true, taxState: checkout.shipping.state, buyer, now };
  const cart =
    "cartId" in request
      ? await priceStoredCart(request.cartId, read)
      : quote
        ? await priceQuote(quote, read)
        : await priceProductLines((request as LinesOrderRequest).lines, read);
  const termsDays = await checkOrder(tx, { buyer, checkout, payment, cart, now });
  // Above the buyer's spend limit the order waits for an approver (docs/decisions/approvals.md).
  const needsApproval = await spendLimitReason(tx, buyer, cart.totals.totalCents, now);
  if (needsApproval) throw new StoreError("Conflict", needsApproval);

  const order = await writeCheckedOrder(tx, { buyer, checkout, payment, termsDays, cart, now });
  if ("cartId" in request) await closeCart(tx, { cartId: request.cartId, payment, orderId: order.id, now });
  if (quote) {
    await markQuoteOrdered(tx, { quoteId: quote.id, orderId: order.id, orderNumber: order.orderNumber, userId, now });
    if (payment) await tiePayment(tx, { payment, orderId: order.id, now });
  }
  await queueConfirmation(tx, order, buyer.email);
  return {
    orderNumber: order.orderNumber,
    created: true,
    ...(termsDays === null ? {} : { termsDays }),
    productIds: cart.lines.map((line) => line.productId),
  };
}

/** A submission an approver approved: its buyer, company, checkout and the lines as priced then. */
export interface ApprovedSubmission {
  userId: string;
  companyId: string;
  checkout: CheckoutInput;
  /** Each in the unit and pack it was asked in. */
  lines: ({ productId: string; quantity: number } & SaleUnitOf)[];
  promoCodeId: string | null;
  /** An accepted quote's submission: placed at the quote's prices, and the quote becomes ordered. */
  quoteId: string | null;
  submittedTotalCents: Cents;
}

/**
 * Places an approved order inside the approval's transaction, through the same checks and steps
 * as a checkout, on the company's terms: the prices, stock, promo, PO number and credit are checked
 * again, and any change since the buyer submitted it refuses it with what changed.
 */
export async function placeApprovedOrderIn(
  tx: Database,
  submission: ApprovedSubmission,
  now: Date,
): Promise<{ orderId: string; orderNumber: string; productIds: string[] }> {
  // A quote's row is locked before anything else it orders, as a checkout of it locks it: it may
  // have been ordered, have expired or been revised since the buyer submitted it.
  const quote = submission.quoteId ? await lockQuote(tx, submission.quoteId) : undefined;
  if (quote) await checkOrderable(quote, now, tx);
  const buyer = await buyerOf(submission.userId, tx);
  if (!buyer || buyer.company?.id !== submission.companyId || !buyerCan(buyer, "placeOrders"))
    throw new StoreError("Conflict", "The buyer no longer orders for your company, so this order cannot be placed.");
  // Priced again as the cart or the quote was: a quote at its quoted prices; a cart at the
  // company's contract prices and with the certificates of that day.
  const read = { executor: tx, lock: true, taxState: submission.checkout.shipping.state, buyer, now };
  const cart = quote
    ? await priceQuote(quote, read)
    : await priceProductLines(submission.lines, { ...read, promoCodeId: submission.promoCodeId });
  // The quantity approved counts the unit it was asked in: a part since sold in another is not
  // bought in that one (10 boxes are not 10 pieces).
  for (const line of cart.lines) {
    const asked = submission.lines.find((each) => each.productId === line.productId);
    if (asked && (asked.unit !== line.unit || asked.packQuantity !== line.packQuantity))
      throw new StoreError("Conflict", unitChangedMessage(line.name, asked, line));
  }
  const termsDays = await checkOrder(tx, {
    buyer,
    checkout: submission.checkout,
    cart,
    now,
    expectedTotalCents: submission.submittedTotalCents,
  });
  const order = await writeCheckedOrder(tx, { buyer, checkout: submission.checkout, termsDays, cart, now });
  if (quote) {
    const { orderNumber } = order;
    await markQuoteOrdered(tx, { quoteId: quote.id, orderId: order.id, orderNumber, userId: buyer.userId, now });
  }
  await queueConfirmation(tx, order, buyer.email);
  return { orderId: order.id, orderNumber: order.orderNumber, productIds: cart.lines.map((line) => line.productId) };
}

/**
 * What every order must pass, in its transaction: nothing in the cart refused, the total what the
 * approver saw (for an approved order), the PO number, then the card's amount or the company's
 * terms. Returns the terms' days (null for a card order).
 */
async function checkOrder(
  tx: Database,
  {
    buyer,
    checkout,
    payment,
    cart,
    now,
    expectedTotalCents,
  }: {
    buyer: Buyer;
    checkout: CheckoutInput;
    payment?: CardPaid;
    cart: PricedCart;
    now: Date;
    expectedTotalCents?: Cents;
  },
): Promise<number | null> {
  const [problem] = cart.problems;
  if (problem) throw new StoreError("Conflict", problem);
  if (expectedTotalCents !== undefined && cart.totals.totalCents !== expectedTotalCents)
    throw new StoreError(
      "Conflict",
      `Prices changed since the order was submitted: it now comes to ${formatUsd(fromCents(cart.totals.totalCents))}, not ${formatUsd(fromCents(expectedTotalCents))}.`,
    );
  await checkPurchaseOrder(buyer, checkout, tx);
  if (payment) {
    checkPaidAmount(payment, cart.totals.totalCents);
    return null;
  }
  const { companyId } = membershipOf(buyer);
  const termsDays = await checkCredit(tx, companyId, cart.totals.totalCents);
  await checkAccountRules(tx, companyId, now);
  return termsDays;
}

/** Takes the stock, counts the promo, writes the order, its first status and a ship-to to keep. */
async function writeCheckedOrder(
  tx: Database,
  args: {
    buyer: Buyer;
    checkout: CheckoutInput;
    payment?: CardPaid;
    termsDays: number | null;
    cart: PricedCart;
    now: Date;
  },
) {
  await takeStock(tx, args.cart);
  await redeemPromo(tx, args.cart);
  const order = await writeOrder(tx, args);
  await recordOrderStatus(tx, {
    orderId: order.id,
    status: order.status,
    at: args.now,
    note: placedNote(args.termsDays),
  });
  await saveShipTo(tx, args.buyer, args.checkout);
  return order;
}

/** The buyer's own cart, locked; false when it is not theirs or gone. */
async function lockCart(tx: Database, userId: string, cartId: string): Promise<boolean> {
  const [cart] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)))
    .for("update");
  return cart !== undefined;
}

/** Locks the checkout payment; the order number when this payment's order is already written. */
async function claimPayment(tx: Database, payment: CardPaid): Promise<string | undefined> {
  const [existing] = await tx
    .select({ status: checkoutPayments.status, failure: checkoutPayments.failure, orderNumber: orders.orderNumber })
    .from(checkoutPayments)
    .leftJoin(orders, eq(orders.id, checkoutPayments.orderId))
    .where(eq(checkoutPayments.id, payment.checkoutPaymentId))
    .for("update", { of: checkoutPayments });
  if (!existing) throw new Error(`Checkout payment ${payment.checkoutPaymentId} is missing.`);
  if (existing.orderNumber) return existing.orderNumber;
  if (existing.status !== "open") throw new StoreError("Conflict", existing.failure ?? "This payment was refunded.");
  return undefined;
}

/** The card paid what the cart comes to now, or the cart changed while the buyer was paying. */
function checkPaidAmount(payment: CardPaid, totalCents: Cents) {
  if (payment.amountCents !== totalCents)
    throw new StoreError(
      "Conflict",
      `Your cart changed while you were paying: the order now comes to ${formatUsd(fromCents(totalCents))}, not ${formatUsd(fromCents(payment.amountCents))}.`,
    );
}

/**
 * Terms need an approved company with room under its limit for all its members' unpaid (not
 * cancelled) terms orders plus this one. The company row stays locked to the end of the order's
 * transaction, so the open invoices read here cannot grow under it. Returns the terms (30, 60 or 90 days).
 */
async function checkCredit(tx: Database, companyId: string, totalCents: Cents): Promise<number> {
  const profile = await lockedGrant(tx, companyId);
  if (!profile?.approved)
    throw new StoreError("Forbidden", "Net 30 terms are not approved for your account. Please pay by card.");
  const used = usedCreditCents(await openInvoices(companyId, tx), await openCredits(companyId, tx));
  const availableCents = Math.max(0, toCents(profile.creditLimit) - used);
  if (totalCents > availableCents)
    throw new StoreError(
      "Conflict",
      `This order of ${formatUsd(fromCents(totalCents))} would exceed your ${termsName(profile.termsDays)} credit limit. Available credit: ${formatUsd(fromCents(availableCents))}.`,
    );
  return profile.termsDays;
}

/** No new terms orders while an invoice is longer past due than the store allows (its admin setting). */
async function checkAccountRules(tx: Database, companyId: string, now: Date) {
  const hold = await creditHoldOf(companyId, now, tx);
  if (hold) throw new StoreError("Forbidden", hold);
}

/**
 * Takes what ships now from stock; the back-ordered rest is not taken, but owed on the order line.
 * The products are locked and each line's split was made from their stock, so this cannot take
 * stock below zero.
 */
async function takeStock(tx: Database, { lines }: PricedCart) {
  for (const line of lines) {
    const { shipNow } = suppliedSplit(line);
    if (shipNow === 0) continue;
    await tx
      .update(products)
      .set({ stockLevel: sql`${products.stockLevel} - ${shipNow}` })
      .where(eq(products.id, line.productId));
  }
}

/** A line checkOrder let through has a split: the stock supplies it, all now or the rest back-ordered. */
function suppliedSplit(line: PricedCart["lines"][number]): LineSplit {
  if (!line.split) throw new Error(`${line.partNumber} reached the order without a split of its quantity.`);
  return line.split;
}

/** Counts the promo's use; the promo row is locked and was re-checked against its limit. */
async function redeemPromo(tx: Database, { promo }: PricedCart) {
  if (!promo) return;
  await tx
    .update(promoCodes)
    .set({ currentUses: sql`${promoCodes.currentUses} + 1` })
    .where(eq(promoCodes.id, promo.id));
}

async function writeOrder(
  tx: Database,
  {
    buyer,
    checkout,
    payment,
    termsDays,
    cart: { lines, promo, taxRate, taxExemption, totals },
    now,
  }: {
    buyer: Buyer;
    checkout: CheckoutInput;
    payment?: CardPaid;
    termsDays: number | null;
    cart: PricedCart;
    now: Date;
  },
) {
  const paymentMethod: PaymentMethod = payment ? "credit_card" : "on_terms";
  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyer.userId,
      companyId: membershipOf(buyer).companyId,
      orderNumber: newOrderNumber(now),
      orderDate: now,
      status: placedStatus[paymentMethod],
      ...totalsColumns(totals),
      promoCode: promo?.code ?? null,
      taxRatePpm: taxRate,
      taxExemptCertificate: taxExemption?.certificateNumber ?? null,
      paymentMethod,
      paymentId: payment?.providerPaymentId ?? null,
      // The due day, in the store's time zone: the order's day plus the terms (kept as that day's start).
      paymentDueDate: termsDays === null ? null : startOfStoreDay(dueDay(now, termsDays)),
      termsDays,
      invoiceNumber: termsDays === null ? null : await nextInvoiceNumber(tx),
      paidAt: payment ? now : null,
      email: checkout.email,
      ...checkoutColumns(checkout),
      ...purchaseOrderColumns(checkout),
    })
    .returning();
  if (!order) throw new Error("The order row was not written.");
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((line) => {
        const { shipNow, backordered, expectedOn } = suppliedSplit(line);
        return {
          orderId: order.id,
          ...lineColumns(line),
          ...saleUnitOf(line),
          allocatedQuantity: shipNow,
          backorderedQuantity: backordered,
          backorderExpectedOn: expectedOn,
          listUnitPrice: line.contractApplied ? fromCents(line.listPriceCents) : null,
        };
      }),
    )
    .returning();
  return { ...order, items };
}

const placedNote = (termsDays: number | null) =>
  termsDays === null ? "Order placed and paid by card" : `Order placed on ${termsName(termsDays)} terms`;

/** A new address the buyer asked to keep goes into the company's address book, only with the order it ships. */
async function saveShipTo(tx: Database, buyer: Buyer, checkout: CheckoutInput) {
  const shipTo = shipToToSave(checkout, checkout.shipping);
  if (shipTo) await addShipToIn(tx, buyer, shipTo);
}

/** The next number of the invoice sequence, which never hands one out twice. */
async function nextInvoiceNumber(tx: Database): Promise<string> {
  const result = await tx.execute<{ n: string }>(sql`select nextval('invoice_number_seq')::text as n`);
  const n = result.rows[0]?.n;
  if (!n) throw new Error("The invoice number sequence gave no number.");
  return formatInvoiceNumber(BigInt(n));
}

/** The confirmation to the account's address, with the order's invoice or receipt attached. */
async function queueConfirmation(tx: Database, order: OrderWithItems, email: string) {
  const { shipCutoff } = await readStoreSettings(tx);
  const message = await orderConfirmationMessage(order, email, orderShipPromise(order, shipCutoff, order.orderDate));
  await queueMail({ ...message, attachments: [await orderDocumentAttachment(order)] }, tx);
}

/** Empties the cart, drops its promo, and ties the card payment to its order. */
async function closeCart(
  tx: Database,
  { cartId, payment, orderId, now }: { cartId: string; payment?: CardPaid; orderId: string; now: Date },
) {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
  await tx.update(carts).set({ promoCodeId: null, updatedAt: now }).where(eq(carts.id, cartId));
  if (payment) await tiePayment(tx, { payment, orderId, now });
}

/** Ties the card payment to the order it paid for. */
async function tiePayment(tx: Database, { payment, orderId, now }: { payment: CardPaid; orderId: string; now: Date }) {
  await tx
    .update(checkoutPayments)
    .set({ status: "ordered", orderId, updatedAt: now })
    .where(eq(checkoutPayments.id, payment.checkoutPaymentId));
}
