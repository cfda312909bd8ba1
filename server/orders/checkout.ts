// The two ways to check out. Card: the server creates a payment for the total it computed, the
// browser confirms the card with the provider, and the order is written once the provider says
// the payment succeeded (from the browser's "complete" or the provider's webhook, whichever comes
// first). Net 30: the order is written at once, within the buyer's credit.
import { randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { type CheckoutInput, checkoutSchema } from "../../domain/orders/checkout-schema";
import { type Buyer, buyerOf, requirePermission } from "../companies/buyer";
import { db } from "../db/client";
import { checkoutPayments, profiles, quotes } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { paymentProvider } from "../payments/configured";
import { ProviderUnavailable } from "../payments/provider";
import { type CartSummary, priceStoredCart, summarize } from "../pricing/price";
import { quoteNotFound } from "../quotes/moves";
import { checkOrderable, companyQuote, priceQuote } from "../quotes/quote-checkout";
import { checkoutColumns } from "./checkout-columns";
import { type PlacedOrder, placeOrder } from "./place-order";

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
  const cart = await priceStoredCart(cartId, { taxState: checkout.shipping.state, buyer });
  const [problem] = cart.problems;
  if (problem) throw new StoreError("Conflict", problem);
  return cart;
}

/** The accepted quote priced for this checkout, refused up front when it could not become an order. */
async function checkedQuote(buyer: Buyer, quoteId: string, checkout: CheckoutInput) {
  const [quote] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new StoreError("NotFound", quoteNotFound);
  await checkOrderable(quote, new Date());
  const priced = await priceQuote(quote, { taxState: checkout.shipping.state, buyer });
  const [problem] = priced.problems;
  if (problem) throw new StoreError("Conflict", problem);
  return priced;
}

/** A provider that gave no answer becomes a message the buyer can act on; the cause goes to the log. */
const unreachable =
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

/** What a card payment pays for: the buyer's cart, or an accepted quote (by its id). */
export type PaymentFor = { cartId: string } | { quoteId: string };

/** Creates the provider payment for the server's total and keeps the checkout it pays for. */
export async function startCardPayment(buyer: Buyer, cartId: string, checkout: CheckoutInput): Promise<CardPayment> {
  return startPayment(buyer, { cartId }, checkout);
}

/** The card payment for an accepted quote at its quoted prices (server/quotes/quote-checkout.ts). */
export async function startQuoteCardPayment(buyer: Buyer, quoteNumber: string, checkout: CheckoutInput) {
  const quote = await companyQuote(buyer, quoteNumber);
  return startPayment(buyer, { quoteId: quote.id }, checkout);
}

async function startPayment(buyer: Buyer, paysFor: PaymentFor, checkout: CheckoutInput): Promise<CardPayment> {
  const { userId } = buyer;
  requirePermission(buyer, "placeOrders");
  const cart =
    "cartId" in paysFor
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
const PAYMENT_ID = /^[\w-]{1,255}$/;

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
