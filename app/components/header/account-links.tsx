import { clsx } from "clsx";
import { Form, Link } from "react-router";
import { useSignedInUser } from "../root-data";

const link =
  "whitespace-nowrap rounded-sm text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
// Both sets of links share one grid cell, so the room kept is the wider one's and nothing moves
// when the buyer's own request answers; the set not shown is invisible (no focus, not read out).
const layer = "col-start-1 row-start-1 flex items-center justify-end gap-4";

/**
 * Create Account and Sign In for visitors; Account and Sign Out once signed in. On a shared page,
 * until the buyer's own request answers, only Account shows: a visitor is sent on to sign in from it.
 */
export function AccountLinks({ className }: { className?: string }) {
  const user = useSignedInUser();
  return (
    <div className={clsx("grid", className)}>
      <div className={clsx(layer, user !== null && "invisible")}>
        <Link to="/auth?tab=sign-up" className={link}>
          Create Account
        </Link>
        <Link to="/auth" className={link}>
          Sign In
        </Link>
      </div>
      <div className={clsx(layer, user === null && "invisible")}>
        <Link to="/account" prefetch="intent" className={link}>
          Account
        </Link>
        <Form method="post" action="/auth/sign-out" className={clsx(!user && "invisible")}>
          <button type="submit" className={`${link} cursor-pointer`}>
            Sign Out
          </button>
        </Form>
      </div>
    </div>
  );
}
