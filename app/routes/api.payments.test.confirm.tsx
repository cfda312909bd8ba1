import { z } from "zod";
import { StoreError } from "../../server/errors";
import { paymentProvider } from "../../server/payments/configured";
import { confirmTestPayment } from "../../server/payments/test-processor";
import type { Route } from "./+types/api.payments.test.confirm";

const confirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});

/**
 * POST /api/payments/test/confirm: the test card processor's "confirm the card" call, which
 * the card panel makes as it would make Stripe's. Only while the test processor is the provider.
 */
export async function action({ request }: Route.ActionArgs) {
  if (paymentProvider().name !== "test") return Response.json({ message: "Not found" }, { status: 404 });
  const parsed = confirmSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Payment failed" }, { status: 400 });
  const { clientSecret, ...card } = parsed.data;
  try {
    const payment = await confirmTestPayment(clientSecret, card);
    return Response.json({ status: payment.status }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof StoreError) return Response.json({ message: error.message }, { status: 402 });
    throw error;
  }
}
