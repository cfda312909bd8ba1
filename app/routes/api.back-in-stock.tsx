// "E-mail me when it is back in stock" on an out-of-stock product's page: whether this buyer already
// waits (asked apart from the page, which is one shared document for everyone), and the request
// itself. A visitor is told to sign in instead of being redirected: the page links there.
import { data } from "react-router";
import { currentUser } from "../../server/accounts/session";
import { isWaitingForStock, requestBackInStock } from "../../server/catalog/products/back-in-stock";
import { StoreError } from "../../server/errors";
import { handleForm } from "../../server/form-intents";
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

/** Every answer, for this browser alone. */
const answered = (body: BackInStockResponse, init: { status?: number; headers?: HeadersInit } = {}) => {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "private, no-store");
  return data<BackInStockResponse>(body, { status: init.status, headers });
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = productIdOf(params);
  const user = currentUser(context);
  return answered({ signedIn: Boolean(user), waiting: user ? await isWaitingForStock(user.id, productId) : false });
}

export async function action(args: Route.ActionArgs) {
  const productId = productIdOf(args.params);
  const user = currentUser(args.context);
  return handleForm(
    args,
    {
      toast: "none",
      answer: ({ message }, init) => answered({ signedIn: Boolean(user), waiting: false, message }, init),
      async handle() {
        if (!user) throw new StoreError("Unauthorized", "Sign in to be e-mailed when this part is back in stock.");
        await requestBackInStock(user.id, productId);
        return answered({
          signedIn: true,
          waiting: true,
          message: `We will e-mail ${user.email} once when it is back in stock.`,
        });
      },
    },
    { as: "visitor" },
  );
}
