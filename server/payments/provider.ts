// The card payment provider, behind one small interface: Stripe when its keys are set, else the
// built-in test card processor. The server creates each payment for the amount it computed and
// later asks the provider, never the browser, whether it succeeded.
import type { Cents } from "../../domain/money/cents";

export type PaymentStatus = "requires_payment" | "processing" | "succeeded" | "canceled";

export interface ProviderPayment {
  /** The provider's id (Stripe: pi_…; test processor: tp_…). */
  id: string;
  status: PaymentStatus;
  amountCents: Cents;
  currency: "usd";
  /** The provider's message for the last failed attempt, e.g. "Your card was declined.". */
  failureMessage?: string;
}

export interface CreatePayment {
  amountCents: Cents;
  email: string;
  /** The same key always yields the same payment, so a retried request never charges twice. */
  idempotencyKey: string;
  /** Our checkout payment's id, kept on the provider's record so its webhooks can be matched. */
  reference: string;
}

/** A provider event that a payment succeeded, read from a webhook whose signature was verified. */
export interface PaymentEvent {
  type: "payment_succeeded" | "other";
  paymentId?: string;
}

/** The provider gave no answer about a payment (timeout, network fault, its own outage): trying later may work. */
export class ProviderUnavailable extends Error {}

/** Calls that get no answer from the provider throw `ProviderUnavailable`; its refusals throw its own errors. */
export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** What the browser needs to show the card field: the provider and, for Stripe, its publishable key. */
  readonly publicConfig: { provider: "stripe" | "test"; publishableKey?: string };
  create(payment: CreatePayment): Promise<ProviderPayment & { clientSecret: string }>;
  retrieve(id: string): Promise<ProviderPayment>;
  /**
   * Gives `amountCents` back (cancelled lines, a return's credit), or what is left of the payment (one
   * that could not become an order). The same key gives nothing twice, so it is safe to repeat.
   */
  refund(id: string, idempotencyKey: string, amountCents?: Cents): Promise<void>;
  /** Verifies the signature over the raw body; throws on a forged or stale one. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}
