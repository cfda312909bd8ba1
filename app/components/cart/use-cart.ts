import { useCallback } from "react";
import { useFetcher } from "react-router";
import type { CartResponse } from "../../routes/api.cart";

const noCart: CartResponse["cart"] = { lines: [], count: 0 };

type CartChange =
  | { intent: "add"; productId: string; quantity: number }
  | { intent: "set"; productId: string; quantity: number }
  | { intent: "remove"; productId: string };

/** One fetcher for the whole page, so an add anywhere updates the header's badge and popover. */
export function useCart() {
  const fetcher = useFetcher<CartResponse>({ key: "cart" });
  const { load: loadFrom, submit } = fetcher;
  const load = useCallback(() => loadFrom("/api/cart"), [loadFrom]);
  const change = useCallback((fields: CartChange) => submit(fields, { method: "post", action: "/api/cart" }), [submit]);
  return { cart: fetcher.data?.cart ?? noCart, fetcher, load, change };
}
