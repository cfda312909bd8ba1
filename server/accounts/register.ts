// Creating a buyer's account: the better-auth user, then the profile and the buyer's company of
// one (with its account number), the buyer its admin.
import { eq } from "drizzle-orm";
import type { SignUpInput } from "../../domain/accounts/account-schemas";
import { addressColumns } from "../../domain/addresses/address";
import { createCompanyOfOne } from "../companies/membership";
import { db } from "../db/client";
import { profiles, user } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { auth, confirmedPath } from "./auth";
import { takeAttempt } from "./rate-limit";

/**
 * Creates the account and sends the confirmation link (which leads back to `returnTo`, a path of
 * the store, after signing in), within the sign-up limits of the e-mail and the client's `address`. An address that already has an account gets the same answer, and
 * its owner an e-mail instead (onExistingUserSignUp in server/accounts/auth.ts), so the form
 * cannot be used to find out who has an account.
 */
export async function registerBuyer(
  input: SignUpInput,
  { address, returnTo }: { address: string; returnTo?: string },
): Promise<void> {
  const { email, password, firstName, lastName, companyName, phone, sameAsShipping, shipping, billing } = input;
  await takeAttempt("signUp", { email, address });
  const result = await auth()
    .api.signUpEmail({
      body: { email, password, name: `${firstName} ${lastName}`, callbackURL: confirmedPath(returnTo) },
    })
    .catch((error: unknown) => {
      throw new StoreError("Conflict", authMessage(error, "We could not create the account. Please try again."));
    });
  // For a taken address better-auth answers with a made-up user that was never stored.
  const [stored] = await db().select({ id: user.id }).from(user).where(eq(user.id, result.user.id));
  if (!stored) return;
  try {
    await db().transaction(async (tx) => {
      await tx.insert(profiles).values({
        userId: stored.id,
        firstName,
        lastName,
        phone,
        sameAsShipping,
        ...addressColumns("shipping", shipping),
        ...addressColumns("billing", billing),
      });
      await createCompanyOfOne(tx, { userId: stored.id, name: companyName });
    });
  } catch (error) {
    // No account without its profile and company: undo the user this call created, so the buyer can retry.
    await db().delete(user).where(eq(user.id, stored.id));
    logger.error({ err: error }, "profile creation failed; user removed");
    throw error;
  }
}

/** better-auth's own message for a refused request, else a fallback. */
function authMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: string } })?.body;
  return body?.message || fallback;
}
