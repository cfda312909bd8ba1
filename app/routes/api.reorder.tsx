// Into the cart from what the buyer ordered or saved: an order, a top product, a saved list. The
// answer is the cart's (the header's cart fetcher submits here, so its badge follows) with each
// line not added as asked named.
import { type ReorderRequest, reorderSchema } from "../../domain/cart/saved-lists";
import { type PostedCart, postedCart } from "../../server/cart/cart-answer";
import { reorder, reorderTopProduct, reportMessages } from "../../server/cart/reorder";
import { addListToCart } from "../../server/cart/saved-lists";
import type { Buyer } from "../../server/companies/buyer";
import { handleForm } from "../../server/form-intents";
import { formObject } from "../../server/forms";
import type { Route } from "./+types/api.reorder";

const notUnderstood = "That request could not be understood.";

function reportFor(buyer: Buyer, cartId: string, request: ReorderRequest) {
  switch (request.intent) {
    case "order":
      return reorder(buyer, cartId, request.orderNumber, request.itemId);
    case "top-product":
      return reorderTopProduct(buyer, cartId, request.productName);
    case "list":
      return addListToCart(buyer, request.listId, cartId, request.lineId);
  }
}

/**
 * Whatever the post names goes into the buyer's cart; the answer tells what was added and what was
 * not. A post no page sends (its `intent` names what to add) is told so, with no lines to name.
 */
async function addToCart(cart: PostedCart, buyer: Buyer, formData: FormData) {
  const parsed = reorderSchema.safeParse(formObject(formData, ["itemId", "lineId"]));
  const { cartId } = await cart.open();
  if (!parsed.success || !cartId)
    return cart.answer({ message: parsed.error?.issues[0]?.message ?? notUnderstood }, { status: 400 });
  const { notice, problems } = reportMessages(await reportFor(buyer, cartId, parsed.data));
  const message = problems.length ? problems.join(". ") : undefined;
  // Some lines added is a success with a warning; none added is a refusal, with its reasons.
  return cart.answer({ notice, message, problems }, { status: notice ? 200 : 409 });
}

export function action(args: Route.ActionArgs) {
  const cart = postedCart(args);
  return handleForm(args, {
    toast: "none",
    answer: ({ message }, init) => cart.answer({ message, problems: [message] }, init),
    handle: (buyer, formData) => addToCart(cart, buyer, formData),
  });
}
