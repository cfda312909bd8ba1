// A store with buyers in it, made through the store's own code (sign-up, cart, card checkout with
// the test processor), so tests see the rows a real store would have: users and passwords,
// profiles, carts, payments, orders with their lines, mail. Needs the database set (setDatabase).
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { signUpSchema } from "../domain/accounts/account-schemas";
import type { CompanyRole } from "../domain/companies/companies";
import type { ShipmentInput } from "../domain/orders/shipments";
import { registerBuyer } from "../server/accounts/register";
import { addToCart, findOrCreateCart } from "../server/cart/cart";
import { applyPromo } from "../server/cart/promo";
import { buyerOf, type Buyer as RequestBuyer } from "../server/companies/buyer";
import { acceptInvitation } from "../server/companies/joining";
import { inviteMember } from "../server/companies/members";
import { buyerContext, type SignedInUser, userContext } from "../server/context";
import { db } from "../server/db/client";
import { companies, companyMembers, orderItems, orders, products, profiles, user } from "../server/db/schema";
import { completeCardPayment, startCardPayment } from "../server/orders/checkout";
import { recordShipment } from "../server/orders/shipments";
import { confirmTestPayment, TEST_CARDS } from "../server/payments/test-processor";
import { checkoutInput } from "./checkout-input";

export interface Buyer {
  id: string;
  email: string;
  password: string;
}

/** A buyer who signed up (with `names`, default Dana Reyes) and confirmed the e-mail. */
export async function signedUpBuyer(
  email: string,
  names: { firstName?: string; lastName?: string; companyName?: string } = {},
): Promise<Buyer> {
  const password = "hunter22";
  await registerBuyer(
    signUpSchema.parse({
      email,
      password,
      firstName: names.firstName ?? "Dana",
      lastName: names.lastName ?? "Reyes",
      companyName: names.companyName ?? "Reyes Fabrication",
      phone: "5035550142",
      shipping: { line1: "100 Main St", city: "Portland", state: "OR", zip: "97201" },
      sameAsShipping: "on",
    }),
    { address: "127.0.0.1" },
  );
  const [row] = await db().update(user).set({ emailVerified: true }).where(eq(user.email, email)).returning();
  if (!row) throw new Error(`${email} was not registered`);
  return { id: row.id, email, password };
}

/** The account as the rules take it: its company, role and limits as they stand now. */
export async function asBuyer(who: { id: string }): Promise<RequestBuyer> {
  const buyer = await buyerOf(who.id);
  if (!buyer) throw new Error(`No account ${who.id}`);
  return buyer;
}

/** The account's place in its company (user, company, role), or null: what a test checks after a move. */
export async function memberOf(userId: string) {
  const buyer = await buyerOf(userId);
  return buyer?.company && buyer.role ? { userId, companyId: buyer.company.id, role: buyer.role } : null;
}

/** The account's company row with the member's role, or null. */
export async function companyAccountOf(userId: string) {
  const [row] = await db()
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row ? { ...row.company, role: row.role } : null;
}

/** A loader's or action's context for `who` (a visitor when null), as the session middleware sets it. */
export async function requestContext(who: SignedInUser | null): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(userContext, who);
  context.set(buyerContext, who ? await buyerOf(who.id) : null);
  return context;
}

export async function productId(partNumber: string): Promise<string> {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.partNumber, partNumber));
  if (!row) throw new Error(`no product ${partNumber}`);
  return row.id;
}

/** Fills the buyer's cart with `lines` (part number, quantity). */
export async function fillCart(buyer: Buyer, lines: [string, number][]): Promise<string> {
  const cartId = await findOrCreateCart({ userId: buyer.id });
  for (const [partNumber, quantity] of lines) await addToCart(cartId, await productId(partNumber), quantity, null);
  return cartId;
}

/** A card order for `lines`, placed as the checkout places it; `promo` is applied first. */
export async function cardOrder(buyer: Buyer, lines: [string, number][], { promo }: { promo?: string } = {}) {
  const cartId = await fillCart(buyer, lines);
  if (promo) await applyPromo(cartId, null, promo);
  const payment = await startCardPayment(
    await asBuyer(buyer),
    cartId,
    checkoutInput(buyer.email, { companyName: "Reyes Fab" }),
  );
  await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
  return completeCardPayment(payment.paymentId, buyer.id);
}

/** Moves the order on, as an admin would (shipped, completed...). */
export async function setOrderStatus(orderNumber: string, status: (typeof orders.$inferSelect)["status"]) {
  await db().update(orders).set({ status }).where(eq(orders.orderNumber, orderNumber));
}

/** Records one shipment of all that is ready to ship of the order, as the admin's form does by default. */
export async function shipAll(
  adminId: string,
  orderNumber: string,
  by: Pick<ShipmentInput, "carrier" | "trackingNumber"> = { carrier: "ups", trackingNumber: "1Z999AA10123456784" },
  now = new Date(),
) {
  const lines = await db()
    .select({
      orderItemId: orderItems.id,
      allocated: orderItems.allocatedQuantity,
      shipped: orderItems.shippedQuantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNumber, orderNumber));
  return recordShipment(
    adminId,
    orderNumber,
    {
      ...by,
      lines: lines
        .map(({ orderItemId, allocated, shipped }) => ({ orderItemId, quantity: allocated - shipped }))
        .filter((line) => line.quantity > 0),
    },
    now,
  );
}

/**
 * A person's profile and their company of one (they its admin), as sign-up makes them; with a
 * `creditLimit` the company is on terms (Net `termsDays`), as an admin grants it.
 */
export async function profileWithCompany(
  userId: string,
  {
    creditLimit,
    termsDays = 30,
    poRequired = false,
    companyName = null,
    ...person
  }: {
    creditLimit?: string;
    termsDays?: 30 | 60 | 90;
    poRequired?: boolean;
    companyName?: string | null;
  } & Partial<Omit<typeof profiles.$inferInsert, "userId">> = {},
): Promise<{ profileId: string; companyId: string }> {
  const [profile] = await db()
    .insert(profiles)
    .values({ userId, ...person })
    .returning({ id: profiles.id });
  const [company] = await db()
    .insert(companies)
    .values({
      name: companyName,
      onTerms: creditLimit !== undefined,
      creditLimit: creditLimit ?? "0",
      termsDays,
      poRequired,
    })
    .returning({ id: companies.id });
  if (!profile || !company) throw new Error(`no profile or company for ${userId}`);
  await db().insert(companyMembers).values({ userId, companyId: company.id, role: "admin" });
  return { profileId: profile.id, companyId: company.id };
}

/**
 * `admin` invites `who` as `role`, and `who` accepts the link, confirming (as the invitation page
 * asks) that their own account of one closes when joining closes it.
 */
export async function joinByInvitation(admin: { id: string }, who: { id: string; email: string }, role: CompanyRole) {
  const token = await inviteMember(await asBuyer(admin), { email: who.email, role });
  const closing = (await buyerOf(who.id))?.company?.accountNumber;
  return acceptInvitation(who, token, { closing });
}
