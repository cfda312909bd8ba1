import { data } from "react-router";
import { type CartAction, cartActionSchema, quickOrderSchema } from "../../domain/cart/cart-schemas";
import { currentBuyer } from "../../server/accounts/session";
import { addToCart, deleteCart, noLongerInCart, removeLine, setLineQuantity } from "../../server/cart/cart";
import { currentCart } from "../../server/cart/cart-cookie";
import { applyPromo, removePromo } from "../../server/cart/promo";
import { addPartNumbers } from "../../server/cart/quick-order";
import type { Buyer } from "../../server/companies/buyer";
import { type HeaderUser, headerUser } from "../../server/context";
import { StoreError } from "../../server/errors";
import { readForm } from "../../server/forms";
import { logger } from "../../server/logger";
import { buyerCartSummary, type CartSummary } from "../../server/pricing/price";
import type { Route } from "./+types/api.cart";

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

const personal = { "Cache-Control": "private, no-store" };

/**
 * The buyer's own parts of a page, fetched apart from the shared page they are shown on: their
 * cart and who they are, for this browser alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { cartId, user } = await currentCart({ request, context }, { create: false });
  return data<CartResponse>(
    { cart: await buyerCartSummary(cartId, currentBuyer(context)), user: headerUser(user) },
    { headers: personal },
  );
}

/** The Quick Order dialog sends its rows as JSON; what was added and what was not are both told. */
async function quickOrder(cartId: string, json: string) {
  const sent = parseJson(json);
  const parsed = quickOrderSchema.safeParse(sent);
  if (!parsed.success) {
    // A quantity the rows should not have sent (0, -4, 2.5) is named with its part number and why.
    const issue = parsed.error.issues.find((found) => found.path.at(-1) === "quantity");
    const row = issue && (sent as { lines: { partNumber?: unknown }[] }).lines[Number(issue.path[1])];
    throw new StoreError(
      "Invalid",
      issue ? `${String(row?.partNumber ?? "")}: ${issue.message}` : "Please enter at least one part number.",
    );
  }
  const { added, notFound, refused } = await addPartNumbers(cartId, parsed.data.lines);
  const notice = added.length > 0 ? `Added ${added.length} item(s) to cart` : undefined;
  const problems = [
    ...(notFound.length > 0 ? [`Part number${notFound.length > 1 ? "s" : ""} not found: ${notFound.join(", ")}`] : []),
    ...refused,
  ];
  return { notice, message: problems.length > 0 ? problems.join(". ") : undefined, notFound };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Outcome = Pick<CartResponse, "added" | "notice" | "message" | "notFound">;

async function applyChange(cartId: string, buyer: Buyer | null, change: CartAction): Promise<Outcome> {
  switch (change.intent) {
    case "add": {
      const { name } = await addToCart(cartId, change.productId, change.quantity);
      return { added: { name, quantity: change.quantity } };
    }
    case "set":
      await setLineQuantity(cartId, change.productId, change.quantity);
      return {};
    case "remove":
      await removeLine(cartId, change.productId);
      return {};
    case "apply-promo":
      await applyPromo(cartId, buyer, change.code);
      return { notice: "Promo code applied successfully!" };
    case "remove-promo":
      await removePromo(cartId);
      return {};
    case "quick-order":
      return quickOrder(cartId, change.lines);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = cartActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  const { cartId, setCookie, user } = await currentCart(
    { request, context },
    {
      create: parsed.success && (parsed.data.intent === "add" || parsed.data.intent === "quick-order"),
    },
  );
  const answer = async (body: Outcome, status: number) => {
    const headers = new Headers(personal);
    // A guest whose first request is refused keeps no cart: the one just made for it is dropped.
    if (setCookie && cartId && status >= 400) await deleteCart(cartId);
    else if (setCookie) headers.append("Set-Cookie", setCookie);
    const shown = setCookie && status >= 400 ? undefined : cartId;
    return data<CartResponse>(
      { cart: await buyerCartSummary(shown, currentBuyer(context)), user: headerUser(user), ...body },
      { status, headers },
    );
  };
  if (!parsed.success) {
    return answer({ message: parsed.error.issues[0]?.message ?? "That request could not be understood." }, 400);
  }
  const { intent } = parsed.data;
  if (!cartId) {
    if (intent === "remove-promo") return answer({}, 200);
    if (intent === "apply-promo") return answer({ message: "Your cart is empty" }, 400);
    return answer({ message: noLongerInCart }, 404);
  }
  try {
    const outcome = await applyChange(cartId, currentBuyer(context), parsed.data);
    // Some Quick Order lines added is a success with a warning; none added is a refusal.
    return answer(outcome, outcome.message && !outcome.notice ? 400 : 200);
  } catch (error) {
    if (error instanceof StoreError) return answer({ message: error.message }, error.status);
    if (intent !== "apply-promo") throw error;
    logger.error({ err: error }, "applying a promo code failed");
    return answer({ message: "Error applying promo code" }, 500);
  }
}
