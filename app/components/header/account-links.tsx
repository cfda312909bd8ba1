import { Form, Link } from "react-router";
import { useSignedInUser } from "../root-data";

/** Create Account and Sign In for visitors; Account and Sign Out once signed in. */
export function AccountLinks({ className }: { className?: string }) {
  const user = useSignedInUser();
  const link =
    "whitespace-nowrap rounded-sm text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
  if (!user) {
    return (
      <div className={className}>
        <Link to="/auth?tab=sign-up" className={link}>
          Create Account
        </Link>
        <Link to="/auth" className={link}>
          Sign In
        </Link>
      </div>
    );
  }
  return (
    <div className={className}>
      <Link to="/account" prefetch="intent" className={link}>
        Account
      </Link>
      <Form method="post" action="/auth/sign-out">
        <button type="submit" className={`${link} cursor-pointer`}>
          Sign Out
        </button>
      </Form>
    </div>
  );
}
