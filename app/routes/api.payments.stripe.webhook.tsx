import { StoreError } from "../../server/errors";
import { logger } from "../../server/logger";
import { completeCardPayment } from "../../server/orders/checkout";
import { paymentProvider } from "../../server/payments/configured";
import { completeInvoicePayment, findInvoicePayment } from "../../server/terms/invoice-payments";
import type { Route } from "./+types/api.payments.stripe.webhook";

/**
 * POST /api/payments/stripe/webhook: Stripe tells us a payment succeeded. The signature over the
 * raw body is verified first; then the order is written, or the invoice payment recorded, exactly
 * as when the buyer's browser asks (once, however often Stripe delivers the event).
 * A refusal the buyer was told about is answered 200 (Stripe need not retry it); a fault is 500,
 * so Stripe retries later.
 */
export async function action({ request }: Route.ActionArgs) {
  const provider = paymentProvider();
  if (provider.name !== "stripe") return new Response("Not found", { status: 404 });
  let event: ReturnType<typeof provider.parseWebhook>;
  try {
    event = provider.parseWebhook(await request.text(), request.headers.get("stripe-signature") ?? undefined);
  } catch (error) {
    logger.warn({ err: error }, "stripe webhook refused: bad signature");
    return new Response("Invalid signature", { status: 400 });
  }
  if (event.type === "payment_succeeded" && event.paymentId) {
    try {
      if (await findInvoicePayment(event.paymentId)) await completeInvoicePayment(event.paymentId);
      else await completeCardPayment(event.paymentId);
    } catch (error) {
      // Stripe retries a fault (no answer from its API while we checked) but not a refusal.
      if (!(error instanceof StoreError) || error.status >= 500) throw error;
      logger.info({ paymentId: event.paymentId, reason: error.message }, "stripe webhook: no order for this payment");
    }
  }
  return Response.json({ received: true });
}
