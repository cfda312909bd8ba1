// Ending a session: better-auth deletes its row (if still there) and answers with the cookies
// that clear it in the browser.
import { auth } from "./auth";

/** The Set-Cookie headers that sign the request's browser out. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
