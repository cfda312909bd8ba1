import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as webhook } from "../app/routes/api.payments.stripe.webhook";
import { addToCart, findOrCreateCart } from "../server/cart/cart";
import { checkoutPayments, mailQueue, orders, products, user } from "../server/db/schema";
import { StoreError } from "../server/errors";
import {
  completeCardPayment,
  placeTermsOrder,
  reconcileOpenPayments,
  startCardPayment,
} from "../server/orders/checkout";
import { setPaymentProvider } from "../server/payments/configured";
import type { PaymentProvider } from "../server/payments/provider";
import { stripeProvider } from "../server/payments/stripe";
import { creditCentre } from "../server/terms/account-terms";
import { completeInvoicePayment, startInvoicePayment } from "../server/terms/invoice-payments";
import { grindingWheel, insertProduct } from "./catalog-fixtures";
import { checkoutInput } from "./checkout-input";
import { withTestDatabase } from "./database";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
import { asBuyer, profileWithCompany } from "./store-fixtures";

const { handle } = withTestDatabase();
const webhookSecret = "whsec_test_secret";
const signer = new Stripe("sk_test_signer");
let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = stripeProvider({
    secretKey: "sk_test_store",
    publishableKey: "pk_test_store",
    webhookSecret,
    apiHost: { host: fake.host, port: fake.port, protocol: fake.protocol },
  });
});
afterAll(async () => {
  setPaymentProvider(undefined);
  await fake.close();
});

