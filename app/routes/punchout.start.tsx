// A PunchOut StartPage (docs/punchout.md): spends its one-time token, signs the connection's member
// in and opens the store (the checkout, for an edit or inspect of a cart sent back).
import { data } from "react-router";
import { StoreError } from "../../server/errors";
import { openPunchOut } from "../../server/procurement/punchout-sessions";
import { redirectWithToast } from "../../server/toast";
import type { Route } from "./+types/punchout.start";

export function meta() {
  return [{ title: "PunchOut | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

const welcome = {
  create: "Welcome! Shop as usual, then transfer your cart.",
  edit: "Your cart is back: change it, then transfer it again.",
  inspect: "Your cart is shown as it was sent, read-only.",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { cookie, operation, notRestored } = await openPunchOut(params.token, request);
    const description = notRestored.length
      ? `These parts could not be put back in the cart: ${notRestored.join(", ")}.`
      : undefined;
    return redirectWithToast(
      operation === "create" ? "/" : "/checkout",
      {
        type: notRestored.length ? "error" : "success",
        title: welcome[operation],
        description,
      },
      [["Set-Cookie", cookie]],
    );
  } catch (error) {
    if (error instanceof StoreError) return data({ message: error.message }, error.status);
    throw error;
  }
}

export default function PunchOutStart({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-950">PunchOut link not valid</h1>
      <p className="mt-4 text-slate-700">{loaderData.message}</p>
    </div>
  );
}
