// A buyer deletes their own account (docs/product-rules.md, Retention): the password first, then in
// one transaction their orders are anonymised and kept, and the user goes with everything that
// hangs on it (profile, company membership, sessions, sign-in, roles, cart, card checkouts, reset
// links) and the mail sent to them; a company of one loses its lists and addresses with them; their
// reviews go too, and the products they reviewed are recounted. Orders outlive the user through a
// nullable user_id (docs/decisions/account-deletion.md).
import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { ADMIN_CANNOT_DELETE, INCORRECT_PASSWORD } from "../../domain/accounts/delete-account";
import { deleteReviewsOf } from "../catalog/products/reviews";
import { leaveCompanyForDeletion } from "../companies/members";
import { db } from "../db/client";
import { account, checkoutPayments, mailQueue, orders, user, userRoles, verification } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { logger } from "../logger";
import { auth } from "./auth";
import { claimSignInAttempt, forgiveSignInAttempt } from "./rate-limit";
import type { SignedInUser } from "./session";

/** What an order keeps of a deleted buyer: state and country stay, for sales tax; totals, lines, dates too. */
export const anonymisedOrder = {
  userId: null,
  email: "",
  firstName: "Deleted",
  lastName: "customer",
  companyName: null,
  phone: "",
  shippingAddressLine1: "",
  shippingAddressLine2: null,
  shippingCity: "",
  shippingZip: "",
  billingAddressLine1: "",
  billingAddressLine2: null,
  billingCity: "",
  billingZip: "",
  poNumber: null,
  jobReference: null,
} satisfies Partial<typeof orders.$inferInsert>;

/** Statuses of an order the store still has to fulfil, for which it needs the buyer's address. */
const unfulfilled = ["pending_payment", "paid", "processing"] as const;

async function checkPassword(userId: string, password: string) {
  const [credential] = await db()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  const context = await auth().$context;
  const matches = credential?.hash ? await context.password.verify({ hash: credential.hash, password }) : false;
  if (!matches) throw new StoreError("Unauthorized", INCORRECT_PASSWORD);
}

/**
 * Deletes the signed-in buyer's account once `password` is theirs. Wrong passwords count against
 * the sign-in limits of the e-mail and the client's `address`. Refused for admins, and while an
 * order still has to ship, a Net 30 invoice is unpaid or a card payment is under way.
 */
export async function deleteAccount(who: SignedInUser, password: string, { address }: { address: string }) {
  if (who.isAdmin) throw new StoreError("Forbidden", ADMIN_CANNOT_DELETE);
  const attempt = { email: who.email, address };
  await claimSignInAttempt(attempt);
  await checkPassword(who.id, password);
  await forgiveSignInAttempt(attempt, { signedIn: false });
  const reviewed = await db().transaction(async (tx) => {
    const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, who.id)).for("update");
    if (!row) throw new StoreError("NotFound", "That account does not exist.");
    const [admin] = await tx.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.userId, who.id));
    if (admin) throw new StoreError("Forbidden", ADMIN_CANNOT_DELETE);
    const [open] = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.userId, who.id),
          or(
            inArray(orders.status, unfulfilled),
            and(eq(orders.paymentMethod, "on_terms"), isNull(orders.paidAt), ne(orders.status, "cancelled")),
          ),
        ),
      )
      .limit(1);
    if (open)
      throw new StoreError(
        "Conflict",
        `Order ${open.orderNumber} is still open. You can delete your account once your orders have shipped and your Net 30 invoices are paid.`,
      );
    const [paying] = await tx
      .select({ id: checkoutPayments.id })
      .from(checkoutPayments)
      .where(and(eq(checkoutPayments.userId, who.id), eq(checkoutPayments.status, "open")))
      .limit(1);
    if (paying)
      throw new StoreError(
        "Conflict",
        "A card payment you started is still open: if you paid, your order will show within a few minutes; an unpaid one lapses after a day. You can delete your account after that.",
      );

    await leaveCompanyForDeletion(tx, who.id);
    await tx.update(orders).set(anonymisedOrder).where(eq(orders.userId, who.id));
    // Password reset links name the user in their value.
    await tx.delete(verification).where(eq(verification.value, who.id));
    await tx.delete(mailQueue).where(eq(mailQueue.to, row.email));
    const reviewedProducts = await deleteReviewsOf(tx, who.id);
    // The rest goes with the user: profile, roles, sessions, sign-in, cart and its lines, card checkouts.
    await tx.delete(user).where(eq(user.id, who.id));
    return reviewedProducts;
  });
  if (reviewed.length > 0) announce("reviewsChanged", { productIds: reviewed });
  // The id only: an operator who restores an older backup deletes these accounts again.
  logger.info({ userId: who.id }, "account deleted");
}
