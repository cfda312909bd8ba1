// Two-factor sign-in for admins (better-auth's twoFactor plugin, TOTP with recovery codes):
// setting up an authenticator, and marking the sessions that were opened with a code, which are
// the only ones requireAdmin accepts from an admin who has one.
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { session } from "../db/schema";
import { StoreError } from "../errors";
import { auth, cookieHeaderFrom, copySetCookies } from "./auth";
import { claimSignInAttempt, forgiveSignInAttempt } from "./rate-limit";
import type { SignedInUser } from "./session";

export const WRONG_CODE = "That code is not right. Check your authenticator app and try again.";

/** Marks the session that `headers` (an answer's Set-Cookie) opens as one that passed two-factor sign-in. */
export async function markTwoFactorVerified(headers: Headers): Promise<void> {
  const opened = await auth().api.getSession({ headers: cookieHeaderFrom(headers) });
  if (!opened) throw new Error("two-factor sign-in answered without a session");
  await db().update(session).set({ twoFactorVerified: true }).where(eq(session.id, opened.session.id));
}

export interface Enrolment {
  /** otpauth://totp/… for the authenticator app, also shown as text. */
  totpURI: string;
  /** The same, as a QR code (an SVG data: URL). */
  qrCode: string;
  /** Shown once: each lets the admin in once without the app. */
  recoveryCodes: string[];
}

/**
 * Starts setting up an authenticator for the signed-in user, after the password (counted like a
 * sign-in). Two-factor sign-in is on only once `confirmEnrolment` gets a correct code.
 */
export async function startEnrolment(
  request: Request,
  { user, password, address }: { user: SignedInUser; password: string; address: string },
): Promise<Enrolment> {
  const who = { email: user.email, address };
  await claimSignInAttempt(who);
  const result = await auth()
    .api.enableTwoFactor({ body: { password, method: "totp" }, headers: request.headers })
    .catch((error: unknown) => {
      const code = (error as { body?: { code?: string } }).body?.code;
      if (code === "INVALID_PASSWORD") throw new StoreError("Invalid", "That password is not right.");
      if (code === "TOTP_ALREADY_ENABLED") throw new StoreError("Conflict", "Two-factor sign-in is already on.");
      throw error;
    });
  await forgiveSignInAttempt(who, { signedIn: false });
  if (result.method !== "totp") throw new Error("better-auth gave no authenticator secret");
  const { default: QRCode } = await import("qrcode"); // loaded when first used (docs/decisions/server-inside-the-ssr-build.md)
  const svg = await QRCode.toString(result.totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    totpURI: result.totpURI,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    recoveryCodes: result.backupCodes,
  };
}

/**
 * Turns two-factor sign-in on with the first correct code. The session is replaced by one that
 * counts as having passed it; the cookies for it come back.
 */
export async function confirmEnrolment(
  request: Request,
  { user, code, address }: { user: SignedInUser; code: string; address: string },
): Promise<Headers> {
  const who = { email: user.email, address };
  await claimSignInAttempt(who);
  const response = await auth().api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    if (body?.code === "TOTP_NOT_ENABLED") {
      throw new StoreError("Invalid", "Start again: enter your password to get a new QR code.");
    }
    throw new StoreError("Invalid", WRONG_CODE);
  }
  await forgiveSignInAttempt(who, { signedIn: true });
  const headers = copySetCookies(response);
  await markTwoFactorVerified(headers);
  return headers;
}
