// "E-mail me when it is back in stock" on an out-of-stock product's page: whether this buyer already
// waits (asked apart from the page, which is one shared document for everyone), and the request
// itself. A visitor is told to sign in instead of being redirected: the page links there.
import { data } from "react-router";
import { currentUser } from "../../server/accounts/session";
import { isWaitingForStock, requestBackInStock } from "../../server/catalog/products/back-in-stock";
import { StoreError } from "../../server/errors";
import { readForm } from "../../server/forms";
import type { Route } from "./+types/api.back-in-stock";

const personal = { "Cache-Control": "private, no-store" };

export type BackInStockResponse = {
  signedIn: boolean;
  /** The buyer waits for the e-mail. */
  waiting: boolean;
  /** What the buyer is told after asking: done, or why not. */
  message?: string;
};

const productIdOf = (params: Route.LoaderArgs["params"]) => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(params.productId))
    throw data("No such product.", { status: 404, headers: personal });
  return params.productId;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = productIdOf(params);
  const user = currentUser(context);
  return data<BackInStockResponse>(
    { signedIn: Boolean(user), waiting: user ? await isWaitingForStock(user.id, productId) : false },
    { headers: personal },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const productId = productIdOf(params);
  const user = currentUser(context);
  await readForm(request);
  if (!user)
    return data<BackInStockResponse>(
      { signedIn: false, waiting: false, message: "Sign in to be e-mailed when this part is back in stock." },
      { status: 401, headers: personal },
    );
  try {
    await requestBackInStock(user.id, productId);
    return data<BackInStockResponse>(
      { signedIn: true, waiting: true, message: `We will e-mail ${user.email} once when it is back in stock.` },
      { headers: personal },
    );
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return data<BackInStockResponse>(
      { signedIn: true, waiting: false, message: error.message },
      { status: error.status, headers: personal },
    );
  }
}
