// The checkout: what a buyer's order becomes, and the two ways to pay for it. `checkOut` decides,
// for the buyer, the cart or accepted quote and the parsed form: above the buyer's spend limits it
// is submitted for approval; on terms it is placed at once, within the company's credit; by card a
// payment is created for the total the server computed, the browser confirms the card with the
// provider, and the order is written once the provider says the payment succeeded (from the
// browser's "complete" or the provider's webhook, whichever comes first). The page and the
// decision price the cart once per request (`checkoutCart`).
import { randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { type CheckoutInput, checkoutSchema } from "../../domain/orders/checkout-schema";
import { submitForApproval } from "../approvals/approvals";
import { spendLimitReason } from "../approvals/spend-limits";
import type { Buyer } from "../companies/buyer";
import { buyerOf, requirePermission } from "../companies/buyer";
import { db } from "../db/client";
import { checkoutPayments, profiles, quotes } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { paymentProvider } from "../payments/configured";
import { ProviderUnavailable } from "../payments/provider";
import { type CartSummary, priceStoredCart, summarize } from "../pricing/price";
import { quoteNotFound } from "../quotes/moves";
import { checkOrderable, companyQuote, priceQuote } from "../quotes/quote-checkout";
import { checkBeforePlacing } from "./checkout-checks";
import { checkoutColumns } from "./checkout-columns";
import { type OrderSource, type PlacedOrder, placeOrder } from "./place-order";
import { PurchaseOrderProblem } from "./purchase-order";

/** What a checkout orders: the buyer's cart, or an accepted quote of their company. */
export type CheckoutSource = { cartId: string } | { quoteNumber: string };

type PricedCheckout = Awaited<ReturnType<typeof priceStoredCart>>;
type Quote = typeof quotes.$inferSelect;

/**
 * The cart or quote of one checkout request, priced at most once per shipping state: the page's
 * loader, the approval check and the card payment all read these figures. The order itself is
 * priced again under its locks (placeOrder).
 */
export interface CheckoutCart {
  readonly source: CheckoutSource;
  /** The quote checked out (NotFound when it is not the buyer's company's). */
  quote(): Promise<Quote>;
  /** Priced for `taxState`; a quote that cannot be ordered now is refused (Conflict). */
  priced(taxState: string): Promise<PricedCheckout>;
}

const requestCarts = new WeakMap<object, Map<string, CheckoutCart>>();

/** The checkout's cart for this request (`request` is the request's context, or any object that lives as long). */
export function checkoutCart(request: object, buyer: Buyer | null, source: CheckoutSource): CheckoutCart {
  const key = `${buyer?.userId ?? ""}|${"quoteNumber" in source ? `quote:${source.quoteNumber}` : `cart:${source.cartId}`}`;
  const carts = requestCarts.get(request) ?? new Map<string, CheckoutCart>();
  requestCarts.set(request, carts);
  const known = carts.get(key);
  if (known) return known;
  let quote: Promise<Quote> | undefined;
  const priced = new Map<string, Promise<PricedCheckout>>();
  const cart: CheckoutCart = {
    source,
    quote() {
      if (!("quoteNumber" in source) || !buyer) return Promise.reject(new StoreError("NotFound", quoteNotFound));
      quote ??= companyQuote(buyer, source.quoteNumber);
      return quote;
    },
    priced(taxState) {
      const known = priced.get(taxState);
      if (known) return known;
      const pricing =
        "quoteNumber" in source
          ? cart.quote().then(async (found) => {
              await checkOrderable(found, new Date());
              return priceQuote(found, { taxState, buyer });
            })
          : priceStoredCart(source.cartId, { taxState, buyer });
      priced.set(taxState, pricing);
      return pricing;
    },
  };
  carts.set(key, cart);
  return cart;
}

/**
 * Why the buyer's cart or accepted quote, shipped to `taxState`, needs approval
 * (docs/decisions/approvals.md); null when it may be placed.
 */
export async function approvalReason(buyer: Buyer, cart: CheckoutCart, taxState: string, now = new Date()) {
  if (!buyer.company) return null;
  const priced = await cart.priced(taxState);
  return spendLimitReason(db(), buyer, priced.totals.totalCents, now);
}

/** A card payment started, as the page shows it (the cart as priced for it is `charged`). */
export type StartedCardPayment = Omit<CardPayment, "cart">;

/** What a checkout came to; the page only shows it. */
export type CheckoutOutcome =
  /** Written at once, on the company's terms (30, 60 or 90 days). */
  | { kind: "placed"; orderNumber: string; termsDays: number }
  /** Above the buyer's spend limits: submitted to the company's approvers. */
  | { kind: "approval"; submissionId: string; reason: string }
  /** The card is asked for: a payment for the total computed here, and the figures it is for. */
  | { kind: "card"; payment: StartedCardPayment; charged: CartSummary }
  /**
   * Refused by the rules: the error says why (its kind, its status). A PO number problem found
   * before placing is the `poNumber` field's; a PO number used before is asked about beside it.
   */
  | {
      kind: "refused";
      error: StoreError;
      field?: "poNumber";
      usedPo?: { poNumber: string; orderNumber: string };
    };

/**
 * Checks out the cart or quote for the buyer with the parsed form: refuses what cannot be ordered
 * (role, ship-to, PO number) before anything is charged, keeps the form's contact and addresses for
 * next time, then submits for approval, places on terms, or starts the card payment.
 */
export async function checkOut(buyer: Buyer, cart: CheckoutCart, checkout: CheckoutInput): Promise<CheckoutOutcome> {
  try {
    await checkBeforePlacing(buyer, checkout);
  } catch (error) {
    if (!(error instanceof PurchaseOrderProblem)) return refusedBy(error);
    if (error.usedOn && checkout.poNumber)
      return { kind: "refused", error, usedPo: { poNumber: checkout.poNumber, orderNumber: error.usedOn } };
    return { kind: "refused", error, field: "poNumber" };
  }
  await saveCheckoutToProfile(buyer, checkout);
  return decide(buyer, cart, checkout).catch(refusedBy);
}

async function decide(buyer: Buyer, cart: CheckoutCart, checkout: CheckoutInput): Promise<CheckoutOutcome> {
  const { source } = cart;
  const reason = await approvalReason(buyer, cart, checkout.shipping.state);
  // An accepted quote above the limits waits for approval as a cart does (at the quote's prices).
  const ordered: OrderSource = "cartId" in source ? source : { quoteId: (await cart.quote()).id };
  if (reason) {
    const submission = await submitForApproval(buyer, ordered, checkout);
    return { kind: "approval", submissionId: submission.id, reason: submission.reason };
  }
  if (checkout.paymentMethod === "net_30") {
    const { orderNumber, termsDays } = await placeOrder({ buyer, ...ordered, checkout });
    return { kind: "placed", orderNumber, termsDays: termsDays ?? 30 };
  }
  const { cart: charged, ...payment } = await startPayment(buyer, ordered, checkout, cart);
  return { kind: "card", payment, charged };
}

const refusedBy = (error: unknown): CheckoutOutcome => {
  if (!(error instanceof StoreError)) throw error;
  return { kind: "refused", error };
};

/** The checkout's contact and addresses become the profile's, for next time (docs/product-rules.md, Checkout). */
export async function saveCheckoutToProfile(buyer: Buyer, checkout: CheckoutInput) {
  const { userId } = buyer;
  await db()
    .update(profiles)
    .set({ ...checkoutColumns(checkout), sameAsShipping: checkout.sameAsShipping })
    .where(eq(profiles.userId, userId));
}

/** The cart priced for this checkout and buyer, refused up front when it could not become an order. */
async function checkedCart(buyer: Buyer, cartId: string, checkout: CheckoutInput) {
  const { userId } = buyer;
  return withoutProblems(priceStoredCart(cartId, { taxState: checkout.shipping.state, buyer }));
}

/** A priced cart or quote that could become an order; the first of its problems otherwise (Conflict). */
async function withoutProblems<Priced extends { problems: string[] }>(pricing: Promise<Priced>): Promise<Priced> {
  const priced = await pricing;
  const [problem] = priced.problems;
  if (problem) throw new StoreError("Conflict", problem);
  return priced;
}

/** The accepted quote priced for this checkout, refused up front when it could not become an order. */
async function checkedQuote(buyer: Buyer, quoteId: string, checkout: CheckoutInput) {
  const { userId } = buyer;
  const [quote] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new StoreError("NotFound", quoteNotFound);
  await checkOrderable(quote, new Date());
  return withoutProblems(priceQuote(quote, { taxState: checkout.shipping.state, buyer }));
}

/** A provider that gave no answer becomes a message the buyer can act on; the cause goes to the log. */
export const unreachable =
  (message: string) =>
  (error: unknown): never => {
    if (!(error instanceof ProviderUnavailable)) throw error;
    logger.error({ err: error }, "the payment provider did not answer");
    throw new StoreError("Unavailable", message);
  };

/** A card payment whose order cannot be written because what it was for is missing. */
export const missingOrderInformation = "Missing order information.";

export interface CardPayment {
  paymentId: string;
  clientSecret: string;
  amount: string;
  /** The cart as priced for this payment: what the buyer is asked to pay for. */
  cart: CartSummary;
}

/** Creates the provider payment for the server's total and keeps the checkout it pays for. */
export async function startCardPayment(buyer: Buyer, cartId: string, checkout: CheckoutInput): Promise<CardPayment> {
  return startPayment(buyer, { cartId }, checkout);
}

/** The card payment for an accepted quote at its quoted prices (server/quotes/quote-checkout.ts). */
export async function startQuoteCardPayment(buyer: Buyer, quoteNumber: string, checkout: CheckoutInput) {
  const quote = await companyQuote(buyer, quoteNumber);
  return startPayment(buyer, { quoteId: quote.id }, checkout);
}

async function startPayment(
  buyer: Buyer,
  paysFor: OrderSource,
  checkout: CheckoutInput,
  shared?: CheckoutCart,
): Promise<CardPayment> {
  const { userId } = buyer;
  await requirePermission(buyer, "placeOrders");
  const cart = shared
    ? await withoutProblems(shared.priced(checkout.shipping.state))
    : "cartId" in paysFor
      ? await checkedCart(buyer, paysFor.cartId, checkout)
      : await checkedQuote(buyer, paysFor.quoteId, checkout);
  const totalCents = cart.totals.totalCents;
  const total = fromCents(totalCents);
  const provider = paymentProvider();
  const id = randomUUID();
  const payment = await provider
    .create({
      amountCents: totalCents,
      email: checkout.email,
      idempotencyKey: `checkout-payment-${id}`,
      reference: id,
    })
    .catch(
      unreachable("The payment service is not answering, so no payment was taken. Please try again in a few minutes."),
    );
  await db()
    .insert(checkoutPayments)
    .values({
      id,
      userId,
      cartId: "cartId" in paysFor ? paysFor.cartId : null,
      quoteId: "quoteId" in paysFor ? paysFor.quoteId : null,
      provider: provider.name,
      providerPaymentId: payment.id,
      amount: total,
      checkout,
    });
  return { paymentId: payment.id, clientSecret: payment.clientSecret, amount: total, cart: summarize(cart) };
}

/**
 * Writes the order for a payment the provider says succeeded, exactly once. When the order cannot
 * be written (stock or promo gone, cart changed), the payment is refunded and the buyer told so.
 * `userId` is given when a buyer asks; the webhook asks without one.
 */
// Providers name payments with letters, digits, _ and - (Stripe's pi_…, the test processor's tp_…).
export const PAYMENT_ID = /^[\w-]{1,255}$/;

export async function completeCardPayment(providerPaymentId: string, userId?: string): Promise<PlacedOrder> {
  const provider = paymentProvider();
  // Text no provider would send (a NUL the database refuses, 10 KB from a form) is not looked up.
  const [row] = PAYMENT_ID.test(providerPaymentId)
    ? await db()
        .select()
        .from(checkoutPayments)
        .where(
          and(eq(checkoutPayments.provider, provider.name), eq(checkoutPayments.providerPaymentId, providerPaymentId)),
        )
    : [];
  if (!row || (userId !== undefined && row.userId !== userId))
    throw new StoreError("NotFound", "This payment could not be found. Please place the order again.");

  const payment = await provider
    .retrieve(providerPaymentId)
    .catch(
      unreachable(
        "The payment service is not answering, so your payment could not be confirmed. If your card was charged, your order will be placed within a few minutes and confirmed by e-mail.",
      ),
    );
  if (payment.status !== "succeeded") throw new StoreError("Invalid", payment.failureMessage ?? "Payment failed");
  if (payment.amountCents !== toCents(row.amount))
    throw new Error(`Payment ${payment.id} amount differs from its checkout.`);

  // A checkout kept with its payment that no longer reads as one cannot become an order.
  const checkout = checkoutSchema.safeParse(row.checkout);
  if (!checkout.success) return refundUnorderedPayment(row.id, providerPaymentId, missingOrderInformation, row.amount);
  // The buyer the payment was started by, as they stand now (the browser's "complete" and the
  // provider's webhook alike: the webhook has no session to read one from).
  const buyer = await buyerOf(row.userId);
  if (!buyer) return refundUnorderedPayment(row.id, providerPaymentId, missingOrderInformation, row.amount);
  try {
    const paid = { checkoutPaymentId: row.id, providerPaymentId, amountCents: payment.amountCents };
    if (row.quoteId) return await placeOrder({ buyer, quoteId: row.quoteId, checkout: checkout.data, payment: paid });
    if (!row.cartId) return refundUnorderedPayment(row.id, providerPaymentId, missingOrderInformation, row.amount);
    return await placeOrder({ buyer, cartId: row.cartId, checkout: checkout.data, payment: paid });
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return refundUnorderedPayment(row.id, providerPaymentId, error.message, row.amount);
  }
}

/** The order was refused: the payment is given back, unless a concurrent attempt wrote its order meanwhile. */
async function refundUnorderedPayment(
  checkoutPaymentId: string,
  providerPaymentId: string,
  reason: string,
  amount: string,
): Promise<PlacedOrder> {
  const failure = `${reason} Your payment of ${formatUsd(amount)} has been refunded.`;
  const [claimed] = await db()
    .update(checkoutPayments)
    .set({ status: "refunded", failure, updatedAt: new Date() })
    .where(and(eq(checkoutPayments.id, checkoutPaymentId), eq(checkoutPayments.status, "open")))
    .returning({ id: checkoutPayments.id });
  if (!claimed) {
    const [current] = await db().select().from(checkoutPayments).where(eq(checkoutPayments.id, checkoutPaymentId));
    if (current?.status === "ordered" && current.orderId) return completeCardPayment(providerPaymentId);
    throw new StoreError("Conflict", current?.failure ?? failure);
  }
  try {
    await paymentProvider().refund(providerPaymentId, `refund-${checkoutPaymentId}`);
    logger.warn({ providerPaymentId, reason }, "card payment refunded: its order could not be written");
  } catch (error) {
    // The buyer is not left waiting on the provider; an operator finishes the refund by hand.
    logger.error({ err: error, providerPaymentId, checkoutPaymentId }, "REFUND FAILED: refund this payment by hand");
    throw new StoreError("Conflict", `${reason} Your payment of ${formatUsd(amount)} will be refunded.`);
  }
  throw new StoreError("Conflict", failure);
}

export async function placeTermsOrder(buyer: Buyer, cartId: string, checkout: CheckoutInput): Promise<PlacedOrder> {
  return placeOrder({ buyer, cartId, checkout });
}

/** An accepted quote's order on the company's terms. */
export async function placeTermsQuoteOrder(
  buyer: Buyer,
  quoteNumber: string,
  checkout: CheckoutInput,
): Promise<PlacedOrder> {
  const quote = await companyQuote(buyer, quoteNumber);
  return placeOrder({ buyer, quoteId: quote.id, checkout });
}

const RECONCILE_AFTER_MS = 2 * 60_000;
const ABANDON_AFTER_MS = 24 * 60 * 60_000;

/**
 * Card payments left open: the buyer paid but closed the page before the order was written, and
 * no webhook came (the test processor sends none). Each is asked about again: a succeeded one
 * gets its order (or its refund); one never paid within a day is given up.
 */
export async function reconcileOpenPayments(now = new Date()): Promise<number> {
  const open = await db()
    .select()
    .from(checkoutPayments)
    .where(
      and(
        eq(checkoutPayments.status, "open"),
        eq(checkoutPayments.provider, paymentProvider().name),
        lt(checkoutPayments.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .limit(100);
  let settled = 0;
  for (const row of open) {
    try {
      const payment = await paymentProvider().retrieve(row.providerPaymentId);
      if (payment.status === "succeeded") {
        await completeCardPayment(row.providerPaymentId).catch((error: unknown) => {
          if (!(error instanceof StoreError)) throw error; // refunded, and the reason logged
        });
        settled += 1;
      } else if (payment.status === "canceled" || now.getTime() - row.createdAt.getTime() > ABANDON_AFTER_MS) {
        await db()
          .update(checkoutPayments)
          .set({ status: "abandoned", updatedAt: now })
          .where(and(eq(checkoutPayments.id, row.id), eq(checkoutPayments.status, "open")));
        settled += 1;
      }
    } catch (error) {
      logger.error({ err: error, providerPaymentId: row.providerPaymentId }, "could not reconcile a card payment");
    }
  }
  return settled;
}

/** Reconciles open card payments every minute until stopped. */
export function startPaymentReconciliation(intervalMs = 60_000): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => reconcileOpenPayments())
      .catch((error) => logger.error({ err: error }, "payment reconciliation failed"));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
