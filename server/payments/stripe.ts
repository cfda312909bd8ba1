// Stripe behind the provider interface: PaymentIntents created by the server with an
// idempotency key, retrieved to verify success, refunded when no order can be written, and
// webhooks whose signature is checked against the endpoint's secret.
import Stripe from "stripe";
import { requireCents } from "../../domain/money/cents";
import { type PaymentProvider, type PaymentStatus, type ProviderPayment, ProviderUnavailable } from "./provider";

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  /** Where Stripe's API answers; tests point it at a local fake that speaks the same protocol. */
  apiHost?: { host: string; port: number; protocol: "http" | "https" };
  /** How long one request may take before it is retried (twice) and then given up; 15 s by default. */
  timeoutMs?: number;
}

/** No answer from Stripe, or Stripe's own fault: the SDK has already retried; the caller may try later. */
async function answered<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const { StripeConnectionError, StripeAPIError, StripeRateLimitError } = Stripe.errors;
    if (
      error instanceof StripeConnectionError ||
      error instanceof StripeAPIError ||
      error instanceof StripeRateLimitError
    ) {
      throw new ProviderUnavailable(`Stripe did not answer: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

const statuses: Record<Stripe.PaymentIntent.Status, PaymentStatus> = {
  succeeded: "succeeded",
  processing: "processing",
  // Manual capture is never asked for, so a held authorisation is still on its way.
  requires_capture: "processing",
  canceled: "canceled",
  requires_payment_method: "requires_payment",
  requires_confirmation: "requires_payment",
  requires_action: "requires_payment",
};

function asPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  if (intent.currency !== "usd") throw new Error(`PaymentIntent ${intent.id} is in ${intent.currency}, not usd.`);
  const status = statuses[intent.status];
  if (!status) throw new Error(`PaymentIntent ${intent.id} has an unknown status: ${intent.status}.`);
  return {
    id: intent.id,
    status,
    amountCents: requireCents(intent.amount, `PaymentIntent ${intent.id}'s amount`),
    currency: "usd",
    failureMessage: intent.last_payment_error?.message,
  };
}

export function stripeProvider({
  secretKey,
  publishableKey,
  webhookSecret,
  apiHost,
  timeoutMs = 15_000,
}: StripeOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: timeoutMs, ...apiHost });
  return {
    name: "stripe",
    publicConfig: { provider: "stripe", publishableKey },

    async create({ amountCents, email, idempotencyKey, reference }) {
      const intent = await answered(
        stripe.paymentIntents.create(
          {
            amount: requireCents(amountCents, "A card payment's amount"),
            currency: "usd",
            receipt_email: email,
            // The card field confirms in place with no return URL, so no method may need a redirect.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            metadata: { checkout_payment: reference },
          },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without a client secret.`);
      return { ...asPayment(intent), clientSecret: intent.client_secret };
    },

    async retrieve(id) {
      return asPayment(await answered(stripe.paymentIntents.retrieve(id)));
    },

    async refund(id, idempotencyKey, amountCents) {
      const amount = amountCents === undefined ? {} : { amount: requireCents(amountCents, "Refund") };
      try {
        await answered(stripe.refunds.create({ payment_intent: id, ...amount }, { idempotencyKey }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") return;
        throw error;
      }
    },

    parseWebhook(rawBody, signature) {
      if (!webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set, so no webhook can be verified.");
      if (!signature) throw new Error("The webhook has no Stripe-Signature header.");
      const event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      if (event.type === "payment_intent.succeeded")
        return { type: "payment_succeeded", paymentId: event.data.object.id };
      return { type: "other" };
    },
  };
}
