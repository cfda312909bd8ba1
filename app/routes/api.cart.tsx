import { data } from "react-router";
import { addToCart, removeLine, setLineQuantity } from "../../server/cart/cart";
import { currentCart } from "../../server/cart/cart-cookie";
import { type CartSummary, cartSummary } from "../../server/cart/summary";
import { StoreError } from "../../server/errors";
import { cartActionSchema } from "../lib/cart-schemas";
import type { Route } from "./+types/api.cart";

export type CartResponse = { cart: CartSummary; message?: string; added?: { name: string; quantity: number } };

const personal = { "Cache-Control": "private, no-store" };

/** The buyer's cart, fetched apart from the (cacheable) page it is shown on. */
export async function loader({ request }: Route.LoaderArgs) {
  const { cartId } = await currentCart(request, { create: false });
  return data<CartResponse>({ cart: await cartSummary(cartId) }, { headers: personal });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = cartActionSchema.safeParse(Object.fromEntries(await request.formData()));
  const { cartId, setCookie } = await currentCart(request, { create: parsed.success && parsed.data.intent === "add" });
  const headers = new Headers(personal);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "That request could not be understood.";
    return data<CartResponse>({ cart: await cartSummary(cartId), message }, { status: 400, headers });
  }
  if (!cartId) return data<CartResponse>({ cart: await cartSummary(undefined) }, { headers });
  const change = parsed.data;
  try {
    let added: CartResponse["added"];
    if (change.intent === "add") {
      const { name } = await addToCart(cartId, change.productId, change.quantity);
      added = { name, quantity: change.quantity };
    } else if (change.intent === "set") await setLineQuantity(cartId, change.productId, change.quantity);
    else await removeLine(cartId, change.productId);
    return data<CartResponse>({ cart: await cartSummary(cartId), added }, { headers });
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return data<CartResponse>(
      { cart: await cartSummary(cartId), message: error.message },
      { status: error.status, headers },
    );
  }
}
