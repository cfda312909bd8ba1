// The code an authenticator app would show, computed with better-auth's own TOTP helpers.
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/** The current 6-digit code for an otpauth://totp/… URI. */
export async function authenticatorCode(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return createOTP(base32.decode(secret)).totp();
}
