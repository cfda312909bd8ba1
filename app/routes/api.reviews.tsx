import { data } from "react-router";
import { currentUser } from "../../server/accounts/session";
import { reviewEligibility } from "../../server/catalog/products/reviews";
import type { Route } from "./+types/api.reviews";

/**
 * Whether this buyer may review the part, and their own review: fetched apart from the product
 * page, which is one shared document for everyone (docs/decisions/buyers-pages.md).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = /^[0-9a-f-]{36}$/i.test(params.productId) ? params.productId : undefined;
  if (!productId) throw data("No such product.", { status: 404 });
  return data(await reviewEligibility(currentUser(context)?.id, productId), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
