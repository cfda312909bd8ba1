import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { quoteRequestSchema } from "../../domain/quotes/quote-request";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import {
  asBuyer,
  type Buyer,
  cardOrder,
  companyAccountOf,
  fillCart,
  productId,
  setOrderStatus,
  signedUpBuyer,
} from "../../test/store-fixtures";
import { writeReview } from "../catalog/products/reviews";
import { seedCatalogIfEmpty } from "../catalog/seed/seed";
import {
  account,
  backInStockRequests,
  cartItems,
  carts,
  checkoutPayments,
  companies,
  mailQueue,
  orderItems,
  orders,
  productReviews,
  products,
  profiles,
  promoCodes,
  session,
  user,
  verification,
} from "../db/schema";
import { StoreError } from "../errors";
import { placeTermsOrder, startCardPayment } from "../orders/checkout";
import { PROFILE_SHIP_TO, requestQuote } from "../quotes/requests";
import { exportAccountData } from "./account-data";
import { listOrdersWithItems } from "./account-overview";
import { ensureAdmin } from "./admin-bootstrap";
import { auth } from "./auth";
import { anonymisedOrder, deleteAccount } from "./delete-account";
import type { SignedInUser } from "./session";

const { handle } = withTestDatabase();
const db = () => handle().db;
const address = "203.0.113.7";
const signedIn = (buyer: Buyer, isAdmin = false): SignedInUser => ({
  id: buyer.id,
  email: buyer.email,
  name: "Dana",
  isAdmin,
  twoFactorEnabled: false,
  twoFactorVerified: false,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => "deleted",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

async function ordersOf(userId: string) {
  return db().select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.orderNumber);
}

let dana: Buyer;
let sam: Buyer;

beforeAll(async () => {
  await seedCatalogIfEmpty(db());
  await db().insert(promoCodes).values({ code: "SAVE10", discountType: "percentage", discountValue: "10" });
  dana = await signedUpBuyer("dana@example.com");
  sam = await signedUpBuyer("sam@example.com", { firstName: "Sam", lastName: "Ito", companyName: "Ito Welding" });
  await cardOrder(dana, [
    ["GW-45-001", 3],
    ["CW-45-045", 120],
  ]);
  await cardOrder(dana, [["FD-80-001", 7]], { promo: "SAVE10" });
  await writeReview(dana.id, await productId("FD-80-001"), {
    rating: 5,
    title: "Lasts",
    body: "Blended a dozen welds.",
  });
  await fillCart(dana, [["GW-45-001", 2]]);
  // As if the wheel had been out of stock when she asked to hear when it is back.
  await db()
    .insert(backInStockRequests)
    .values({ userId: dana.id, productId: await productId("GW-45-001") });
  await requestQuote(
    await asBuyer(dana),
    quoteRequestSchema.parse({
      source: "paste",
      lines: "GW-45-001, 500",
      shipTo: PROFILE_SHIP_TO,
      notes: "Dock 4, mornings",
    }),
  );
  await cardOrder(sam, [["GW-45-001", 1]]);
  await fillCart(sam, [["FD-80-001", 4]]);
}, 60_000);

describe("Download my data", () => {
  it("holds the buyer's account, profile, addresses, orders with their lines and cart", async () => {
    const data = await exportAccountData(await asBuyer(dana), new Date("2026-11-20T10:00:00Z"));
    const account = await companyAccountOf(dana.id);
    const stored = await ordersOf(dana.id);

    expect(data.exportedAt).toEqual(new Date("2026-11-20T10:00:00Z"));
    expect(data.account).toMatchObject({ email: "dana@example.com", name: "Dana Reyes", emailVerified: true });
    expect(data.account.signInMethods.map((m) => m.method)).toEqual(["credential"]);
    expect(data.profile).toMatchObject({
      accountNumber: account?.accountNumber,
      companyRole: "admin",
      firstName: "Dana",
      lastName: "Reyes",
      companyName: "Reyes Fabrication",
      phone: "5035550142",
      shippingAddress: { line1: "100 Main St", city: "Portland", state: "OR", zip: "97201" },
      billingSameAsShipping: true,
      net30: { approved: false, creditLimit: "0.00" },
    });
    expect(data.orders.map((o) => o.orderNumber).sort()).toEqual(stored.map((o) => o.orderNumber));
    const withPromo = data.orders.find((o) => o.promoCode === "SAVE10");
    expect(withPromo).toMatchObject({
      subtotal: "59.43",
      discount: "5.94",
      items: [{ productSku: "FD-80-001", quantity: 7, unitPrice: "8.49", totalPrice: "59.43" }],
      shippingAddress: { line1: "100 Main St", city: "Portland", state: "OR" },
    });
    expect(data.orders.flatMap((o) => o.items)).toHaveLength(3);
    expect(data.cart?.lines).toEqual([expect.objectContaining({ partNumber: "GW-45-001", quantity: 2 })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ partNumber: "FD-80-001", rating: 5, title: "Lasts", hidden: false }),
    ]);
    expect(data.backInStockRequests).toEqual([
      expect.objectContaining({ partNumber: "GW-45-001", productName: "Grinding Wheel 4.5 in", emailedAt: null }),
    ]);
    expect(data.cardPayments).toHaveLength(2);
    expect(data.quoteRequests).toEqual([
      expect.objectContaining({
        status: "requested",
        notes: "Dock 4, mornings",
        shipTo: expect.objectContaining({ line1: "100 Main St" }),
      }),
    ]);
    expect(data.emails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/order/i)]));
  });

  it("holds nothing of another buyer, and no password hash or session token", async () => {
    await auth().api.signInEmail({ body: { email: dana.email, password: dana.password } });
    const text = JSON.stringify(await exportAccountData(await asBuyer(dana)));
    const samAccount = await companyAccountOf(sam.id);
    const [samOrder] = await ordersOf(sam.id);
    const secrets = await db()
      .select({ hash: account.password })
      .from(account)
      .where(eq(account.userId, dana.id))
      .then((rows) => rows.map((row) => row.hash ?? ""));
    const tokens = await db()
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, dana.id))
      .then((rows) => rows.map((row) => row.token));
    expect(tokens.length).toBeGreaterThan(0);
    for (const foreign of [
      sam.email,
      sam.id,
      "Ito Welding",
      samAccount?.accountNumber ?? "?",
      samOrder?.orderNumber ?? "?",
      ...secrets,
      ...tokens,
    ]) {
      expect(text).not.toContain(foreign);
    }
  });
});

