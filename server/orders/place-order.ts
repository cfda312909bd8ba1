// Writing an order: one transaction that re-prices the cart, re-checks the promo and counts its
// use, takes the stock, checks Net 30 credit, writes the order and its items, queues the
// confirmation e-mail and empties the cart. Any refusal rolls all of it back.
//
// Locks are always taken in the same order (the buyer's cart, the payment, products by id, the
// promo, the buyer's profile), so concurrent checkouts wait for each other instead of deadlocking.
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { CheckoutInput } from "../../app/lib/checkout-schema";
import { formatUsd } from "../../app/lib/money";
import { priceLines } from "../cart/summary";
import { pageCache } from "../catalog/page-cache";
import { type Database, db } from "../db/client";
import {
  cartItems,
  carts,
  checkoutPayments,
  orderItems,
  orders,
  type PaymentMethod,
  products,
  profiles,
  promoCodes,
} from "../db/schema";
import { StoreError } from "../errors";
import { queueMail } from "../mail/mailer";
import { type Cents, fromCents, toCents } from "../pricing/money";
import { checkPromo } from "../pricing/promo";
import { taxRateFor } from "../pricing/tax";
import { cartTotals, lineTotalCents } from "../pricing/totals";
import { orderConfirmationMessage } from "./messages";
import { newOrderNumber } from "./order-number";

export const NET_30_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrderRequest {
  userId: string;
  cartId: string;
  checkout: CheckoutInput;
  /** A card order names the checkout payment it is written for and the amount the provider took. */
  payment?: { checkoutPaymentId: string; providerPaymentId: string; amountCents: Cents };
  now?: Date;
}

export interface PlacedOrder {
  orderNumber: string;
  /** False when this payment's order already existed (a retry, a double click, a webhook repeat). */
  created: boolean;
}

export const emptyCartMessage = "Your cart is empty";

/** The checkout's contact and addresses, as the columns profiles and orders both have. */
export function contactColumns(checkout: CheckoutInput) {
  return {
    firstName: checkout.firstName,
    lastName: checkout.lastName,
    companyName: checkout.companyName ?? null,
    phone: checkout.phone,
    shippingAddressLine1: checkout.shippingAddressLine1,
    shippingAddressLine2: checkout.shippingAddressLine2 ?? null,
    shippingCity: checkout.shippingCity,
    shippingState: checkout.shippingState,
    shippingZip: checkout.shippingZip,
    shippingCountry: checkout.shippingCountry,
    billingAddressLine1: checkout.billingAddressLine1,
    billingAddressLine2: checkout.billingAddressLine2 ?? null,
    billingCity: checkout.billingCity,
    billingState: checkout.billingState,
    billingZip: checkout.billingZip,
    billingCountry: checkout.billingCountry,
  };
}

export async function placeOrder(request: OrderRequest): Promise<PlacedOrder> {
  const placed = await db().transaction((tx) => placeOrderIn(tx, request));
  // Stock levels changed: pages rendered before must not be served again.
  if (placed.created) pageCache().clear();
  return placed;
}

