import { Loader2, Lock, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useSubmit } from "react-router";
import { formatUsd } from "../../../domain/money/format";
import { formatCardExpiry } from "../../lib/card-expiry";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import type { ConfirmCard, ConfirmRef } from "./confirm-card";

export interface StartedPayment {
  paymentId: string;
  clientSecret: string;
  amount: string;
}

export interface PaymentsConfig {
  provider: "stripe" | "test";
  publishableKey?: string;
}

// Stripe's script is loaded only for stores that take payments with Stripe.
const StripeCardField = lazy(() => import("./stripe-card-field"));

/**
 * 'Payment Information': the card field of the store's provider and 'Pay $amount'. Once the
 * provider confirms the card, the page's "complete" intent (at `completeAction`) settles it on the
 * server: the checkout writes the order, the credit centre records the invoice payment.
 */
export function CardPaymentPanel({
  payment,
  provider,
  email,
  completeAction,
  cancelLabel = "Edit Details",
  onCancel,
}: {
  payment: StartedPayment;
  provider: PaymentsConfig;
  email: string;
  completeAction: string;
  cancelLabel?: string;
  onCancel: () => void;
}) {
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<ConfirmCard | null>(null);
  // The panel takes the place of the Place Order button the buyer just pressed, below the order
  // summary on a phone: the focus and the view follow it, not left on the page's start.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, []);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    const confirm = confirmRef.current;
    if (busy || !confirm) return;
    setBusy(true);
    const result = await confirm().catch(() => ({ ok: false as const, message: undefined }));
    if (!result.ok) {
      toast.error(result.message || "Payment failed");
      setBusy(false);
      return;
    }
    toast.success("Payment successful!");
    submit({ intent: "complete", paymentId: payment.paymentId }, { method: "post", action: completeAction });
  }

  return (
    <section
      aria-labelledby="payment-information-heading"
      className="rounded-lg border border-slate-300 bg-slate-50 p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="payment-information-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-950 focus:outline-none"
        >
          Payment Information
        </h2>
        <span className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-1 text-xs font-semibold text-slate-800 ring-1 ring-slate-300">
          <ShieldCheck className="size-4 text-green-700" aria-hidden="true" />
          Secured by {provider.provider === "stripe" ? "Stripe" : "Test Card Processor"}
        </span>
      </div>
      <form className="mt-4" onSubmit={pay}>
        {provider.provider === "stripe" && provider.publishableKey ? (
          <Suspense fallback={<Loader2 className="animate-spin" aria-label="Loading card field" />}>
            <StripeCardField
              publishableKey={provider.publishableKey}
              clientSecret={payment.clientSecret}
              email={email}
              confirmRef={confirmRef}
            />
          </Suspense>
        ) : (
          <TestCardField clientSecret={payment.clientSecret} confirmRef={confirmRef} />
        )}
        <p className="mt-3 flex items-center gap-1 text-sm text-slate-700">
          <Lock className="size-4" aria-hidden="true" />
          256-bit SSL encryption
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" className="flex-1" disabled={busy} aria-busy={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
            {busy ? "Processing Payment..." : `Pay ${formatUsd(payment.amount)}`}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The built-in test processor's card field: number, expiry and CVC, confirmed by this store's server. */
function TestCardField({ clientSecret, confirmRef }: { clientSecret: string; confirmRef: ConfirmRef }) {
  const id = useId();
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  useEffect(() => {
    confirmRef.current = () => confirmTestCard(clientSecret, card);
  }, [confirmRef, clientSecret, card]);
  const update = (field: keyof typeof card) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setCard({
      ...card,
      [field]: field === "expiry" ? formatCardExpiry(event.target.value) : event.target.value,
    });
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_8rem_6rem]">
      {cardInputs.map(({ field, label, autoComplete, placeholder }) => (
        <div key={field} className="space-y-1">
          <Label htmlFor={`${id}-${field}`}>{label}</Label>
          <Input
            id={`${id}-${field}`}
            inputMode="numeric"
            autoComplete={autoComplete}
            placeholder={placeholder}
            value={card[field]}
            onChange={update(field)}
          />
        </div>
      ))}
    </div>
  );
}

const cardInputs = [
  { field: "number", label: "Card number", autoComplete: "cc-number", placeholder: "4242 4242 4242 4242" },
  { field: "expiry", label: "Expiration (MM/YY)", autoComplete: "cc-exp", placeholder: "MM/YY" },
  { field: "cvc", label: "CVC", autoComplete: "cc-csc", placeholder: "123" },
] as const;

async function confirmTestCard(clientSecret: string, card: { number: string; expiry: string; cvc: string }) {
  const response = await fetch("/api/payments/test/confirm", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ clientSecret, ...card }),
  });
  if (response.ok) return { ok: true as const };
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return { ok: false as const, message: body.message };
}
