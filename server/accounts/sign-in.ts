// Signing in, for the store's form and the admin login alike: the password, then, for an account
// with two-factor sign-in, a code from the authenticator (or a recovery code). Each attempt
// waits its turn after earlier failures (server/accounts/rate-limit.ts); a complete sign-in sets
// the session cookie and moves the guest's cart into the account's.
import { createCookie } from "react-router";
import { z } from "zod";
import { SIGN_IN_EXPIRED } from "../../domain/accounts/account-schemas";
import { mergeGuestCart } from "../cart/cart";
import { clearGuestCartCookie, guestCartIdFrom } from "../cart/cart-cookie";
import { config } from "../config";
import { StoreError } from "../errors";
import { auth, confirmedPath, copySetCookies } from "./auth";
import { claimSignInAttempt, forgiveSignInAttempt, takeAttempt } from "./rate-limit";
import { markTwoFactorVerified, WRONG_CODE } from "./two-factor";

export type SignInResult =
  /** Signed in: the cookies to send. */
  | { outcome: "signed-in"; headers: Headers }
  /** The password was right; a two-factor code comes next (/admin/login/code). */
  | { outcome: "needs-code"; headers: Headers }
  | { outcome: "refused"; status: number; message: string };

/** The page that asks for the code, and where it sends the admin afterwards. */
export function codeStepPath(redirectTo: string): string {
  return `/admin/login/code?${new URLSearchParams({ redirectTo })}`;
}

const CONFIRM_FIRST = "Please confirm your email first.";

// Who is between the password and the code, for the code's own attempt count; better-auth's
// two_factor cookie says the same to better-auth, which keeps it to itself.
const pendingSignInCookie = () =>
  createCookie("pending_sign_in", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 10 * 60,
    secure: config().PUBLIC_URL.startsWith("https:"),
    secrets: [config().AUTH_SECRET],
  });

/** The e-mail whose password was accepted on this browser in the last ten minutes, if any. */
export async function pendingSignIn(request: Request): Promise<string | null> {
  const value = await pendingSignInCookie().parse(request.headers.get("cookie"));
  return z.email().safeParse(value).data ?? null;
}

/**
 * Throws TooManyRequests (with how long to wait) while the e-mail or the client's address
 * (`address`) waits after earlier failures; otherwise signs in, asks for a code, or says why not
 * (an address not confirmed yet gets a new link, back to `returnTo`).
 */
export async function signInWithPassword(
  request: Request,
  {
    email,
    password,
    address,
    now,
    returnTo,
  }: { email: string; password: string; address: string; now?: number; returnTo?: string },
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
    twoFactorRedirect?: boolean;
  } | null;
  // The right password for an address not confirmed yet.
  if (response.status === 403) {
    await forgiveSignInAttempt(who, { signedIn: false });
    return { outcome: "refused", status: 403, message: await resendConfirmation(who, returnTo) };
  }
  if (!response.ok)
    return { outcome: "refused", status: response.status, message: body?.message || "Invalid email or password" };
  if (body?.twoFactorRedirect) {
    await forgiveSignInAttempt(who, { signedIn: false });
    const headers = copySetCookies(response);
    headers.append("Set-Cookie", await pendingSignInCookie().serialize(email));
    return { outcome: "needs-code", headers };
  }
  if (!body?.user) return { outcome: "refused", status: 500, message: "Sign-in failed. Please try again." };
  await forgiveSignInAttempt(who, { signedIn: true });
  return { outcome: "signed-in", headers: await sessionStarted(request, response, body.user.id) };
}

/**
 * The second step: a 6-digit code from the authenticator, or one of the recovery codes (each
 * works once). Counted and slowed like a password.
 */
export async function signInWithCode(
  request: Request,
  { code, address }: { code: string; address: string },
): Promise<Exclude<SignInResult, { outcome: "needs-code" }>> {
  const email = await pendingSignIn(request);
  if (!email) return { outcome: "refused", status: 401, message: SIGN_IN_EXPIRED };
  const who = { email, address };
  await claimSignInAttempt(who);
  const asked = { body: { code }, headers: request.headers, asResponse: true } as const;
  const response = isRecoveryCode(code) ? await auth().api.verifyBackupCode(asked) : await auth().api.verifyTOTP(asked);
  const body = (await response.json().catch(() => null)) as { code?: string; user?: { id: string } } | null;
  if (!response.ok || !body?.user) {
    // The challenge is gone (ten minutes passed, or five wrong codes): back to the password.
    const expired = body?.code !== "INVALID_CODE" && body?.code !== "INVALID_BACKUP_CODE";
    return {
      outcome: "refused",
      status: expired ? 401 : 400,
      message: expired ? SIGN_IN_EXPIRED : WRONG_CODE,
    };
  }
  await forgiveSignInAttempt(who, { signedIn: true });
  const headers = await sessionStarted(request, response, body.user.id);
  await markTwoFactorVerified(headers);
  headers.append("Set-Cookie", await pendingSignInCookie().serialize("", { maxAge: 0 }));
  return { outcome: "signed-in", headers };
}

/** Recovery codes look like "a1B2c-3D4e5"; authenticator codes are six digits. */
export function isRecoveryCode(code: string): boolean {
  return !/^\d{6}$/.test(code);
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

/** A new confirmation link (back to `returnTo`), unless one was sent too often lately (the store's limits apply). */
async function resendConfirmation(who: { email: string; address: string }, returnTo?: string): Promise<string> {
  try {
    await takeAttempt("confirmationMail", who);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return `${CONFIRM_FIRST} We sent you a confirmation link recently; please use the newest one in your inbox.`;
  }
  await auth().api.sendVerificationEmail({ body: { email: who.email, callbackURL: confirmedPath(returnTo) } });
  return `${CONFIRM_FIRST} We have sent you a new confirmation link.`;
}
