import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as webhook } from "../../app/routes/api.payments.stripe.webhook";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { orders, products, profiles, user } from "../db/schema";
import { startCardPayment } from "../orders/checkout";
import { setPaymentProvider } from "./configured";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe";

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

describe("Stripe as the card provider", () => {
  it("creates a PaymentIntent for the server's amount in usd, once per idempotency key", async () => {
    const first = await provider.create({
      amountCents: 2812,
      email: "dana@example.com",
      idempotencyKey: "checkout-payment-1",
      reference: "ref-1",
    });
    const again = await provider.create({
      amountCents: 2812,
      email: "dana@example.com",
      idempotencyKey: "checkout-payment-1",
      reference: "ref-1",
    });
    expect(again.id).toBe(first.id);
    expect(fake.intents.size).toBe(1);
    expect(first).toMatchObject({ amountCents: 2812, currency: "usd", status: "requires_payment" });
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_`));
    const sent = fake.requests.find((request) => request.path === "/v1/payment_intents");
    expect(sent?.idempotencyKey).toBe("checkout-payment-1");
    expect(sent?.form).toMatchObject({
      amount: "2812",
      currency: "usd",
      receipt_email: "dana@example.com",
      "metadata[checkout_payment]": "ref-1",
    });
  });

  it("reads a payment's outcome from Stripe: declined with its message, then succeeded", async () => {
    const payment = await provider.create({
      amountCents: 1299,
      email: "a@b.co",
      idempotencyKey: "k2",
      reference: "r2",
    });
    fake.decline(payment.id, "Your card was declined.");
    expect(await provider.retrieve(payment.id)).toMatchObject({
      status: "requires_payment",
      failureMessage: "Your card was declined.",
    });
    fake.succeed(payment.id);
    expect(await provider.retrieve(payment.id)).toMatchObject({ status: "succeeded", amountCents: 1299 });
  });

  it("refunds, and a second refund of the same payment is harmless", async () => {
    const payment = await provider.create({ amountCents: 500, email: "a@b.co", idempotencyKey: "k3", reference: "r3" });
    fake.succeed(payment.id);
    await provider.refund(payment.id, "refund-r3");
    await provider.refund(payment.id, "refund-r3"); // a replay of the same request
    await provider.refund(payment.id, "refund-r3-again"); // Stripe: charge_already_refunded
    expect(fake.intents.get(payment.id)?.refunded).toBe(true);
  });

  it("accepts a webhook signed with the endpoint's secret and refuses forged, tampered, unsigned and stale ones", () => {
    const payload = succeededEvent("pi_123");
    expect(provider.parseWebhook(payload, sign(payload))).toEqual({ type: "payment_succeeded", paymentId: "pi_123" });
    expect(() => provider.parseWebhook(payload, sign(payload, { secret: "whsec_forged" }))).toThrow();
    expect(() => provider.parseWebhook(succeededEvent("pi_456"), sign(payload))).toThrow();
    expect(() => provider.parseWebhook(payload, undefined)).toThrow("no Stripe-Signature");
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => provider.parseWebhook(payload, sign(payload, { timestamp: tenMinutesAgo }))).toThrow();
    const other = JSON.stringify({ id: "evt_x", object: "event", type: "charge.refunded", data: { object: {} } });
    expect(provider.parseWebhook(other, sign(other))).toEqual({ type: "other" });
  });
});

describe("the Stripe webhook endpoint", () => {
  it("writes the order when Stripe says the payment succeeded, and refuses a forged call", async () => {
    setPaymentProvider(provider);
    const db = handle().db;
    await db
      .insert(user)
      .values({ id: "stripe-buyer", name: "Dana", email: "stripe@example.com", emailVerified: true });
    await db.insert(profiles).values({ userId: "stripe-buyer" });
    const [wheel] = await db
      .insert(products)
      .values({
        slug: "wheel",
        partNumber: "GW-45-001",
        name: "Grinding Wheel 4.5 in",
        brand: "Ironridge",
        category: "abrasives",
        subcategory: "grinding-wheels",
        price: "12.99",
        stockLevel: 5,
      })
      .returning();
    const cartId = await findOrCreateCart({ userId: "stripe-buyer" });
    await addToCart(cartId, wheel?.id ?? "", 2);
    const payment = await startCardPayment("stripe-buyer", cartId, checkoutInput("stripe@example.com"));
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