describe("Delete my account", () => {
  it("asks for the buyer's own password, and refuses admins", async () => {
    expect(await failure(deleteAccount(signedIn(dana), "not-my-password", { address }))).toBe("401 Incorrect password");
    await ensureAdmin("boss@example.com", "boss-password");
    const [boss] = await db().select().from(user).where(eq(user.email, "boss@example.com"));
    const admin = { id: boss?.id ?? "", email: "boss@example.com", password: "boss-password" };
    const refusal = "403 Admin accounts cannot be deleted here: the audit log must keep which admin made each change.";
    expect(await failure(deleteAccount(signedIn(admin, true), admin.password, { address }))).toBe(refusal);
    // The role is read again from the database, whatever the session said.
    expect(await failure(deleteAccount(signedIn(admin, false), admin.password, { address }))).toBe(refusal);
    expect(
      await db()
        .select()
        .from(user)
        .where(inArray(user.id, [dana.id, admin.id])),
    ).toHaveLength(2);
  });

  it("waits while an order is still to ship, a Net 30 invoice is unpaid or a card payment is open", async () => {
    expect(await failure(deleteAccount(signedIn(dana), dana.password, { address }))).toMatch(
      /^409 Order ORD\w+ is still open\. You can delete your account once your orders have shipped and your Net 30 invoices are paid\.$/,
    );

    const lee = await signedUpBuyer("lee@example.com", { firstName: "Lee" });
    await db()
      .update(companies)
      .set({ onTerms: true, creditLimit: "5000" })
      .where(eq(companies.id, (await asBuyer(lee)).company?.id ?? ""));
    const net30 = await placeTermsOrder(
      await asBuyer(lee),
      await fillCart(lee, [["GW-45-001", 1]]),
      checkoutInput(lee.email, { paymentMethod: "net_30" }),
    );
    await setOrderStatus(net30.orderNumber, "shipped");
    expect(await failure(deleteAccount(signedIn(lee), lee.password, { address }))).toMatch(
      /^409 Order ORD\w+ is still open/,
    );
    await db().update(orders).set({ paidAt: new Date() }).where(eq(orders.orderNumber, net30.orderNumber));

    await startCardPayment(await asBuyer(lee), await fillCart(lee, [["GW-45-001", 1]]), checkoutInput(lee.email));
    expect(await failure(deleteAccount(signedIn(lee), lee.password, { address }))).toMatch(
      /^409 A card payment you started is still open/,
    );
    await db().update(checkoutPayments).set({ status: "abandoned" }).where(eq(checkoutPayments.userId, lee.id));
    expect(await failure(deleteAccount(signedIn(lee), lee.password, { address }))).toBe("deleted");
  });

  it("anonymises the orders, keeping their totals, lines, dates and counts, and deletes the rest", async () => {
    for (const order of await ordersOf(dana.id)) await setOrderStatus(order.orderNumber, "shipped");
    await auth().api.requestPasswordReset({ body: { email: dana.email, redirectTo: "/auth/reset-password" } });
    const before = {
      orders: await ordersOf(dana.id),
      items: await db().select().from(orderItems).orderBy(orderItems.id),
      orderCount: await db().$count(orders),
      sam: await ordersOf(sam.id),
      samProfile: await db().select().from(profiles).where(eq(profiles.userId, sam.id)),
    };
    const [cart] = await db().select().from(carts).where(eq(carts.userId, dana.id));
    expect(await db().select().from(verification).where(eq(verification.value, dana.id))).toHaveLength(1);

    expect(await failure(deleteAccount(signedIn(dana), dana.password, { address }))).toBe("deleted");

    const kept = await db()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          before.orders.map((o) => o.id),
        ),
      )
      .orderBy(orders.orderNumber);
    // Every column as it was but the anonymised ones (docs/product-rules.md, Retention).
    expect(kept).toEqual(before.orders.map((order) => ({ ...order, ...anonymisedOrder })));
    expect(kept.map((o) => `${o.firstName} ${o.lastName}|${o.email}|${o.phone}|${o.shippingCity}`)).toEqual([
      "Deleted customer|||",
      "Deleted customer|||",
    ]);
    expect(kept.map((o) => [o.shippingState, o.billingState, o.taxAmount, o.totalAmount])).toEqual(
      before.orders.map((o) => [o.shippingState, o.billingState, o.taxAmount, o.totalAmount]),
    );
    expect(await db().select().from(orderItems).orderBy(orderItems.id)).toEqual(before.items);
    expect(await db().$count(orders)).toBe(before.orderCount);

    expect({
      user: await db().$count(user, eq(user.id, dana.id)),
      profile: await db().$count(profiles, eq(profiles.userId, dana.id)),
      sessions: await db().$count(session, eq(session.userId, dana.id)),
      signIn: await db().$count(account, eq(account.userId, dana.id)),
      cart: await db().$count(carts, eq(carts.userId, dana.id)),
      cartLines: await db().$count(cartItems, eq(cartItems.cartId, cart?.id ?? "")),
      cardPayments: await db().$count(checkoutPayments, eq(checkoutPayments.userId, dana.id)),
      resetLinks: await db().$count(verification, eq(verification.value, dana.id)),
      mail: await db().$count(mailQueue, eq(mailQueue.to, dana.email)),
      ordersWithTheirEmail: await db().$count(orders, eq(orders.email, dana.email)),
      reviews: await db().$count(productReviews, eq(productReviews.userId, dana.id)),
      backInStock: await db().$count(backInStockRequests, eq(backInStockRequests.userId, dana.id)),
    }).toEqual({
      user: 0,
      profile: 0,
      sessions: 0,
      signIn: 0,
      cart: 0,
      cartLines: 0,
      cardPayments: 0,
      resetLinks: 0,
      mail: 0,
      ordersWithTheirEmail: 0,
      reviews: 0,
      backInStock: 0,
    });
    // The flap disc's stars and count no longer include the review that went with the account.
    const [disc] = await db()
      .select({ rating: products.rating, reviewCount: products.reviewCount })
      .from(products)
      .where(eq(products.partNumber, "FD-80-001"));
    expect(disc).toEqual({ rating: "0.0", reviewCount: 0 });
    expect(await ordersOf(sam.id)).toEqual(before.sam);
    expect(await db().select().from(profiles).where(eq(profiles.userId, sam.id))).toEqual(before.samProfile);
    // As the request that asked would have named the account before it went.
    const gone = { userId: dana.id, email: dana.email, name: "Dana Reyes", company: null, role: null };
    await expect(exportAccountData({ ...gone, orderLimit: null, monthlyLimit: null, catalogue: null })).rejects.toThrow(
      "That account does not exist.",
    );

    // The e-mail is free again, and the new account starts without the old orders.
    const again = await signedUpBuyer("dana@example.com");
    expect(again.id).not.toBe(dana.id);
    expect(await listOrdersWithItems(await asBuyer(again))).toEqual([]);
  });
});
