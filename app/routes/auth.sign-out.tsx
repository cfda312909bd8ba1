import { redirect } from "react-router";
import { auth } from "../../server/accounts/auth";
import type { Route } from "./+types/auth.sign-out";

/** Ends the session (POST only, so a link or an image cannot sign anyone out) and goes home. */
export async function action({ request }: Route.ActionArgs) {
  const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
