// better-auth: e-mail and password accounts with confirmed e-mail, password reset, two-factor
// sign-in (for admins) and httpOnly cookie sessions, stored in our own database. Only the links
// in its e-mails are reachable over HTTP (server/http.ts); the store calls the rest through
// `auth().api`, behind its own limits.

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import { and, eq, like } from "drizzle-orm";
import { MIN_PASSWORD_LENGTH } from "../../domain/accounts/account-schemas";
import { CLIENT_ADDRESS_HEADER } from "../client-address";
import { config } from "../config";
import { type Database, db } from "../db/client";
import { account, rateLimit, session, twoFactor, user, verification } from "../db/schema";
import { queueMail } from "../mail/mailer";
import { confirmEmailMessage, RESET_LINK_MINUTES, resetPasswordMessage, signUpAttemptMessage } from "./messages";

export const APP_NAME = "Cascade Industrial Supply";

/** Ends every reset link still out for the user (better-auth keeps them as verification rows). */
async function forgetResetLinks(database: Database, userId: string) {
  await database
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, "reset-password:%")));
}

function createAuth(database: Database) {
  const { AUTH_SECRET, PUBLIC_URL } = config();
  return betterAuth({
    appName: APP_NAME,
    baseURL: PUBLIC_URL,
    basePath: "/api/auth",
    secret: AUTH_SECRET,
    trustedOrigins: [PUBLIC_URL],
    telemetry: { enabled: false },
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => queueMail(await resetPasswordMessage(user.email, url)),
      // A new password ends every other reset link sent for the old one.
      onPasswordReset: async ({ user }) => forgetResetLinks(database, user.id),
      // A sign-up for a taken address answers as for a new one; the owner hears of it by e-mail.
      onExistingUserSignUp: async ({ user }) => queueMail(await signUpAttemptMessage(user.email)),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Re-sent by the store's sign-in, within its limits (server/accounts/sign-in.ts).
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => queueMail(await confirmEmailMessage(user.email, url)),
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      additionalFields: {
        twoFactorVerified: { type: "boolean", required: false, defaultValue: false, input: false },
        // Set only by a PunchOut StartPage (server/procurement/punchout-sessions.ts).
        punchoutSessionId: { type: "string", required: false, input: false },
      },
    },
    advanced: {
      useSecureCookies: PUBLIC_URL.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // Our own limiter guards the forms (server/accounts/rate-limit.ts); this one guards the two links.
    rateLimit: { enabled: true, window: 60, max: 60, storage: "database" },
    plugins: [
      twoFactorPlugin({
        issuer: APP_NAME,
        // Failed codes slow the next attempt like failed passwords do, instead of a 15-minute lock.
        accountLockout: { enabled: false },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// better-auth's session cookie, under either name it gives it (__Secure- on HTTPS).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=([^;]+)/;

/** The session cookie's value in a Cookie header, if any: without one there is no session to look up. */
export const sessionCookie = (cookie: string) => SESSION_COOKIE.exec(cookie)?.[1];

/**
 * Where a confirmation link lands: the sign-in page, saying the address is confirmed, which sends
 * the buyer on to `returnTo` once signed in (the checkout they signed up from). `returnTo` is a path
 * of the store, checked by the route that read it (app/lib/safe-redirect.ts); the page checks it again.
 */
export function confirmedPath(returnTo?: string): string {
  const params = new URLSearchParams({ confirmed: "1" });
  if (returnTo && returnTo !== "/") params.set("redirectTo", returnTo);
  return `/auth?${params}`;
}

let cached: { database: Database; auth: Auth } | undefined;

/** The auth instance for the current database (tests open a new database per file). */
export function auth(): Auth {
  const database = db();
  if (cached?.database !== database) cached = { database, auth: createAuth(database) };
  return cached.auth;
}

/** The cookies a better-auth answer sets, to pass on with the store's own answer. */
export function copySetCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A Cookie header with the cookies an answer sets, to ask better-auth about the session it opened. */
export function cookieHeaderFrom(headers: Headers): Headers {
  const pairs = headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  return new Headers({ cookie: pairs.join("; ") });
}
