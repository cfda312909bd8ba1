// The provider this store runs with: Stripe when its keys are set, else the test card processor.
import { config } from "../config";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe";
import { testCardProcessor } from "./test-processor";

let provider: PaymentProvider | undefined;

function configuredProvider(): PaymentProvider {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config();
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY) return testCardProcessor;
  return stripeProvider({
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
  });
}

export function paymentProvider(): PaymentProvider {
  provider ??= configuredProvider();
  return provider;
}

/** Tests swap in a provider (Stripe against a local fake of its API); undefined goes back to the configured one. */
export function setPaymentProvider(next: PaymentProvider | undefined) {
  provider = next;
}