const succeededEvent = (paymentIntentId: string) =>
  JSON.stringify({
    id: `evt_${paymentIntentId}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: { id: paymentIntentId, object: "payment_intent" } },
  });

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    timestamp: options.timestamp,
  });

/** Puts a fake PaymentIntent in any state Stripe can report. */
function setStatus(id: string, status: Stripe.PaymentIntent.Status, currency = "usd") {
  const intent = fake.intents.get(id);
  if (!intent) throw new Error(`The fake has no ${id}.`);
  Object.assign(intent, { status, currency });
}

describe("Stripe as the card provider", () => {
  it("creates a PaymentIntent for the server's amount in usd, once per idempotency key", async () => {
    const order = {
      amountCents: 2812,
      email: "dana@example.com",
      idempotencyKey: "checkout-payment-1",
      reference: "ref-1",
    };
    const first = await provider.create(order);
    const again = await provider.create(order);
    expect(again).toEqual(first);
    expect([...fake.intents.values()].filter((intent) => intent.metadata.checkout_payment === "ref-1")).toHaveLength(1);
    expect(first).toMatchObject({ amountCents: 2812, currency: "usd", status: "requires_payment" });
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_`));
    const sent = fake.requests.filter((request) => request.path === "/v1/payment_intents");
    expect(sent.map((request) => request.idempotencyKey)).toEqual(["checkout-payment-1", "checkout-payment-1"]);
    expect(sent[0]?.form).toMatchObject({
      amount: "2812",
      currency: "usd",
      receipt_email: "dana@example.com",
      "automatic_payment_methods[enabled]": "true",
      "metadata[checkout_payment]": "ref-1",
    });
    // A changed cart must never ride on an earlier payment's key: Stripe refuses it.
    await expect(provider.create({ ...order, amountCents: 3000 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("refuses an amount that is not whole cents before asking Stripe, and passes on Stripe's own refusal", async () => {
    const before = fake.requests.length;
    await expect(
      provider.create({ amountCents: 12.5, email: "a@b.co", idempotencyKey: "k-half", reference: "r-half" }),
    ).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(before);
    await expect(
      provider.create({ amountCents: 25, email: "a@b.co", idempotencyKey: "k-small", reference: "r-small" }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "amount_too_small", statusCode: 400 });
  });

  it("reads a payment's outcome from Stripe: declined with its message, then succeeded", async () => {
    const payment = await provider.create({
      amountCents: 1299,
      email: "a@b.co",
      idempotencyKey: "k2",
      reference: "r2",
    });
    expect(await provider.retrieve(payment.id)).toEqual({
      id: payment.id,
      status: "requires_payment",
      amountCents: 1299,
      currency: "usd",
      failureMessage: undefined,
    });
    fake.decline(payment.id, "Your card was declined.");
    expect(await provider.retrieve(payment.id)).toMatchObject({
      status: "requires_payment",
      failureMessage: "Your card was declined.",
    });
    fake.succeed(payment.id);
    expect(await provider.retrieve(payment.id)).toEqual({
      id: payment.id,
      status: "succeeded",
      amountCents: 1299,
      currency: "usd",
      failureMessage: undefined,
    });
  });

  it.each<[Stripe.PaymentIntent.Status, string]>([
    ["requires_payment_method", "requires_payment"],
    ["requires_confirmation", "requires_payment"],
    ["requires_action", "requires_payment"],
    ["requires_capture", "processing"],
    ["processing", "processing"],
    ["canceled", "canceled"],
    ["succeeded", "succeeded"],
  ])("reads Stripe's %s as %s", async (stripeStatus, status) => {
    const payment = await provider.create({
      amountCents: 700,
      email: "a@b.co",
      idempotencyKey: `k-${stripeStatus}`,
      reference: `r-${stripeStatus}`,
    });
    setStatus(payment.id, stripeStatus);
    expect((await provider.retrieve(payment.id)).status).toBe(status);
  });

  it("refuses a payment Stripe reports in a currency other than usd", async () => {
    const payment = await provider.create({
      amountCents: 900,
      email: "a@b.co",
      idempotencyKey: "k-eur",
      reference: "r-eur",
    });
    setStatus(payment.id, "succeeded", "eur");
    await expect(provider.retrieve(payment.id)).rejects.toThrow("in eur, not usd");
  });

  it("refunds, and a second refund of the same payment is harmless", async () => {
    const payment = await provider.create({ amountCents: 500, email: "a@b.co", idempotencyKey: "k3", reference: "r3" });
    fake.succeed(payment.id);
    await provider.refund(payment.id, "refund-r3");
    await provider.refund(payment.id, "refund-r3"); // a replay of the same request
    await provider.refund(payment.id, "refund-r3-again"); // Stripe: charge_already_refunded
    expect(fake.refunds.filter((refund) => refund.payment_intent === payment.id)).toEqual([
      expect.objectContaining({ amount: 500, currency: "usd", status: "succeeded" }),
    ]);
    const sent = fake.requests.filter((request) => request.path === "/v1/refunds");
    expect(sent.map((request) => [request.form.payment_intent, request.idempotencyKey])).toEqual([
      [payment.id, "refund-r3"],
      [payment.id, "refund-r3"],
      [payment.id, "refund-r3-again"],
    ]);
  });

  it("refunds in parts (cancelled lines, a return's credit), each part once, and refuses more than is left", async () => {
    const payment = await provider.create({
      amountCents: 1000,
      email: "a@b.co",
      idempotencyKey: "k5",
      reference: "r5",
    });
    fake.succeed(payment.id);
    await provider.refund(payment.id, "cancel-1", 300);
    await provider.refund(payment.id, "cancel-1", 300); // the same cancellation sent again
    await expect(provider.refund(payment.id, "cancel-2", 800)).rejects.toMatchObject({ code: "amount_too_large" });
    await provider.refund(payment.id, "cancel-3", 700);
    expect(
      fake.refunds.filter((refund) => refund.payment_intent === payment.id).map((refund) => refund.amount),
    ).toEqual([300, 700]);
    const sent = fake.requests.filter(
      (request) => request.path === "/v1/refunds" && request.form.payment_intent === payment.id,
    );
    expect(sent.map((request) => request.form.amount)).toEqual(["300", "300", "800", "700"]);
  });

  it("does not hide any other refund failure", async () => {
    const unpaid = await provider.create({ amountCents: 800, email: "a@b.co", idempotencyKey: "k4", reference: "r4" });
    await expect(provider.refund(unpaid.id, "refund-r4")).rejects.toThrow("does not have a successful charge");
    await expect(provider.refund("pi_missing", "refund-missing")).rejects.toMatchObject({ code: "resource_missing" });
    expect(fake.refunds.some((refund) => refund.payment_intent === unpaid.id)).toBe(false);
  });

  it("accepts a webhook signed with the endpoint's secret and refuses forged, tampered, unsigned and stale ones", () => {
    const payload = succeededEvent("pi_123");
    const refused = Stripe.errors.StripeSignatureVerificationError;
    expect(provider.parseWebhook(payload, sign(payload))).toEqual({ type: "payment_succeeded", paymentId: "pi_123" });
    expect(() => provider.parseWebhook(payload, sign(payload, { secret: "whsec_forged" }))).toThrow(refused);
    expect(() => provider.parseWebhook(succeededEvent("pi_456"), sign(payload))).toThrow(refused);
    expect(() => provider.parseWebhook(payload, undefined)).toThrow("no Stripe-Signature");
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => provider.parseWebhook(payload, sign(payload, { timestamp: tenMinutesAgo }))).toThrow(
      "outside the tolerance zone",
    );
    const other = JSON.stringify({ id: "evt_x", object: "event", type: "charge.refunded", data: { object: {} } });
    expect(provider.parseWebhook(other, sign(other))).toEqual({ type: "other" });
  });

  it("refuses every webhook when no webhook secret is configured", () => {
    const unverifiable = stripeProvider({ secretKey: "sk_test_store", publishableKey: "pk_test_store" });
    const payload = succeededEvent("pi_123");
    expect(() => unverifiable.parseWebhook(payload, sign(payload))).toThrow("STRIPE_WEBHOOK_SECRET is not set");
    expect(unverifiable.publicConfig).toEqual({ provider: "stripe", publishableKey: "pk_test_store" });
    expect(unverifiable.name).toBe("stripe");
  });
});

