// Joining a company by an invitation's link: a person new to the store in one step, and a customer
// whose account of one closes when they join, once they confirm it and it owes nothing.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, storeDay } from "../../domain/dates/dates";
import { quoteRequestSchema } from "../../domain/quotes/quote-request";
import { insertProducts } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { answerQuote } from "../../test/quote-fixtures";
import { asBuyer, memberOf, profileWithCompany } from "../../test/store-fixtures";
import { listOrdersWithItems } from "../accounts/account-overview";
import { signInWithPassword } from "../accounts/sign-in";
import { addShipTo, findShipTo } from "../address-book/address-book";
import { customerStats, searchCustomers } from "../admin/customers";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { createList, listsOf } from "../cart/saved-lists";
import {
  cartItems,
  companies,
  companyInvitations,
  companyMembers,
  mailQueue,
  orders,
  profiles,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { placeTermsOrder } from "../orders/checkout";
import { findOrder } from "../orders/orders";
import { moveOwnQuote, PROFILE_SHIP_TO, requestQuote } from "../quotes/requests";
import { settingsRow, updateStoreSettings } from "../terms/settings";
import {
  acceptInvitation,
  accountExistsMessage,
  invitationByToken,
  joinAsNewPerson,
  whatJoiningLeaves,
} from "./joining";
import { inviteMember, setSpendLimits } from "./members";

const { handle } = withTestDatabase();
const db = () => handle().db;
let wheel = "";

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

let people = 0;
/** Someone who signed up: a company of one, they its admin; with `creditLimit` it is on Net 30. */
async function person(name: string, grant: { creditLimit?: string; companyName?: string } = {}) {
  people += 1;
  const id = `${name.toLowerCase()}-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, {
    firstName: name,
    lastName: "Test",
    shippingAddressLine1: "1 Main St",
    shippingCity: "Portland",
    shippingState: "OR",
    shippingZip: "97201",
    ...grant,
  });
  const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
  return { id, email, companyId, accountNumber: company?.accountNumber ?? "" };
}

const companyCount = async () => (await db().select({ n: count() }).from(companies))[0]?.n;
const address = "203.0.113.9";
const signInAs = (email: string, password: string) =>
  signInWithPassword(new Request("http://store.test/auth", { method: "POST" }), { email, password, address });

beforeAll(async () => {
  const [row] = await insertProducts([
    { partNumber: "GW-45-001", name: "Grinding Wheel", price: "10.00", stockLevel: 500 },
  ]);
  wheel = row?.id ?? "";
});

describe("a person new to the store", () => {
  it("joins with a name and a password: confirmed by the link, a member at once, with no company of their own", async () => {
    const acme = await person("Ada", { companyName: "Acme Fabrication" });
    const email = `new-${people}@example.com`;
    const token = await inviteMember(await asBuyer(acme), { email, role: "buyer" });
    expect(await invitationByToken(token)).toMatchObject({ email, companyName: "Acme Fabrication", hasAccount: false });
    const before = await companyCount();

    const joined = await joinAsNewPerson(
      token,
      { firstName: "Nia", lastName: "Okafor", password: "hunter22" },
      { address },
    );

    expect(joined).toEqual({ email, companyName: "Acme Fabrication", role: "buyer" });
    const [account] = await db().select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ name: "Nia Okafor", emailVerified: true });
    const [profile] = await db()
      .select()
      .from(profiles)
      .where(eq(profiles.userId, account?.id ?? ""));
    expect(profile).toMatchObject({ firstName: "Nia", lastName: "Okafor" });
    expect(await memberOf(account?.id ?? "")).toEqual({
      userId: account?.id,
      companyId: acme.companyId,
      role: "buyer",
    });
    expect(await companyCount()).toBe(before);
    // The invitation was the only mail: no confirmation link to open.
    expect((await db().select().from(mailQueue).where(eq(mailQueue.to, email))).map((mail) => mail.subject)).toEqual([
      "You are invited to buy for Acme Fabrication at Cascade Industrial Supply",
    ]);
    expect((await signInAs(email, "hunter22")).outcome).toBe("signed-in");
    expect(
      await outcome(joinAsNewPerson(token, { firstName: "Eve", lastName: "X", password: "hunter22" }, { address })),
    ).toBe("409 This invitation has already been used. Ask your company admin for a new one.");
  });

  it("is sent to sign in when the address has an account, and refused a link that expired or never was", async () => {
    const acme = await person("Ada");
    const pat = await person("Pat");
    const token = await inviteMember(await asBuyer(acme), { email: pat.email, role: "buyer" });
    expect(await invitationByToken(token)).toMatchObject({ hasAccount: true });
    expect(
      await outcome(joinAsNewPerson(token, { firstName: "Pat", lastName: "Two", password: "hunter22" }, { address })),
    ).toBe(`409 ${accountExistsMessage(pat.email)}`);
    expect(await memberOf(pat.id)).toMatchObject({ companyId: pat.companyId });

    const sent = new Date("2026-11-01T10:00:00Z");
    const late = await inviteMember(await asBuyer(acme), { email: `late-${people}@example.com`, role: "buyer" }, sent);
    const eightDaysOn = new Date("2026-11-09T10:00:00Z");
    expect(
      await outcome(
        joinAsNewPerson(
          late,
          { firstName: "Lou", lastName: "Late", password: "hunter22" },
          { address, now: eightDaysOn },
        ),
      ),
    ).toBe("409 This invitation has expired. Ask your company admin for a new one.");
    expect(
      await outcome(joinAsNewPerson("made-up", { firstName: "A", lastName: "B", password: "hunter22" }, { address })),
    ).toMatch(/^404 This invitation link is not valid/);
    expect(
      await db()
        .select()
        .from(user)
        .where(eq(user.email, `late-${people}@example.com`)),
    ).toEqual([]);
  });
});

describe("an invitation's life", () => {
  it("is as long as the store admin set on Settings, in the link's expiry and the mail", async () => {
    const acme = await person("Ada");
    const { updatedAt } = await settingsRow();
    await updateStoreSettings(acme.id, { invitationDays: 2, savedAt: updatedAt ?? undefined });
    try {
      const email = `short-${people}@example.com`;
      const sent = new Date("2026-11-02T10:00:00Z");
      const token = await inviteMember(await asBuyer(acme), { email, role: "viewer" }, sent);
      const [invitation] = await db().select().from(companyInvitations).where(eq(companyInvitations.email, email));
      expect(invitation?.expiresAt.toISOString()).toBe("2026-11-04T10:00:00.000Z");
      const [mail] = await db().select().from(mailQueue).where(eq(mailQueue.to, email));
      expect(mail?.text).toContain("The link works once, for 2 days.");
      expect((await invitationByToken(token, new Date("2026-11-04T10:00:00Z")))?.state).toBe("expired");
    } finally {
      await updateStoreSettings(acme.id, { invitationDays: 7 });
    }
  });
});

describe("a customer with an account of their own", () => {
  it("closes it on joining, once they confirm and its invoices are paid: orders stay theirs, lists come along, addresses stay", async () => {
    const acme = await person("Ada", { companyName: "Acme Fabrication" });
    await createList(await asBuyer(acme), "Shop");
    const sol = await person("Sol", { creditLimit: "1000" });
    const cartId = await findOrCreateCart({ userId: sol.id });
    await addToCart(cartId, wheel, 2, null);
    const placed = await placeTermsOrder(
      await asBuyer(sol),
      cartId,
      checkoutInput(sol.email, { paymentMethod: "net_30" }),
    );
    await createList(await asBuyer(sol), "Shop");
    await createList(await asBuyer(sol), "Welding");
    const dock = {
      line1: "9 Dock Rd",
      line2: undefined,
      city: "Salem",
      state: "OR" as const,
      zip: "97301",
      country: "United States",
    };
    const shipTo = await addShipTo(await asBuyer(sol), { label: "Dock", address: dock });
    await addToCart(cartId, wheel, 3, null);
    const token = await inviteMember(await asBuyer(acme), { email: sol.email, role: "buyer" });
    const invitedTo = { invitedTo: acme.companyId, role: "buyer" as const };

    // An unpaid terms order keeps the account open.
    const owing = await whatJoiningLeaves(sol.id, invitedTo);
    expect(owing.refusal).toMatch(
      new RegExp(
        `^Your account ${sol.accountNumber} closes when you join another company, and invoice INV-\\d+ is unpaid\\.`,
      ),
    );
    expect(await outcome(acceptInvitation(sol, token, { closing: sol.accountNumber }))).toBe(`409 ${owing.refusal}`);

    await db().update(orders).set({ paidAt: new Date() }).where(eq(orders.orderNumber, placed.orderNumber));
    expect(await whatJoiningLeaves(sol.id, invitedTo)).toEqual({
      kind: "closes",
      accountNumber: sol.accountNumber,
      orders: 1,
      lists: 2,
      listsMove: true,
      addresses: 1,
      addressesMove: false,
      certificates: 0,
      apiKeys: 0,
      terms: { termsDays: 30, creditLimit: "1000.00" },
      refusal: null,
    });
    // Not without saying yes to closing that very account.
    expect(await outcome(acceptInvitation(sol, token))).toBe(
      `409 Joining closes your account ${sol.accountNumber}. Open the invitation link again to see what that means, and confirm it there.`,
    );
    expect(await memberOf(sol.id)).toMatchObject({ companyId: sol.companyId });

    const joined = await acceptInvitation(sol, token, { closing: sol.accountNumber });

    expect(joined).toEqual({ companyName: "Acme Fabrication", role: "buyer", closed: sol.accountNumber });
    expect(await memberOf(sol.id)).toEqual({ userId: sol.id, companyId: acme.companyId, role: "buyer" });
    const [closed] = await db().select().from(companies).where(eq(companies.id, sol.companyId));
    expect(closed?.closedAt).toBeInstanceOf(Date);
    expect(await db().select().from(companyMembers).where(eq(companyMembers.companyId, sol.companyId))).toEqual([]);
    // The order is Sol's still, marked as placed under the closed account; not Acme's.
    expect((await findOrder(placed.orderNumber, await asBuyer(sol)))?.orderNumber).toBe(placed.orderNumber);
    expect(
      (await listOrdersWithItems(await asBuyer(sol))).map((order) => [order.orderNumber, order.closedAccount]),
    ).toEqual([[placed.orderNumber, sol.accountNumber]]);
    expect(await findOrder(placed.orderNumber, await asBuyer(acme))).toBeNull();
    expect(await listOrdersWithItems(await asBuyer(acme))).toEqual([]);
    // The lists came along (the one whose name Acme had, renamed); the address book stayed.
    expect((await listsOf(await asBuyer(acme))).map((list) => list.name).sort()).toEqual([
      "Shop",
      `Shop (from ${sol.accountNumber})`,
      "Welding",
    ]);
    expect(await outcome(findShipTo(await asBuyer(sol), shipTo.id))).toBe("404 That address does not exist.");
    // The cart is as it was.
    expect(
      await db().select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.cartId, cartId)),
    ).toEqual([{ quantity: 3 }]);
    // The closed account is no customer of the store's any more.
    const { customers } = await searchCustomers({ q: sol.accountNumber, page: 1 });
    expect(customers).toEqual([]);
    expect((await customerStats()).totalCustomers).toBe((await searchCustomers({ q: "", page: 1 })).total);
  });

  it("keeps an account with an open or an accepted quote open", async () => {
    const acme = await person("Ada");
    const kit = await person("Kit");
    const number = await requestQuote(
      await asBuyer(kit),
      quoteRequestSchema.parse({ source: "product", partNumber: "GW-45-001", quantity: "5", shipTo: PROFILE_SHIP_TO }),
    );
    const token = await inviteMember(await asBuyer(acme), { email: kit.email, role: "viewer" });
    expect(await outcome(acceptInvitation(kit, token, { closing: kit.accountNumber }))).toBe(
      `409 Your account ${kit.accountNumber} closes when you join another company, and quote ${number} is still open. Withdraw it first, then open this link again.`,
    );
    await answerQuote(number, { validUntil: addDays(storeDay(new Date()), 5) });
    await moveOwnQuote(await asBuyer(kit), number, { intent: "accept", version: 1 });
    expect(await outcome(acceptInvitation(kit, token, { closing: kit.accountNumber }))).toBe(
      `409 Your account ${kit.accountNumber} closes when you join another company, and you accepted quote ${number} but have not ordered it. Order it first, then open this link again.`,
    );
    expect(await memberOf(kit.id)).toMatchObject({ companyId: kit.companyId });
  });

  it("leaving a company that has others, moves alone: nothing closes, and the old spend limits stay behind", async () => {
    const acme = await person("Ada");
    const rival = await person("Rex");
    const bo = await person("Bo");
    const boToken = await inviteMember(await asBuyer(rival), { email: bo.email, role: "buyer" });
    await acceptInvitation(bo, boToken, { closing: bo.accountNumber });
    await setSpendLimits(await asBuyer(rival), { userId: bo.id, orderLimit: "50.00" });
    const token = await inviteMember(await asBuyer(acme), { email: bo.email, role: "buyer" });
    expect(await whatJoiningLeaves(bo.id, { invitedTo: acme.companyId, role: "buyer" })).toEqual({
      kind: "moves",
      from: `Account ${rival.accountNumber}`,
      refusal: null,
    });
    await acceptInvitation(bo, token);
    const [member] = await db().select().from(companyMembers).where(eq(companyMembers.userId, bo.id));
    expect(member).toMatchObject({ companyId: acme.companyId, orderLimit: null, monthlyLimit: null });
    const [rivalCompany] = await db().select().from(companies).where(eq(companies.id, rival.companyId));
    expect(rivalCompany?.closedAt).toBeNull();
    const used = await db()
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, acme.companyId), eq(companyInvitations.usedBy, bo.id)));
    expect(used).toHaveLength(1);
  });
});
