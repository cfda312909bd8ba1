import { redirect } from "react-router";
import { signOutHeaders } from "../../server/accounts/sign-out";
import { handleForm } from "../../server/form-intents";
import { logger } from "../../server/logger";
import { redirectWithToast } from "../../server/toast";
import { refererPath } from "../lib/safe-redirect";
import type { Route } from "./+types/auth.sign-out";

/** Ends the session (POST only, so a link or an image cannot sign anyone out) and goes home. */
export function action(args: Route.ActionArgs) {
  return handleForm(args, { handle: (_who, _form, { request }) => signOut(request) }, { as: "visitor" });
}

/**
 * The session's end is asked of better-auth, which may fail (its store unreachable): the buyer then
 * stays signed in on the page they were on, and is told.
 */
async function signOut(request: Request) {
  const headers = await signOutHeaders(request).catch((error: unknown) => {
    logger.error({ err: error }, "sign-out failed");
    return null;
  });
  if (headers) return redirect("/", { headers });
  return redirectWithToast(refererPath(request), { type: "error", title: "Error", description: "Failed to sign out" });
}

export function loader() {
  return redirect("/");
}