async function placeOrderIn(
  tx: Database,
  { userId, cartId, checkout, payment, now = new Date() }: OrderRequest,
): Promise<PlacedOrder> {
  const [cart] = await tx
    .select({ promoCodeId: carts.promoCodeId })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)))
    .for("update");

  if (payment) {
    const [existing] = await tx
      .select({ status: checkoutPayments.status, failure: checkoutPayments.failure, orderNumber: orders.orderNumber })
      .from(checkoutPayments)
      .leftJoin(orders, eq(orders.id, checkoutPayments.orderId))
      .where(eq(checkoutPayments.id, payment.checkoutPaymentId))
      .for("update", { of: checkoutPayments });
    if (!existing) throw new Error(`Checkout payment ${payment.checkoutPaymentId} is missing.`);
    if (existing.orderNumber) return { orderNumber: existing.orderNumber, created: false };
    if (existing.status !== "open") throw new StoreError("Conflict", existing.failure ?? "This payment was refunded.");
  }
  if (!cart) throw new StoreError("Conflict", emptyCartMessage);

  const lines = await priceLines(
    await tx
      .select({
        productId: products.id,
        name: products.name,
        partNumber: products.partNumber,
        price: products.price,
        stockLevel: products.stockLevel,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(products.id))
      .for("update", { of: products }),
    tx,
  );
  if (lines.length === 0) throw new StoreError("Conflict", emptyCartMessage);
  for (const line of lines) {
    if (line.stockLevel <= 0)
      throw new StoreError("Conflict", `${line.name} is now out of stock. Remove it from your cart to continue.`);
    if (line.quantity > line.stockLevel)
      throw new StoreError(
        "Conflict",
        `Only ${line.stockLevel.toLocaleString("en-US")} of ${line.name} left in stock. Lower the quantity in your cart to continue.`,
      );
  }

  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const promo = cart.promoCodeId
    ? ((await tx.select().from(promoCodes).where(eq(promoCodes.id, cart.promoCodeId)).for("update"))[0] ?? null)
    : null;
  const promoCheck = promo ? checkPromo(promo, { subtotalCents, now }) : null;
  if (promoCheck && !promoCheck.ok) throw new StoreError("Conflict", promoCheck.message);
  const taxRate = taxRateFor(checkout.shippingState);
  const totals = cartTotals({ lines, discountCents: promoCheck?.ok ? promoCheck.discountCents : 0, taxRate });

  if (payment && payment.amountCents !== totals.totalCents)
    throw new StoreError(
      "Conflict",
      `Your cart changed while you were paying: the order now comes to ${formatUsd(fromCents(totals.totalCents))}, not ${formatUsd(fromCents(payment.amountCents))}.`,
    );
  const paymentMethod: PaymentMethod = payment ? "credit_card" : "net_30";
  if (paymentMethod === "net_30") await checkCredit(tx, userId, totals.totalCents);

  for (const line of lines) {
    await tx
      .update(products)
      .set({ stockLevel: sql`${products.stockLevel} - ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  if (promo) {
    await tx
      .update(promoCodes)
      .set({ currentUses: sql`${promoCodes.currentUses} + 1` })
      .where(eq(promoCodes.id, promo.id));
  }

  const orderNumber = newOrderNumber(now);
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      orderNumber,
      orderDate: now,
      status: payment ? "paid" : "pending_payment",
      totalAmount: fromCents(totals.totalCents),
      subtotalAmount: fromCents(totals.subtotalCents),
      discountAmount: fromCents(totals.discountCents),
      promoCode: promo?.code ?? null,
      taxRatePpm: taxRate,
      taxAmount: fromCents(totals.taxCents),
      paymentMethod,
      paymentId: payment?.providerPaymentId ?? null,
      paymentDueDate: payment ? null : new Date(now.getTime() + NET_30_DAYS * DAY_MS),
      paidAt: payment ? now : null,
      email: checkout.email,
      ...contactColumns(checkout),
    })
    .returning();
  if (!order) throw new Error("The order row was not written.");
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        orderId: order.id,
        productName: line.name,
        productSku: line.partNumber,
        quantity: line.quantity,
        unitPrice: fromCents(line.unitPriceCents),
        totalPrice: fromCents(lineTotalCents(line)),
      })),
    )
    .returning();

  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
  await tx.update(carts).set({ promoCodeId: null, updatedAt: now }).where(eq(carts.id, cartId));
  if (payment) {
    await tx
      .update(checkoutPayments)
      .set({ status: "ordered", orderId: order.id, updatedAt: now })
      .where(eq(checkoutPayments.id, payment.checkoutPaymentId));
  }
  await queueMail(orderConfirmationMessage({ ...order, items }), tx);
  return { orderNumber, created: true };
}

/** Net 30 needs an approved profile with room under its limit for the unpaid (not cancelled) Net 30 orders plus this one. */
async function checkCredit(tx: Database, userId: string, totalCents: Cents) {
  const [profile] = await tx
    .select({ approved: profiles.net30Approved, creditLimit: profiles.creditLimit })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  if (!profile?.approved)
    throw new StoreError("Forbidden", "Net 30 terms are not approved for your account. Please pay by card.");
  const [unpaid] = await tx
    .select({ total: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::numeric(14,2)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, "net_30"),
        isNull(orders.paidAt),
        ne(orders.status, "cancelled"),
      ),
    );
  const availableCents = Math.max(0, toCents(profile.creditLimit) - toCents(unpaid?.total ?? "0"));
  if (totalCents > availableCents)
    throw new StoreError(
      "Conflict",
      `This order of ${formatUsd(fromCents(totalCents))} would exceed your Net 30 credit limit. Available credit: ${formatUsd(fromCents(availableCents))}.`,
    );
}
