// Signing in with e-mail and password, for the store's form and the admin login alike: the
// attempt counted against the rate limit, the session cookie, and the guest's cart moved into
// the account's.
import { mergeGuestCart } from "../cart/cart";
import { clearGuestCartCookie, guestCartIdFrom } from "../cart/cart-cookie";
import { auth } from "./auth";
import { takeAttempt } from "./rate-limit";

export type SignInResult = { ok: true; headers: Headers } | { ok: false; status: number; message: string };

/**
 * Throws TooManyRequests once the e-mail or the client's address (`address`) has tried too
 * often; otherwise the cookies to send on success, or why it failed.
 */
export async function signInWithPassword(
  request: Request,
  { email, password, address }: { email: string; password: string; address: string },
): Promise<SignInResult> {
  await takeAttempt("signIn", { email, address });
  const response = await auth().api.signInEmail({
    // Where the confirmation link leads if better-auth re-sends it to an unconfirmed address.
    body: { email, password, callbackURL: "/auth?confirmed=1" },
    headers: request.headers,
    asResponse: true,
  });
  const body = (await response.json().catch(() => null)) as { message?: string; user?: { id: string } } | null;
  if (!response.ok || !body?.user) {
    const message =
      response.status === 403
        ? "Please confirm your email first. We have sent you a new confirmation link."
        : body?.message || "Invalid email or password";
    return { ok: false, status: response.status, message };
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const guestCartId = await guestCartIdFrom(request);
  if (guestCartId) {
    await mergeGuestCart(guestCartId, body.user.id);
    headers.append("Set-Cookie", await clearGuestCartCookie());
  }
  return { ok: true, headers };
}
