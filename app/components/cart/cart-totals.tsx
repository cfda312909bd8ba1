import { X } from "lucide-react";
import { useState } from "react";
import { OrderTotals } from "../order-totals";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { useCart } from "./use-cart";

/** The promo area and the totals under the cart's lines; every figure comes from the server. */
export function CartTotals() {
  const { cart, fetcher, change } = useCart();
  const [code, setCode] = useState("");
  const applying = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "apply-promo";
  const apply = () => {
    if (code.trim() && !applying) change({ intent: "apply-promo", code });
  };
  // A successful apply clears the input.
  const [lastNotice, setLastNotice] = useState<unknown>(null);
  if (fetcher.data?.notice && fetcher.data !== lastNotice) {
    setLastNotice(fetcher.data);
    setCode("");
  }

  return (
    <div className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      {cart.promo ? (
        <div className="flex items-start justify-between gap-2 rounded-md bg-green-50 p-2 text-sm">
          <div>
            <p className="font-semibold text-green-900">{cart.promo.code}</p>
            <p className="text-green-900">{cart.promo.description}</p>
            {cart.promo.problem && <p className="text-red-700">{cart.promo.problem}</p>}
          </div>
          <button
            type="button"
            onClick={() => change({ intent: "remove-promo" })}
            aria-label={`Remove promo code ${cart.promo.code}`}
            className="rounded p-1 text-green-900 hover:bg-green-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <div>
          <label htmlFor="promo-code" className="text-sm font-medium text-slate-900">
            Promo code
          </label>
          <div className="mt-1 flex gap-2">
            <Input
              id="promo-code"
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
      )}
      <OrderTotals
        subtotal={cart.subtotal}
        discount={cart.discount}
        tax={cart.tax}
        total={cart.total}
        showShipping={false}
      />
    </div>
  );
}
