import { redirect } from "react-router";
import { auth, copySetCookies } from "../../server/accounts/auth";
import { logger } from "../../server/logger";
import { redirectWithToast } from "../../server/toast";
import { refererPath } from "../lib/safe-redirect";
import type { Route } from "./+types/auth.sign-out";

/** Ends the session (POST only, so a link or an image cannot sign anyone out) and goes home. */
export async function action({ request }: Route.ActionArgs) {
  try {
    const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
    return redirect("/", { headers: copySetCookies(response) });
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast(refererPath(request), {
      type: "error",
      title: "Error",
      description: "Failed to sign out",
    });
  }
}

export function loader() {
  return redirect("/");
}