describe("the Stripe webhook endpoint", () => {
  it("writes the order when Stripe says the payment succeeded, and refuses a forged call", async () => {
    setPaymentProvider(provider);
    const db = handle().db;
    await db
      .insert(user)
      .values({ id: "stripe-buyer", name: "Dana", email: "stripe@example.com", emailVerified: true });
    await profileWithCompany("stripe-buyer");
    const wheel = await insertProduct({ ...grindingWheel, stockLevel: 5 });
    const cartId = await findOrCreateCart({ userId: "stripe-buyer" });
    await addToCart(cartId, wheel, 2, null);
    const payment = await startCardPayment(
      await asBuyer({ id: "stripe-buyer" }),
      cartId,
      checkoutInput("stripe@example.com"),
    );
    expect(fake.intents.get(payment.paymentId)?.amount).toBe(2598);

    const call = (payload: string, signature: string) =>
      webhook({
        request: new Request("http://store.test/api/payments/stripe/webhook", {
          method: "POST",
          headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
          body: payload,
        }),
      } as Parameters<typeof webhook>[0]);

    fake.succeed(payment.paymentId);
    const payload = succeededEvent(payment.paymentId);
    const forged = await call(payload, sign(payload, { secret: "whsec_forged" }));
    expect(forged.status).toBe(400);
    expect(await db.select().from(orders).where(eq(orders.userId, "stripe-buyer"))).toEqual([]);

    for (let delivery = 0; delivery < 3; delivery++) expect((await call(payload, sign(payload))).status).toBe(200);
    const written = await db.select().from(orders).where(eq(orders.userId, "stripe-buyer"));
    expect(written.map((order) => [order.status, order.totalAmount, order.paymentId])).toEqual([
      ["paid", "25.98", payment.paymentId],
    ]);
  });
});

describe("an invoice paid online through Stripe", () => {
  it("is recorded once, however often and at once Stripe delivers its webhook", async () => {
    setPaymentProvider(provider);
    const db = handle().db;
    await db
      .insert(user)
      .values({ id: "invoice-payer", name: "Dana", email: "payer@example.com", emailVerified: true });
    await profileWithCompany("invoice-payer", { creditLimit: "1000" });
    const part = await insertProduct({ ...grindingWheel, slug: "pay-wheel", partNumber: "GW-PAY-001", stockLevel: 5 });
    const cartId = await findOrCreateCart({ userId: "invoice-payer" });
    await addToCart(cartId, part, 3, null);
    const buyer = await asBuyer({ id: "invoice-payer" });
    const placed = await placeTermsOrder(
      buyer,
      cartId,
      checkoutInput("payer@example.com", { paymentMethod: "net_30" }),
    );
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const invoiceNumber = order?.invoiceNumber ?? "";
    const payment = await startInvoicePayment(buyer, [{ invoiceNumber, amount: "10.00" }]);
    expect(fake.intents.get(payment.paymentId)?.amount).toBe(1000);

    fake.succeed(payment.paymentId);
    const payload = succeededEvent(payment.paymentId);
    const deliver = () =>
      webhook({
        request: new Request("http://store.test/api/payments/stripe/webhook", {
          method: "POST",
          headers: { "Stripe-Signature": sign(payload), "Content-Type": "application/json" },
          body: payload,
        }),
      } as Parameters<typeof webhook>[0]);
    const answers = await Promise.all([deliver(), deliver()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await deliver()).status).toBe(200);
    expect((await completeInvoicePayment(payment.paymentId, "invoice-payer")).lines).toMatchObject([
      { invoiceNumber, paid: "10.00", balance: "28.97" },
    ]);
    const credit = await creditCentre(buyer);
    expect(credit.used).toBe("28.97");
    const receipts = await db.select().from(mailQueue).where(eq(mailQueue.subject, "Payment received: $10.00"));
    expect(receipts).toHaveLength(1);
  });
});

