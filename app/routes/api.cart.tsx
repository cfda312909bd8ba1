import { data } from "react-router";
import { type CartAction, cartActionSchema, quickOrderSchema } from "../../domain/cart/cart-schemas";
import { currentBuyer, currentPunchOut } from "../../server/accounts/session";
import { addToCart, noLongerInCart, removeLine, setLineQuantity } from "../../server/cart/cart";
import { type CartResponse, type PostedCart, postedCart } from "../../server/cart/cart-answer";
import { currentCart } from "../../server/cart/cart-cookie";
import { applyPromo, removePromo } from "../../server/cart/promo";
import { addPartNumbers } from "../../server/cart/quick-order";
import type { Buyer } from "../../server/companies/buyer";
import { type CatalogueScope, headerUser } from "../../server/context";
import { StoreError } from "../../server/errors";
import { dispatchIntent, type FormIntent, parsedFields } from "../../server/form-intents";
import { buyerCartSummary } from "../../server/pricing/price";
import type { Route } from "./+types/api.cart";

export type { CartResponse };

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
async function quickOrder(cartId: string, json: string, catalogue: CatalogueScope | null) {
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
  const { added, notFound, refused } = await addPartNumbers(cartId, parsed.data.lines, catalogue);
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

type Change<Intent extends CartAction["intent"]> = Extract<CartAction, { intent: Intent }>;

/** The change the form asks for, read by the cart's schema: the intent the dispatcher chose, with its fields. */
const changeOf = <Intent extends CartAction["intent"]>(formData: FormData) =>
  parsedFields(Object.fromEntries(formData), cartActionSchema) as Change<Intent>;

/** The cart's changes, by the intent they send; each answers with the cart, as a refusal does. */
function changes(cart: PostedCart): Record<CartAction["intent"], FormIntent<Buyer | null>> {
  /** The visitor's cart (`create` makes a guest's first); a change to a cart they do not have is refused. */
  const cartIdOf = async (create: boolean, missing = new StoreError("NotFound", noLongerInCart)) => {
    const { cartId } = await cart.open(create);
    if (!cartId) throw missing;
    return cartId;
  };
  return {
    add: {
      async handle(buyer, formData) {
        const { productId, quantity } = changeOf<"add">(formData);
        const { name } = await addToCart(await cartIdOf(true), productId, quantity, buyer?.catalogue ?? null);
        return cart.answer({ added: { name, quantity } });
      },
    },
    set: {
      async handle(_buyer, formData) {
        const { productId, quantity } = changeOf<"set">(formData);
        await setLineQuantity(await cartIdOf(false), productId, quantity);
        return cart.answer({});
      },
    },
    remove: {
      async handle(_buyer, formData) {
        const { productId } = changeOf<"remove">(formData);
        await removeLine(await cartIdOf(false), productId);
        return cart.answer({});
      },
    },
    "apply-promo": {
      async handle(buyer, formData) {
        const { code } = changeOf<"apply-promo">(formData);
        await applyPromo(await cartIdOf(false, new StoreError("Invalid", "Your cart is empty")), buyer, code);
        return cart.answer({ notice: "Promo code applied successfully!" });
      },
    },
    "remove-promo": {
      async handle() {
        const { cartId } = await cart.open();
        if (cartId) await removePromo(cartId);
        return cart.answer({});
      },
    },
    "quick-order": {
      async handle(buyer, formData) {
        const { lines } = changeOf<"quick-order">(formData);
        const outcome = await quickOrder(await cartIdOf(true), lines, buyer?.catalogue ?? null);
        // Some lines added is a success with a warning; none added is a refusal.
        return cart.answer(outcome, { status: outcome.message && !outcome.notice ? 400 : 200 });
      },
    },
  };
}

/** A PunchOut `inspect` shows the cart sent back as it is (docs/punchout.md): every change is refused. */
function readOnly(intents: ReturnType<typeof changes>, name: string): ReturnType<typeof changes> {
  const refuse: FormIntent<Buyer | null> = {
    handle() {
      throw new StoreError("Forbidden", `This cart from ${name} is shown read-only and cannot be changed.`);
    },
  };
  return Object.fromEntries(Object.keys(intents).map((intent) => [intent, refuse])) as ReturnType<typeof changes>;
}

export function action(args: Route.ActionArgs) {
  const cart = postedCart(args);
  const punchOut = currentPunchOut(args.context);
  const intents = punchOut?.operation === "inspect" ? readOnly(changes(cart), punchOut.connection.name) : changes(cart);
  return dispatchIntent(args, intents, {
    as: "visitor",
    // The cart's components tell the message themselves; a refusal carries the cart, as every answer does.
    refusal: { toast: "none", answer: ({ message }, init) => cart.answer({ message }, init) },
  });
}
