// Stripe Elements' card field. Loaded only when the store runs with Stripe keys; Stripe's own
// script takes the card, so card numbers never pass through this store's server.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect } from "react";
import { Label } from "../ui/label";
import type { ConfirmRef } from "./confirm-card";

let stripePromise: Promise<Stripe | null> | undefined;

interface Props {
  publishableKey: string;
  clientSecret: string;
  email: string;
  confirmRef: ConfirmRef;
}

export default function StripeCardField(props: Props) {
  stripePromise ??= loadStripe(props.publishableKey);
  return (
    <Elements stripe={stripePromise}>
      <CardField {...props} />
    </Elements>
  );
}

function CardField({ clientSecret, email, confirmRef }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    confirmRef.current = async () => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { ok: false, message: "The card field is still loading. Try again in a moment." };
      const { error } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { email } },
      });
      return error ? { ok: false, message: error.message } : { ok: true };
    };
  }, [stripe, elements, clientSecret, email, confirmRef]);
  return (
    <div className="space-y-1">
      <Label htmlFor="stripe-card">Card</Label>
      <div id="stripe-card" className="rounded-md border border-slate-300 bg-white p-3">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
    </div>
  );
}
