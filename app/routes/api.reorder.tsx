// Into the cart from what the buyer ordered or saved: an order, a top product, a saved list. The
// answer is the cart's (the header's cart fetcher submits here, so its badge follows) with each
// line not added as asked named.
import { data } from "react-router";
import { type ReorderRequest, reorderSchema } from "../../domain/cart/saved-lists";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import { currentCart } from "../../server/cart/cart-cookie";
import { reorder, reorderTopProduct, reportMessages } from "../../server/cart/reorder";
import { addListToCart } from "../../server/cart/saved-lists";
import type { Buyer } from "../../server/companies/buyer";
import { headerUser } from "../../server/context";
import { StoreError } from "../../server/errors";
import { formObject, readForm } from "../../server/forms";
import { buyerCartSummary } from "../../server/pricing/price";
import type { Route } from "./+types/api.reorder";
import type { CartResponse } from "./api.cart";

const personal = { "Cache-Control": "private, no-store" };

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

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  const parsed = reorderSchema.safeParse(formObject(await readForm(request), ["itemId", "lineId"]));
  const { cartId } = await currentCart({ request, context }, { create: parsed.success });
  const answer = async (body: Omit<CartResponse, "cart" | "user">, status: number) =>
    data<CartResponse>(
      { cart: await buyerCartSummary(cartId, buyer), user: headerUser(user), ...body },
      { status, headers: personal },
    );
  if (!parsed.success || !cartId) {
    return answer({ message: parsed.error?.issues[0]?.message ?? "That request could not be understood." }, 400);
  }
  try {
    const { notice, problems } = reportMessages(await reportFor(buyer, cartId, parsed.data));
    const message = problems.length ? problems.join(". ") : undefined;
    // Some lines added is a success with a warning; none added is a refusal, with its reasons.
    return answer({ notice, message, problems }, notice ? 200 : 409);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return answer({ message: error.message, problems: [error.message] }, error.status);
  }
}
