// Signing in, for the store's form and the admin login alike. Each attempt waits its turn after
// earlier failures (server/accounts/rate-limit.ts); a sign-in sets the session cookie and moves
// the guest's cart into the account's.
import { mergeGuestCart } from "../cart/cart";
import { clearGuestCartCookie, guestCartIdFrom } from "../cart/cart-cookie";
import { StoreError } from "../errors";
import { auth, copySetCookies } from "./auth";
import { claimSignInAttempt, forgiveSignInAttempt, takeAttempt } from "./rate-limit";

/** Signed in, with the cookies to send; or refused, with why. */
export type SignInResult =
  | { outcome: "signed-in"; headers: Headers }
  | { outcome: "refused"; status: number; message: string };

const CONFIRM_FIRST = "Please confirm your email first.";

/**
 * Throws TooManyRequests (with how long to wait) while the e-mail or the client's address
 * (`address`) waits after earlier failures; otherwise signs in or says why not.
 */
export async function signInWithPassword(
  request: Request,
  { email, password, address, now }: { email: string; password: string; address: string; now?: number },
): Promise<SignInResult> {
  const who = { email, address };
  await claimSignInAttempt(who, now);
  const response = await auth().api.signInEmail({
    body: { email, password },
    headers: request.headers,
    asResponse: true,
  });
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    user?: { id: string };
  } | null;
  // The right password for an address not confirmed yet.
  if (response.status === 403) {
    await forgiveSignInAttempt(who, { signedIn: false });
    return { outcome: "refused", status: 403, message: await resendConfirmation(who) };
  }
  if (!response.ok)
    return { outcome: "refused", status: response.status, message: body?.message || "Invalid email or password" };
  if (!body?.user) return { outcome: "refused", status: 500, message: "Sign-in failed. Please try again." };
  await forgiveSignInAttempt(who, { signedIn: true });
  return { outcome: "signed-in", headers: await sessionStarted(request, response, body.user.id) };
}

/** better-auth's cookies, and the guest's cart moved into the account's. */
async function sessionStarted(request: Request, response: Response, userId: string): Promise<Headers> {
  const headers = copySetCookies(response);
  const guestCartId = await guestCartIdFrom(request);
  if (guestCartId) {
    await mergeGuestCart(guestCartId, userId);
    headers.append("Set-Cookie", await clearGuestCartCookie());
  }
  return headers;
}

/** A new confirmation link, unless one was sent too often lately (the store's limits apply). */
async function resendConfirmation(who: { email: string; address: string }): Promise<string> {
  try {
    await takeAttempt("confirmationMail", who);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return `${CONFIRM_FIRST} We sent you a confirmation link recently; please use the newest one in your inbox.`;
  }
  await auth().api.sendVerificationEmail({ body: { email: who.email, callbackURL: "/auth?confirmed=1" } });
  return `${CONFIRM_FIRST} We have sent you a new confirmation link.`;
}