describe("when Stripe does not answer", () => {
  it("tells the buyer, writes no order, and the order comes exactly once when Stripe answers again", async () => {
    setPaymentProvider(
      stripeProvider({
        secretKey: "sk_test_store",
        publishableKey: "pk_test_store",
        webhookSecret,
        apiHost: { host: fake.host, port: fake.port, protocol: fake.protocol },
        timeoutMs: 200,
      }),
    );
    const db = handle().db;
    await db.insert(user).values({ id: "outage-buyer", name: "Kim", email: "kim@example.com", emailVerified: true });
    await profileWithCompany("outage-buyer");
    const disc = await insertProduct({
      slug: "disc",
      partNumber: "FD-80-001",
      name: "Flap Disc 80 Grit 4.5 in",
      subcategory: "flap-discs",
      price: "8.49",
      stockLevel: 5,
    });
    const cartId = await findOrCreateCart({ userId: "outage-buyer" });
    await addToCart(cartId, disc, 1, null);
    const checkout = checkoutInput("kim@example.com");
    const buyersOrders = () => db.select().from(orders).where(eq(orders.userId, "outage-buyer"));
    const stock = async () => (await db.select().from(products).where(eq(products.id, disc)))[0]?.stockLevel;

    for (const kind of ["silent", "error"] as const) {
      fake.outage(kind);
      await expect(startCardPayment(await asBuyer({ id: "outage-buyer" }), cartId, checkout)).rejects.toMatchObject({
        status: 503,
        message: "The payment service is not answering, so no payment was taken. Please try again in a few minutes.",
      });
    }
    fake.outage("none");
    expect(await db.select().from(checkoutPayments).where(eq(checkoutPayments.userId, "outage-buyer"))).toEqual([]);

    // The card goes through at Stripe, then Stripe stops answering before the store hears of it.
    const payment = await startCardPayment(await asBuyer({ id: "outage-buyer" }), cartId, checkout);
    fake.succeed(payment.paymentId);
    fake.outage("silent");
    await expect(completeCardPayment(payment.paymentId, "outage-buyer")).rejects.toBeInstanceOf(StoreError);
    await expect(completeCardPayment(payment.paymentId, "outage-buyer")).rejects.toMatchObject({
      status: 503,
      message:
        "The payment service is not answering, so your payment could not be confirmed. If your card was charged, your order will be placed within a few minutes and confirmed by e-mail.",
    });
    // Stripe's webhook arriving meanwhile is answered with a fault, so Stripe sends it again later.
    const payload = succeededEvent(payment.paymentId);
    await expect(
      webhook({
        request: new Request("http://store.test/api/payments/stripe/webhook", {
          method: "POST",
          headers: { "Stripe-Signature": sign(payload), "Content-Type": "application/json" },
          body: payload,
        }),
      } as Parameters<typeof webhook>[0]),
    ).rejects.toBeInstanceOf(StoreError);
    expect(await buyersOrders()).toEqual([]);
    expect(await stock()).toBe(5);

    fake.outage("none");
    expect(await reconcileOpenPayments(new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect(await reconcileOpenPayments(new Date(Date.now() + 10 * 60_000))).toBe(0);
    const written = await buyersOrders();
    expect(written.map((order) => [order.status, order.totalAmount, order.paymentId])).toEqual([
      ["paid", payment.amount, payment.paymentId],
    ]);
    expect(await stock()).toBe(4);
  }, 30_000);
});
