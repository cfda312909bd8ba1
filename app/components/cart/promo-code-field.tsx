import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { normalizePromoInput } from "../../../domain/pricing/promo";
import { toast } from "../../lib/toast";
import { focusIfLost } from "../focus-if-lost";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { useCart } from "./use-cart";

/**
 * The cart's promo code: a field to apply one (Enter applies too), or the applied code with its
 * description and a control to remove it. In the cart popover and on the checkout page alike.
 */
export function PromoCodeField() {
  const id = useId();
  const { cart, fetcher, change } = useCart();
  const [code, setCode] = useState("");
  const applying = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "apply-promo";
  // Applying a code replaces the field with the code and its Remove control, and removing it does
  // the reverse: the focus the pressed control had goes to the one in its place.
  const field = useRef<HTMLInputElement>(null);
  const removeControl = useRef<HTMLButtonElement>(null);
  const applied = Boolean(cart.promo);
  const wasApplied = useRef(applied);
  useEffect(() => {
    if (wasApplied.current === applied) return;
    wasApplied.current = applied;
    focusIfLost((applied ? removeControl : field).current);
  }, [applied]);
  const apply = () => {
    if (applying) return;
    // Enter in a blank box gets the same answer the server gives ('Please enter a promo code').
    const input = normalizePromoInput(code);
    if (input.ok) change({ intent: "apply-promo", code });
    else toast.error(input.message);
  };
  // A successful apply clears the input.
  const [lastNotice, setLastNotice] = useState<unknown>(null);
  if (fetcher.data?.notice && fetcher.data !== lastNotice) {
    setLastNotice(fetcher.data);
    setCode("");
  }

  if (cart.promo) {
    return (
      <div className="flex items-start justify-between gap-2 rounded-md bg-green-50 p-2 text-sm">
        <div>
          <p className="font-semibold text-green-900">{cart.promo.code}</p>
          <p className="text-green-900">{cart.promo.description}</p>
          {cart.promo.problem && <p className="text-red-700">{cart.promo.problem}</p>}
        </div>
        <button
          ref={removeControl}
          type="button"
          onClick={() => change({ intent: "remove-promo" })}
          aria-label={`Remove promo code ${cart.promo.code}`}
          className="rounded p-1 text-green-900 hover:bg-green-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        Promo code
      </label>
      <div className="mt-1 flex gap-2">
        <Input
          ref={field}
          id={id}
          value={code}
          maxLength={64}
          autoComplete="off"
          className="uppercase"
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={apply} disabled={!code.trim() || applying}>
          {applying ? "Applying..." : "Apply"}
        </Button>
      </div>
    </div>
  );
}
