import { data } from "react-router";
import { getProfile } from "../../server/accounts/account-overview";
import { addToCart, removeLine, setLineQuantity } from "../../server/cart/cart";
import { currentCart } from "../../server/cart/cart-cookie";
import { applyPromo, removePromo } from "../../server/cart/promo";
import { addPartNumbers } from "../../server/cart/quick-order";
import { type CartSummary, cartSummary } from "../../server/cart/summary";
import { StoreError } from "../../server/errors";
import { logger } from "../../server/logger";
import { cartActionSchema } from "../lib/cart-schemas";
import { quickOrderSchema } from "../lib/quick-order";
import type { Route } from "./+types/api.cart";

export type CartResponse = {
  cart: CartSummary;
  /** What went wrong, for an error toast. */
  message?: string;
  /** What went right, for a success toast. */
  notice?: string;
  added?: { name: string; quantity: number };
};

const personal = { "Cache-Control": "private, no-store" };

/** The buyer's cart, fetched apart from the (cacheable) page it is shown on. */
export async function loader({ request }: Route.LoaderArgs) {
  const { cartId, user } = await currentCart(request, { create: false });
  return data<CartResponse>({ cart: await summaryFor(cartId, user?.id) }, { headers: personal });
}

/** The Quick Order dialog sends its rows as JSON; what was added and what was not are both told. */
async function quickOrder(cartId: string, json: string) {
  const parsed = quickOrderSchema.safeParse(parseJson(json));
  if (!parsed.success) throw new StoreError("Invalid", "Please enter at least one part number.");
  const { added, notFound, refused } = await addPartNumbers(cartId, parsed.data.lines);
  const notice = added.length > 0 ? `Added ${added.length} item(s) to cart` : undefined;
  const problems = [
    ...(notFound.length > 0 ? [`Part number${notFound.length > 1 ? "s" : ""} not found: ${notFound.join(", ")}`] : []),
    ...refused,
  ];
  return { notice, message: problems.length > 0 ? problems.join(". ") : undefined };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Tax follows the signed-in buyer's shipping state; guests see the default rate. */
async function summaryFor(cartId: string | undefined, userId: string | undefined) {
  const profile = userId ? await getProfile(userId) : null;
  return cartSummary(cartId, { taxState: profile?.shippingState });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = cartActionSchema.safeParse(Object.fromEntries(await request.formData()));
  const { cartId, setCookie, user } = await currentCart(request, {
    create: parsed.success && (parsed.data.intent === "add" || parsed.data.intent === "quick-order"),
  });
  const headers = new Headers(personal);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "That request could not be understood.";
    return data<CartResponse>({ cart: await summaryFor(cartId, user?.id), message }, { status: 400, headers });
  }
  if (!cartId) {
    const message = parsed.data.intent === "apply-promo" ? "Your cart is empty" : undefined;
    return data<CartResponse>({ cart: await summaryFor(undefined, undefined), message }, { headers });
  }
  const change = parsed.data;
  try {
    let added: CartResponse["added"];
    let notice: string | undefined;
    if (change.intent === "add") {
      const { name } = await addToCart(cartId, change.productId, change.quantity);
      added = { name, quantity: change.quantity };
    } else if (change.intent === "set") await setLineQuantity(cartId, change.productId, change.quantity);
    else if (change.intent === "remove") await removeLine(cartId, change.productId);
    else if (change.intent === "apply-promo") {
      await applyPromo(cartId, change.code);
      notice = "Promo code applied successfully!";
    } else if (change.intent === "remove-promo") await removePromo(cartId);
    else {
      const result = await quickOrder(cartId, change.lines);
      notice = result.notice;
      if (result.message) {
        return data<CartResponse>(
          { cart: await summaryFor(cartId, user?.id), notice, message: result.message },
          { headers },
        );
      }
    }
    return data<CartResponse>({ cart: await summaryFor(cartId, user?.id), added, notice }, { headers });
  } catch (error) {
    if (!(error instanceof StoreError) && change.intent === "apply-promo") {
      logger.error({ err: error }, "applying a promo code failed");
      return data<CartResponse>(
        { cart: await summaryFor(cartId, user?.id), message: "Error applying promo code" },
        { status: 500, headers },
      );
    }
    if (!(error instanceof StoreError)) throw error;
    return data<CartResponse>(
      { cart: await summaryFor(cartId, user?.id), message: error.message },
      { status: error.status, headers },
    );
  }
}
