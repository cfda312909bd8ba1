// "Add to List": the buyer's lists for the dialog to offer, and adding products to one of them or
// to a new one. A visitor is told to sign in (the dialog links there) instead of being redirected.
import { data } from "react-router";
import { addToListSchema } from "../../domain/cart/saved-lists";
import { currentBuyer } from "../../server/accounts/session";
import { addToList, listsOf } from "../../server/cart/saved-lists";
import type { Buyer } from "../../server/companies/buyer";
import { StoreError } from "../../server/errors";
import { formObject, readForm } from "../../server/forms";
import type { Route } from "./+types/api.lists";

const personal = { "Cache-Control": "private, no-store" };

export type ListsResponse = {
  signedIn: boolean;
  lists: { id: string; name: string }[];
  /** What went wrong, for the dialog to show. */
  message?: string;
  /** What went right: the list the items went on. */
  saved?: { listId: string; name: string; added: number };
};

async function listsFor(buyer: Buyer) {
  return (await listsOf(buyer)).map(({ id, name }) => ({ id, name }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const buyer = currentBuyer(context);
  return data<ListsResponse>(
    { signedIn: Boolean(buyer), lists: buyer ? await listsFor(buyer) : [] },
    { headers: personal },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const buyer = currentBuyer(context);
  const form = await readForm(request);
  if (!buyer) {
    return data<ListsResponse>(
      { signedIn: false, lists: [], message: "Please sign in to save lists" },
      { status: 401, headers: personal },
    );
  }
  const parsed = addToListSchema.safeParse(formObject(form, ["productId", "quantity"]));
  const answer = async (body: Partial<ListsResponse>, status: number) =>
    data<ListsResponse>({ signedIn: true, lists: await listsFor(buyer), ...body }, { status, headers: personal });
  if (!parsed.success) return answer({ message: parsed.error.issues[0]?.message ?? "Choose a list" }, 400);
  const { listId, newName, productId, quantity } = parsed.data;
  try {
    const list = await addToList(
      buyer,
      listId ? { listId } : { newName },
      productId.map((id, index) => ({ productId: id, quantity: quantity[index] ?? 1 })),
    );
    return answer({ saved: { listId: list.id, name: list.name, added: list.added } }, 200);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return answer({ message: error.message }, error.status);
  }
}
