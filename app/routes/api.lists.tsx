// "Add to List": the buyer's lists for the dialog to offer, and adding products to one of them or
// to a new one. A visitor is told to sign in (the dialog links there) instead of being redirected.
import { data } from "react-router";
import { addToListSchema } from "../../domain/cart/saved-lists";
import { currentBuyer } from "../../server/accounts/session";
import { addToList, listsOf } from "../../server/cart/saved-lists";
import type { Buyer } from "../../server/companies/buyer";
import { StoreError } from "../../server/errors";
import { handleForm, parsedFields } from "../../server/form-intents";
import { formObject } from "../../server/forms";
import type { Route } from "./+types/api.lists";

export type ListsResponse = {
  signedIn: boolean;
  lists: { id: string; name: string }[];
  /** What went wrong, for the dialog to show. */
  message?: string;
  /** What went right: the list the items went on. */
  saved?: { listId: string; name: string; added: number };
};

/** Every answer: whether the visitor is signed in and their lists, for this browser alone, with `body`. */
async function listsAnswer(
  buyer: Buyer | null,
  body: Pick<ListsResponse, "message" | "saved"> = {},
  init: { status?: number; headers?: HeadersInit } = {},
) {
  const lists = buyer ? (await listsOf(buyer)).map(({ id, name }) => ({ id, name })) : [];
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "private, no-store");
  return data<ListsResponse>({ signedIn: Boolean(buyer), lists, ...body }, { status: init.status, headers });
}

export function loader({ context }: Route.LoaderArgs) {
  return listsAnswer(currentBuyer(context));
}

async function save(buyer: Buyer | null, formData: FormData) {
  if (!buyer) throw new StoreError("Unauthorized", "Please sign in to save lists");
  const { listId, newName, productId, quantity } = parsedFields(
    formObject(formData, ["productId", "quantity"]),
    addToListSchema,
  );
  const list = await addToList(
    buyer,
    listId ? { listId } : { newName },
    productId.map((id, index) => ({ productId: id, quantity: quantity[index] ?? 1 })),
  );
  return listsAnswer(buyer, { saved: { listId: list.id, name: list.name, added: list.added } });
}

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      toast: "none",
      answer: ({ message }, init) => listsAnswer(currentBuyer(args.context), { message }, init),
      handle: save,
    },
    { as: "visitor" },
  );
}
