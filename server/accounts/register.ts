// Creating a buyer's account: the better-auth user, then the profile with its account number.
import { eq } from "drizzle-orm";
import type { SignUpInput } from "../../app/lib/account-schemas";
import { addressColumns } from "../../app/lib/address";
import { db } from "../db/client";
import { profiles, user } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { auth } from "./auth";

const ALREADY_REGISTERED = "An account with this email already exists. Please sign in instead.";

/** Creates the account and sends the confirmation link; returns the new account number. */
export async function registerBuyer(input: SignUpInput): Promise<{ accountNumber: string }> {
  const { email, password, firstName, lastName, companyName, phone, sameAsShipping, shipping, billing } = input;
  const taken = await db().select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (taken.length > 0) throw new StoreError("Conflict", ALREADY_REGISTERED);
  let userId: string;
  try {
    const result = await auth().api.signUpEmail({
      body: { email, password, name: `${firstName} ${lastName}`, callbackURL: "/auth?confirmed=1" },
    });
    userId = result.user.id;
  } catch (error) {
    throw new StoreError("Conflict", authMessage(error, "We could not create the account. Please try again."));
  }
  let created: { accountNumber: string | null } | undefined;
  try {
    [created] = await db()
      .insert(profiles)
      .values({
        userId,
        firstName,
        lastName,
        companyName,
        phone,
        sameAsShipping,
        ...addressColumns("shipping", shipping),
        ...addressColumns("billing", billing),
      })
      .onConflictDoNothing()
      .returning({ accountNumber: profiles.accountNumber });
  } catch (error) {
    // better-auth answers a sign-up for a taken address (a race past the check above) as if it
    // worked, with an id that is not ours to keep or delete.
    if ((error as { cause?: { code?: string } }).cause?.code === "23503")
      throw new StoreError("Conflict", ALREADY_REGISTERED);
    // No account without its profile: undo the user this call created, so the buyer can retry.
    await db().delete(user).where(eq(user.id, userId));
    logger.error({ err: error }, "profile creation failed; user removed");
    throw error;
  }
  if (!created?.accountNumber) throw new StoreError("Conflict", ALREADY_REGISTERED);
  return { accountNumber: created.accountNumber };
}

/** better-auth's own message for a refused request ("User already exists..."), else a fallback. */
export function authMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: string } })?.body;
  return body?.message || fallback;
}
