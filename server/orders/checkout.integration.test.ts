import { eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Address } from "../../domain/addresses/address";
import { addDays, storeDay } from "../../domain/dates/dates";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { insertProducts } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { addToCart, cartLines, findOrCreateCart } from "../cart/cart";
import { applyPromo } from "../cart/promo";
import { pageCache } from "../catalog/cache/page-cache";
import { config } from "../config";
import {
  cartItems,
  checkoutPayments,
  mailQueue,
  orderItems,
  orders,
  products,
  promoCodes,
  testProcessorPayments,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { completeCardPayment, placeTermsOrder, reconcileOpenPayments, startCardPayment } from "./checkout";
import { ORDER_NUMBER_PATTERN } from "./order-number";
import { findOrder } from "./orders";

const { handle } = withTestDatabase();
const db = () => handle().db;
const product: Record<string, string> = {};

const checkout = (email: string, state: Address["state"] = "OR") =>
  checkoutInput(email, { companyName: "Reyes Fabrication" }, state);

let buyers = 0;
/** A buyer with a profile and a cart holding these lines. */
async function buyer(lines: [string, number][], { creditLimit }: { creditLimit?: string } = {}) {
  buyers += 1;
  const id = `buyer-${buyers}`;
  const email = `buyer${buyers}@example.com`;
  await db().insert(user).values({ id, name: "Dana", email, emailVerified: true });
  await profileWithCompany(id, { creditLimit });
  const cartId = await findOrCreateCart({ userId: id });
  for (const [slug, quantity] of lines) await addToCart(cartId, product[slug] ?? "", quantity, null);
  return { id, email, cartId };
}

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

async function stockOf(slug: string) {
  const [row] = await db()
    .select({ stock: products.stockLevel })
    .from(products)
    .where(eq(products.id, product[slug] ?? ""));
  return row?.stock;
}

async function ordersOf(userIds: string[]) {
  return db().select().from(orders).where(inArray(orders.userId, userIds));
}

/** Card checkout as the browser drives it: create the payment, confirm the card, complete. */
async function payByCard(who: { id: string; email: string; cartId: string }, card: string = TEST_CARDS.approved) {
  const payment = await startCardPayment(await asBuyer(who), who.cartId, checkout(who.email));
  await confirmTestPayment(payment.clientSecret, { number: card, expiry: "12/34", cvc: "123" });
  return { payment, order: await completeCardPayment(payment.paymentId, who.id) };
}

beforeAll(async () => {
  const rows = await insertProducts([
    { slug: "wheel", partNumber: "GW-45-001", name: "Grinding Wheel 4.5 in", price: "12.99", stockLevel: 640 },
    {
      slug: "cutoff",
      partNumber: "CW-45-045",
      name: "Cut-Off Wheel 4.5 x .045 in",
      price: "2.45",
      stockLevel: 2847,
      tiers: [
        { minQuantity: 100, unitPrice: "1.98" },
        { minQuantity: 500, unitPrice: "1.75" },
      ],
    },
    { slug: "last", partNumber: "LU-1", name: "Last Unit Hole Saw", price: "45.00", stockLevel: 1 },
    { slug: "promo-item", partNumber: "PI-1", name: "Flap Disc 80 Grit", price: "8.49", stockLevel: 1000 },
  ]);
  for (const row of rows) product[row.slug] = row.id;
  await db()
    .insert(promoCodes)
    .values([
      { code: "TAKE5", description: "$5 off", discountType: "fixed", discountValue: "5" },
      { code: "ONCE", description: "10% off, once", discountType: "percentage", discountValue: "10", maxUses: 1 },
    ]);
});

describe("a Net 30 order", () => {
  it("is written at once with the server's figures, takes the stock, counts the promo and empties the cart", async () => {
    const dana = await buyer(
      [
        ["cutoff", 100],
        ["wheel", 2],
      ],
      { creditLimit: "5000" },
    );
    await applyPromo(dana.cartId, null, "take5");
    const now = Date.now();
    const placed = await placeTermsOrder(await asBuyer(dana), dana.cartId, checkout(dana.email, "CA"));
    expect(placed.created).toBe(true);
    expect(placed.orderNumber).toMatch(ORDER_NUMBER_PATTERN);

    const order = await findOrder(placed.orderNumber, await asBuyer(dana));
    // 100 × 1.98 (the 100+ tier) + 2 × 12.99 = 223.98; less $5 = 218.98; CA 8.25% = 18.07 (18.065 half up).
    expect(order).toMatchObject({
      status: "pending_payment",
      paymentMethod: "on_terms",
      subtotalAmount: "223.98",
      discountAmount: "5.00",
      promoCode: "TAKE5",
      taxRatePpm: 82_500,
      taxAmount: "18.07",
      totalAmount: "237.05",
      shippingState: "CA",
      billingAddressLine1: "100 Main St",
      companyName: "Reyes Fabrication",
    });
    // Due on the store's calendar day 30 days after the order's, whatever the hour it was placed.
    const due = order?.paymentDueDate ?? new Date(0);
    expect(storeDay(due)).toBe(addDays(storeDay(order?.orderDate ?? new Date(0)), 30));
    expect(due.getTime()).toBe(startOfStoreDay(storeDay(due)).getTime());
    expect(order?.orderDate.getTime()).toBeGreaterThanOrEqual(now - 1000);
    expect(order?.items.map((item) => [item.productSku, item.quantity, item.unitPrice, item.totalPrice])).toEqual([
      ["CW-45-045", 100, "1.98", "198.00"],
      ["GW-45-001", 2, "12.99", "25.98"],
    ]);

    expect(await stockOf("cutoff")).toBe(2747);
    expect(await stockOf("wheel")).toBe(638);
    const [take5] = await db().select().from(promoCodes).where(eq(promoCodes.code, "TAKE5"));
    expect(take5?.currentUses).toBe(1);
    expect(await cartLines(dana.cartId)).toEqual([]);

    const [mail] = await db().select().from(mailQueue).where(eq(mailQueue.to, dana.email));
    expect(mail?.subject).toBe(`Order Confirmed! ${placed.orderNumber}`);
    expect(mail?.text).toContain("Subtotal: $223.98");
    expect(mail?.text).toContain("Discount (TAKE5): -$5.00");
    expect(mail?.text).toContain("Tax: $18.07");
    expect(mail?.text).toContain("Shipping: FREE");
    expect(mail?.text).toContain("Total: $237.05");
    expect(mail?.text).toContain("Cut-Off Wheel 4.5 x .045 in (SKU: CW-45-045): 100 x $1.98 = $198.00");
    // The HTML part: the same figures, and real links to the order and its document.
    const { PUBLIC_URL } = config();
    expect(mail?.text).toContain(`View your order: ${PUBLIC_URL}/order-confirmation/${placed.orderNumber}`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/order-confirmation/${placed.orderNumber}"`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/account/invoices/${order?.invoiceNumber}.pdf"`);
    for (const figure of ["$223.98", "-$5.00", "$18.07", "FREE", "$237.05", "SKU: CW-45-045", "100 x $1.98", "$198.00"])
      expect(mail?.html).toContain(figure);
    expect(mail?.html).toContain("Cut-Off Wheel 4.5 x .045 in");
  });

  it("mails the confirmation to the account's own address, never to another the checkout names", async () => {
    const eve = await buyer([["wheel", 1]], { creditLimit: "100" });
    const relay = checkoutInput("victim@example.org", {
      companyName: "Acme\r\n\r\nYour account is locked: https://phish.example",
    });
    const placed = await placeTermsOrder(await asBuyer(eve), eve.cartId, relay);
    const mails = await db()
      .select()
      .from(mailQueue)
      .where(like(mailQueue.subject, `%${placed.orderNumber}`));
    expect(mails.map((mail) => mail.to)).toEqual([eve.email]);
    expect(mails[0]?.text).not.toMatch(/\nYour account is locked/);
    expect(mails[0]?.text).toContain("Acme Your account is locked: https://phish.example");
  });

  it("makes the page cache forget pages rendered with the old stock levels", async () => {
    const renders = { count: 0 };
    const render = async () => {
      renders.count += 1;
      return new Response(`stock ${await stockOf("wheel")}`, { headers: { "Cache-Control": "public, max-age=300" } });
    };
    const page = () => pageCache().serve(new Request("http://store.test/products/wheel"), undefined, render);
    const before = await (await page()).text();
    expect(await (await page()).text()).toBe(before);
    const max = await buyer([["wheel", 1]], { creditLimit: "100" });
    await placeTermsOrder(await asBuyer(max), max.cartId, checkout(max.email));
    expect(await (await page()).text()).not.toBe(before);
    expect(renders.count).toBe(2);
  });

  it("is refused without Net 30 approval, leaving everything as it was", async () => {
    const pat = await buyer([["wheel", 1]]);
    expect(await messageOf(placeTermsOrder(await asBuyer(pat), pat.cartId, checkout(pat.email)))).toBe(
      "Net 30 terms are not approved for your account. Please pay by card.",
    );
    expect(await ordersOf([pat.id])).toEqual([]);
    expect((await cartLines(pat.cartId)).map((line) => line.quantity)).toEqual([1]);
  });

  it("is refused past the credit limit, naming the credit still available", async () => {
    // 20 × 12.99 = 259.80, plus New York's 8% = 280.58.
    const lee = await buyer([["wheel", 20]], { creditLimit: "1000" });
    const first = await placeTermsOrder(await asBuyer(lee), lee.cartId, checkout(lee.email, "NY"));
    expect(first.created).toBe(true);
    const stock = await stockOf("wheel");
    for (let round = 0; round < 3; round++) {
      await addToCart(lee.cartId, product.wheel ?? "", 20, null);
      if (round < 2) await placeTermsOrder(await asBuyer(lee), lee.cartId, checkout(lee.email, "NY"));
    }
    // Three orders of $280.58 are unpaid: $158.26 of $1,000.00 is left.
    expect(await messageOf(placeTermsOrder(await asBuyer(lee), lee.cartId, checkout(lee.email, "NY")))).toBe(
      "This order of $280.58 would exceed your Net 30 credit limit. Available credit: $158.26.",
    );
    expect(await ordersOf([lee.id])).toHaveLength(3);
    expect(await stockOf("wheel")).toBe((stock ?? 0) - 40);
    expect((await cartLines(lee.cartId)).map((line) => line.quantity)).toEqual([20]);
  });

  it("is refused for an empty cart", async () => {
    const kim = await buyer([], { creditLimit: "100" });
    expect(await messageOf(placeTermsOrder(await asBuyer(kim), kim.cartId, checkout(kim.email)))).toBe(
      "Your cart is empty",
    );
  });
});

describe("a card order", () => {
  it("is written once the payment succeeds, for the amount the server computed, as paid", async () => {
    const ann = await buyer([["wheel", 3]]);
    const { payment, order } = await payByCard(ann);
    // 3 × 12.99 = 38.97; Oregon has no sales tax.
    expect(payment.amount).toBe("38.97");
    const saved = await findOrder(order.orderNumber, await asBuyer(ann));
    expect(saved).toMatchObject({
      status: "paid",
      paymentMethod: "credit_card",
      paymentId: payment.paymentId,
      totalAmount: "38.97",
      taxAmount: "0.00",
      paymentDueDate: null,
    });
    const again = await completeCardPayment(payment.paymentId, ann.id);
    expect(again).toEqual({ orderNumber: order.orderNumber, created: false });
    expect(await ordersOf([ann.id])).toHaveLength(1);
  });

  it("with a declined card gives the provider's message and writes no order", async () => {
    const bo = await buyer([["wheel", 1]]);
    const payment = await startCardPayment(await asBuyer(bo), bo.cartId, checkout(bo.email));
    expect(
      await messageOf(
        confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.declined, expiry: "12/34", cvc: "123" }),
      ),
    ).toBe("Your card was declined.");
    expect(await messageOf(completeCardPayment(payment.paymentId, bo.id))).toBe("Your card was declined.");
    expect(await ordersOf([bo.id])).toEqual([]);
    expect((await cartLines(bo.cartId)).map((line) => line.quantity)).toEqual([1]);
  });

  it("is refunded, not written, when the cart changed while the buyer paid", async () => {
    const cy = await buyer([["wheel", 1]]);
    const payment = await startCardPayment(await asBuyer(cy), cy.cartId, checkout(cy.email));
    await addToCart(cy.cartId, product.wheel ?? "", 1, null);
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    expect(await messageOf(completeCardPayment(payment.paymentId, cy.id))).toBe(
      "Your cart changed while you were paying: the order now comes to $25.98, not $12.99. Your payment of $12.99 has been refunded.",
    );
    expect(await ordersOf([cy.id])).toEqual([]);
    const [charge] = await db()
      .select()
      .from(testProcessorPayments)
      .where(eq(testProcessorPayments.id, payment.paymentId));
    expect(charge?.refundedAt).toBeInstanceOf(Date);
    expect((await cartLines(cy.cartId)).map((line) => line.quantity)).toEqual([2]);
  });

  it("is refunded with 'Missing order information.' when the checkout kept with the payment is incomplete", async () => {
    const jo = await buyer([["wheel", 1]]);
    const payment = await startCardPayment(await asBuyer(jo), jo.cartId, checkout(jo.email));
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    await db()
      .update(checkoutPayments)
      .set({ checkout: { email: jo.email } })
      .where(eq(checkoutPayments.providerPaymentId, payment.paymentId));
    expect(await messageOf(completeCardPayment(payment.paymentId, jo.id))).toBe(
      "Missing order information. Your payment of $12.99 has been refunded.",
    );
    expect(await ordersOf([jo.id])).toEqual([]);
    expect((await cartLines(jo.cartId)).map((line) => line.quantity)).toEqual([1]);
  });

  it("cannot be completed by another buyer", async () => {
    const di = await buyer([["wheel", 1]]);
    const other = await buyer([["wheel", 1]]);
    const payment = await startCardPayment(await asBuyer(di), di.cartId, checkout(di.email));
    expect(await messageOf(completeCardPayment(payment.paymentId, other.id))).toBe(
      "This payment could not be found. Please place the order again.",
    );
  });
});

describe("payments left open", () => {
  const paymentRow = async (providerPaymentId: string) =>
    (await db().select().from(checkoutPayments).where(eq(checkoutPayments.providerPaymentId, providerPaymentId)))[0];

  it("a payment the buyer made before closing the page still becomes their order", async () => {
    const fay = await buyer([["wheel", 1]]);
    const payment = await startCardPayment(await asBuyer(fay), fay.cartId, checkout(fay.email));
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    expect(await reconcileOpenPayments()).toBe(0); // the buyer may still be on the way back
    expect(await reconcileOpenPayments(new Date(Date.now() + 3 * 60_000))).toBeGreaterThanOrEqual(1);
    const [order] = await ordersOf([fay.id]);
    expect(order).toMatchObject({ status: "paid", paymentId: payment.paymentId, totalAmount: "12.99" });
    expect((await paymentRow(payment.paymentId))?.status).toBe("ordered");
  });

  it("a payment never made is given up after a day, with no order", async () => {
    const gil = await buyer([["wheel", 1]]);
    const payment = await startCardPayment(await asBuyer(gil), gil.cartId, checkout(gil.email));
    await reconcileOpenPayments(new Date(Date.now() + 3 * 60_000));
    expect((await paymentRow(payment.paymentId))?.status).toBe("open");
    await reconcileOpenPayments(new Date(Date.now() + 25 * 60 * 60_000));
    expect((await paymentRow(payment.paymentId))?.status).toBe("abandoned");
    expect(await ordersOf([gil.id])).toEqual([]);
    expect((await cartLines(gil.cartId)).map((line) => line.quantity)).toEqual([1]);
  });
});

describe("races", () => {
  it("two buyers paying for the last unit at once: one order, the other refunded with a clear message", async () => {
    const [first, second] = [await buyer([["last", 1]]), await buyer([["last", 1]])];
    const payments = await Promise.all(
      [first, second].map(async (who) => {
        const payment = await startCardPayment(await asBuyer(who), who.cartId, checkout(who.email));
        await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
        return payment;
      }),
    );
    const results = await Promise.all(
      [first, second].map((who, index) => messageOf(completeCardPayment(payments[index]?.paymentId ?? "", who.id))),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results).toContain(
      "Last Unit Hole Saw is now out of stock. Remove it from your cart to continue. Your payment of $45.00 has been refunded.",
    );
    expect(await ordersOf([first.id, second.id])).toHaveLength(1);
    expect(await stockOf("last")).toBe(0);
  });

  it("a promo with max_uses 1 raced by 20 orders is used once", async () => {
    const racers = [];
    for (let index = 0; index < 20; index++) {
      const racer = await buyer([["promo-item", 1]], { creditLimit: "500" });
      await applyPromo(racer.cartId, null, "ONCE");
      racers.push(racer);
    }
    const results = await Promise.all(
      racers.map(async (racer) =>
        messageOf(placeTermsOrder(await asBuyer(racer), racer.cartId, checkout(racer.email))),
      ),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results.filter((result) => result === "Promo code usage limit reached")).toHaveLength(19);
    const placed = await ordersOf(racers.map((racer) => racer.id));
    expect(placed.map((order) => [order.promoCode, order.discountAmount])).toEqual([["ONCE", "0.85"]]);
    const [once] = await db().select().from(promoCodes).where(eq(promoCodes.code, "ONCE"));
    expect(once?.currentUses).toBe(1);
  });

  it("the same payment confirmed 5 times at once makes one order", async () => {
    const eve = await buyer([["wheel", 2]]);
    const payment = await startCardPayment(await asBuyer(eve), eve.cartId, checkout(eve.email));
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    // The buyer's retries and the provider's webhook (no user id) all at once.
    const results = await Promise.all(
      [eve.id, eve.id, undefined, eve.id, undefined].map((userId) => completeCardPayment(payment.paymentId, userId)),
    );
    expect(new Set(results.map((result) => result.orderNumber)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const written = await ordersOf([eve.id]);
    expect(written).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, written[0]?.id ?? "")),
    ).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(checkoutPayments)
      .where(eq(checkoutPayments.providerPaymentId, payment.paymentId));
    expect(row?.status).toBe("ordered");
    expect(await db().select().from(cartItems).where(eq(cartItems.cartId, eve.cartId))).toEqual([]);
  });
});
