import { useCallback } from "react";
import { useFetcher } from "react-router";
import type { CartResponse } from "../../routes/api.cart";

// What the header shows before the buyer's own request (GET /api/cart) has answered.
const noCart: CartResponse["cart"] = {
  lines: [],
  count: 0,
  promo: null,
  taxRate: 0.08,
  taxExemption: null,
  subtotal: "0.00",
  discount: "0.00",
  tax: "0.00",
  total: "0.00",
};

type CartChange =
  | { intent: "add"; productId: string; quantity: number }
  | { intent: "set"; productId: string; quantity: number }
  | { intent: "remove"; productId: string }
  | { intent: "apply-promo"; code: string }
  | { intent: "remove-promo" }
  | { intent: "quick-order"; lines: string };

/** One fetcher for the whole page, so an add anywhere updates the header's badge and popover. */
export function useCart() {
  const fetcher = useFetcher<CartResponse>({ key: "cart" });
  const { load: loadFrom, submit } = fetcher;
  const load = useCallback(() => loadFrom("/api/cart"), [loadFrom]);
  const change = useCallback((fields: CartChange) => submit(fields, { method: "post", action: "/api/cart" }), [submit]);
  // A change is offered only once the first load has answered. That load first asks the server
  // where /api/cart is (lazy route discovery), and while it does, React Router cannot cancel it:
  // a change sent then is answered, and then overwritten by the older, empty cart.
  const ready = fetcher.data !== undefined;
  return { cart: fetcher.data?.cart ?? noCart, ready, fetcher, load, change };
}
