// What the header's cart fetcher is answered, whatever it posted (api.cart, api.reorder): the cart as
// it now is and who is asking, for this browser alone, with what the post did or why it was refused.
import { data, type RouterContextProvider } from "react-router";
import { currentBuyer } from "../accounts/session";
import { type HeaderUser, headerUser } from "../context";
import { buyerCartSummary, type CartSummary } from "../pricing/price";
import { deleteCart } from "./cart";
import { currentCart } from "./cart-cookie";

export type CartResponse = {
  cart: CartSummary;
  /**
   * Who is signed in (null for a guest): the header's account links on a shared page, which
   * names nobody (docs/decisions/buyers-pages.md). Every answer carries it, so a cart change
   * never leaves the header without it.
   */
  user: HeaderUser | null;
  /** What went wrong, for an error toast. */
  message?: string;
  /** What went right, for a success toast. */
  notice?: string;
  added?: { name: string; quantity: number };
  /** Quick Order's part numbers that are not in the catalogue, for the dialog to keep. */
  notFound?: string[];
  /** A reorder's or a saved list's lines not added as asked, one sentence each (api.reorder.tsx). */
  problems?: string[];
};

/**
 * The cart of one post, opened once, by the change that needs it (`create` makes a guest their first
 * cart), and the post's answer.
 */
export function postedCart(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  let opened: ReturnType<typeof currentCart> | undefined;
  const open = (create = false) => {
    opened ??= currentCart(args, { create });
    return opened;
  };
  return {
    open,
    /** `body` with the cart and who is asking. A guest whose first post is refused keeps no cart: the one just made is dropped. */
    async answer(body: Omit<CartResponse, "cart" | "user">, init: { status?: number; headers?: HeadersInit } = {}) {
      const { cartId, setCookie, user } = await open();
      const status = init.status ?? 200;
      const headers = new Headers(init.headers);
      headers.set("Cache-Control", "private, no-store");
      const dropped = setCookie !== undefined && status >= 400;
      if (dropped && cartId) await deleteCart(cartId);
      else if (setCookie) headers.append("Set-Cookie", setCookie);
      return data<CartResponse>(
        {
          cart: await buyerCartSummary(dropped ? undefined : cartId, currentBuyer(args.context)),
          user: headerUser(user),
          ...body,
        },
        { status, headers },
      );
    },
  };
}

export type PostedCart = ReturnType<typeof postedCart>;
