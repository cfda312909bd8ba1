// Ending a session: better-auth deletes its row (if still there) and answers with the cookies
// that clear it in the browser.
import { auth, copySetCookies } from "./auth";

/** The Set-Cookie headers that sign the request's browser out. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  return copySetCookies(await auth().api.signOut({ headers: request.headers, asResponse: true }));
}
