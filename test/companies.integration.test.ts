import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as apiKeysRoute from "../app/routes/account.company.api-keys";
import * as quotePdfRoute from "../app/routes/account.quote-pdf";
import * as companyPricesRoute from "../app/routes/admin/company-prices";
import { apiScopes } from "../domain/companies/api-keys";
import { addDays, storeDay } from "../domain/dates/dates";
import { quoteRequestSchema } from "../domain/quotes/quote-request";
import {
  addShipTo,
  deleteShipTo,
  findShipTo,
  makeDefaultShipTo,
  updateShipTo,
} from "../server/address-book/address-book";
import { apiKeysPage, authenticateApiKey, createApiKey, revokeApiKey } from "../server/api/api-keys";
import { findApiOrder, listApiOrders } from "../server/api/orders";
import {
  approvalQueue,
  approveSubmission,
  rejectSubmission,
  submitForApproval,
  withdrawSubmission,
} from "../server/approvals/approvals";
import { addToCart, findOrCreateCart } from "../server/cart/cart";
import {
  addListToCart,
  addToList,
  createList,
  deleteList,
  findList,
  listsOf,
  removeListLine,
  renameList,
  setListLineQuantity,
} from "../server/cart/saved-lists";
import { acceptInvitation, invitationByToken } from "../server/companies/joining";
import {
  changeMemberRole,
  companyPage,
  invitationLimits,
  inviteMember,
  removeMember,
  revokeInvitation,
  setSpendLimits,
} from "../server/companies/members";
import { companyCertificates, removeCertificate, uploadCertificate } from "../server/companies/tax-certificates";
import {
  apiIdempotencyKeys,
  backInStockRequests,
  companies,
  companyApiKeys,
  companyMembers,
  contractPrices,
  mailQueue,
  orderApprovals,
  orders,
  profiles,
  shipToAddresses,
  taxCertificates,
  user,
} from "../server/db/schema";
import { buyerOrderDocument } from "../server/documents/buyer-documents";
import { StoreError } from "../server/errors";
import { placeTermsOrder, placeTermsQuoteOrder, startQuoteCardPayment } from "../server/orders/checkout";
import { findOrder } from "../server/orders/orders";
import { packingSlip } from "../server/orders/shipments";
import { memberPrices } from "../server/pricing/member-prices";
import { cartSummary } from "../server/pricing/price";
import {
  buyerQuotePdf,
  findQuote,
  moveOwnQuote,
  PROFILE_SHIP_TO,
  quotesOf,
  requestQuote,
} from "../server/quotes/requests";
import { creditCentre } from "../server/terms/account-terms";
import { insertProducts } from "./catalog-fixtures";
import { checkoutInput } from "./checkout-input";
import { testDriver, withTestDatabase } from "./database";
import { deferred } from "./deferred";
import { answerQuote } from "./quote-fixtures";
import { asBuyer, joinByInvitation, memberOf, profileWithCompany, requestContext, shipAll } from "./store-fixtures";

const { handle } = withTestDatabase();
const db = () => handle().db;
let wheel = "";
/** One product per racer: a shared product's row lock would serialize them before the credit check does. */
const otherParts: string[] = [];

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

let people = 0;
/** Someone who signed up: a company of one, they its admin; with `creditLimit` it is on Net 30. */
async function person(name: string, grant: { creditLimit?: string } = {}) {
  people += 1;
  const id = `${name.toLowerCase()}-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, { firstName: name, lastName: "Test", ...grant });
  const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
  return { id, email, companyId, accountNumber: company?.accountNumber ?? "" };
}

const join = joinByInvitation;

async function cartOf(who: { id: string }, wheels: number, productId = wheel) {
  const cartId = await findOrCreateCart({ userId: who.id });
  await addToCart(cartId, productId, wheels, null);
  return cartId;
}

const termsOrder = async (who: { id: string; email: string }, cartId: string) =>
  placeTermsOrder(await asBuyer(who), cartId, checkoutInput(who.email, { paymentMethod: "net_30" }));

beforeAll(async () => {
  const rows = await insertProducts(
    ["GW-45-001", "GW-45-002", "GW-45-003", "GW-45-004"].map((partNumber) => ({
      partNumber,
      name: `Grinding Wheel ${partNumber}`,
      price: "10.00",
      stockLevel: 10_000,
    })),
  );
  const [first, ...others] = rows.map((row) => row.id);
  wheel = first ?? "";
  otherParts.push(...others);
});

describe("inviting a member", () => {
  it("mails a one-time link; the invitee signed in with that address joins with the role given", async () => {
    const admin = await person("Ada");
    const pat = await person("Pat");
    const now = new Date("2026-11-25T10:00:00Z");
    const token = await inviteMember(await asBuyer(admin), { email: pat.email, role: "buyer" }, now);
    const [mail] = await db().select().from(mailQueue).where(eq(mailQueue.to, pat.email));
    expect(mail?.text).toContain(`/company/join/${token}`);
    expect(mail?.text).toContain("works once, for 7 days");
    expect(await invitationByToken(token, now)).toMatchObject({ email: pat.email, role: "buyer", state: "open" });

    const stranger = await person("Eve");
    expect(await outcome(acceptInvitation(stranger, token, { now, closing: stranger.accountNumber }))).toBe(
      `403 This invitation was sent to ${pat.email}. Sign in with that address to accept it.`,
    );
    await acceptInvitation(pat, token, { now, closing: pat.accountNumber });
    expect(await memberOf(pat.id)).toEqual({ userId: pat.id, companyId: admin.companyId, role: "buyer" });
    expect(await outcome(acceptInvitation(pat, token, { now }))).toBe(
      "409 This invitation has already been used. Ask your company admin for a new one.",
    );
    const page = await companyPage(await asBuyer(admin));
    expect(page.members.map((member) => [member.email, member.role]).sort()).toEqual([
      [admin.email, "admin"],
      [pat.email, "buyer"],
    ]);
  });

  it("stops working after 7 days, and when revoked; a made-up link is no invitation", async () => {
    const admin = await person("Ada");
    const lee = await person("Lee");
    const sent = new Date("2026-11-01T10:00:00Z");
    const token = await inviteMember(await asBuyer(admin), { email: lee.email, role: "viewer" }, sent);
    expect(
      await outcome(
        acceptInvitation(lee, token, { now: new Date("2026-11-08T10:00:00Z"), closing: lee.accountNumber }),
      ),
    ).toBe("409 This invitation has expired. Ask your company admin for a new one.");
    const second = await inviteMember(await asBuyer(admin), { email: lee.email, role: "viewer" });
    const [open] = (await companyPage(await asBuyer(admin))).invitations;
    await revokeInvitation(await asBuyer(admin), open?.id ?? "");
    expect(await outcome(acceptInvitation(lee, second, { closing: lee.accountNumber }))).toMatch(
      /^404 This invitation link is not valid/,
    );
    expect(await invitationByToken("made-up")).toBeNull();
    expect((await memberOf(lee.id))?.companyId).toBe(lee.companyId);
  });

  it("is limited per admin and per company, and names a company whose name holds a link by its account number", async () => {
    const admin = await person("Ada");
    const [company] = await db()
      .update(companies)
      .set({ name: "Cheap pills at https://evil.example and evil.example" })
      .where(eq(companies.id, admin.companyId))
      .returning();
    const start = new Date("2026-11-25T10:00:00Z");
    const hoursLater = (hours: number) => new Date(start.getTime() + hours * 60 * 60_000);
    const invite = async (n: number, at: Date) =>
      outcome(inviteMember(await asBuyer(admin), { email: `invitee-${admin.id}-${n}@example.com`, role: "buyer" }, at));
    // Each hour the admin tries 25: no more than an admin's hourly share go out, and the company's
    // day ends it; every refusal says how long to wait.
    const sentPerHour: number[] = [];
    let n = 0;
    for (const hour of [0, 1.1, 2.2, 3.3]) {
      let sent = 0;
      for (let attempt = 0; attempt < 25; attempt += 1) {
        const result = await invite(n++, hoursLater(hour));
        if (result === "ok") sent += 1;
        else
          expect(result).toMatch(
            /^429 You have sent many invitations lately\. Please wait \d+ minutes? and try again\.$/,
          );
      }
      sentPerHour.push(sent);
    }
    expect(sentPerHour[0]).toBe(invitationLimits.account.max);
    expect(Math.max(...sentPerHour)).toBeLessThanOrEqual(invitationLimits.account.max);
    expect(sentPerHour.reduce((a, b) => a + b)).toBeLessThanOrEqual(invitationLimits.company.max);
    expect(sentPerHour.at(-1)).toBe(0);
    const mails = await db()
      .select()
      .from(mailQueue)
      .where(sql`${mailQueue.to} like ${`invitee-${admin.id}-%`}`);
    expect(mails).toHaveLength(sentPerHour.reduce((a, b) => a + b));
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/evil|pills/);
      expect(mail.subject).toBe(
        `You are invited to buy for account ${company?.accountNumber} at Cascade Industrial Supply`,
      );
    }
  });

  it("is refused for someone already in the company", async () => {
    const admin = await person("Ada");
    expect(await outcome(inviteMember(await asBuyer(admin), { email: admin.email, role: "buyer" }))).toBe(
      `409 ${admin.email} is already a member of your company.`,
    );
  });
});

describe("an admin's invitations", () => {
  it("are withdrawn when the admin is removed or made another role, and the members page names who sent each", async () => {
    const ada = await person("Ada");
    const bo = await person("Bo");
    const cy = await person("Cy");
    await join(ada, bo, "admin");
    await join(ada, cy, "admin");
    const fromBo = await person("Fromboinvitee");
    const fromCy = await person("Fromcyinvitee");
    const boToken = await inviteMember(await asBuyer(bo), { email: fromBo.email, role: "admin" });
    const cyToken = await inviteMember(await asBuyer(cy), { email: fromCy.email, role: "admin" });
    expect(
      (await companyPage(await asBuyer(ada))).invitations.map((invitation) => [invitation.email, invitation.invitedBy]),
    ).toEqual([
      [fromBo.email, bo.email],
      [fromCy.email, cy.email],
    ]);

    await removeMember(await asBuyer(ada), { userId: bo.id });
    await changeMemberRole(await asBuyer(ada), { userId: cy.id, role: "buyer" });
    expect((await companyPage(await asBuyer(ada))).invitations).toEqual([]);
    for (const [invitee, token] of [
      [fromBo, boToken],
      [fromCy, cyToken],
    ] as const) {
      expect(await outcome(acceptInvitation(invitee, token, { closing: invitee.accountNumber }))).toMatch(
        /^404 This invitation link is not valid/,
      );
      expect((await memberOf(invitee.id))?.companyId).toBe(invitee.companyId);
    }
  });
});

describe("roles and the last admin", () => {
  it("lets the admin change roles, never leaving the company without an admin", async () => {
    const admin = await person("Ada");
    const kim = await person("Kim");
    await join(admin, kim, "buyer");
    expect(await outcome(changeMemberRole(await asBuyer(admin), { userId: admin.id, role: "buyer" }))).toBe(
      "409 A company needs an admin: make another member an admin first.",
    );
    await changeMemberRole(await asBuyer(admin), { userId: kim.id, role: "admin" });
    await changeMemberRole(await asBuyer(kim), { userId: admin.id, role: "viewer" });
    expect((await memberOf(admin.id))?.role).toBe("viewer");
    expect(await outcome(companyPage(await asBuyer(admin)))).toBe(
      "403 Only your company admin can manage the company's members.",
    );
    expect(await outcome(changeMemberRole(await asBuyer(admin), { userId: kim.id, role: "viewer" }))).toBe(
      "403 Only your company admin can manage the company's members.",
    );
  });

  it("removes a member: their lists stay with the company, they keep a company of their own", async () => {
    const admin = await person("Ada");
    const bo = await person("Bo");
    await join(admin, bo, "buyer");
    const list = await createList(await asBuyer(bo), "Bo's parts");
    expect(await outcome(removeMember(await asBuyer(admin), { userId: admin.id }))).toBe(
      "409 You cannot remove yourself. Another company admin can remove you.",
    );
    await removeMember(await asBuyer(admin), { userId: bo.id });
    expect((await listsOf(await asBuyer(admin))).map((l) => l.id)).toEqual([list.id]);
    expect(await outcome(findList(await asBuyer(bo), list.id))).toBe("404 That list was not found.");
    const after = await memberOf(bo.id);
    expect(after).toMatchObject({ role: "admin" });
    expect(after?.companyId).not.toBe(admin.companyId);
  });

  it("moves someone who joins another company, but not the last admin of a company with members", async () => {
    const first = await person("Ada");
    const helper = await person("Hal");
    await join(first, helper, "buyer");
    const other = await person("Ola");
    const token = await inviteMember(await asBuyer(other), { email: first.email, role: "buyer" });
    expect(await outcome(acceptInvitation(first, token, { closing: first.accountNumber }))).toBe(
      "409 You are the only admin of your company, which has other members: make one of them an admin before you join another company.",
    );
    // A company of one is left behind with its orders; its person moves.
    const solo = await person("Sol");
    await join(other, solo, "viewer");
    expect(await memberOf(solo.id)).toMatchObject({ companyId: other.companyId, role: "viewer" });
  });
});

describe("what each role may do", () => {
  it("a viewer sees the company's orders and invoices but cannot order, keep lists or change addresses", async () => {
    const admin = await person("Ada", { creditLimit: "1000" });
    const viewer = await person("Vic");
    await join(admin, viewer, "viewer");
    const placed = await termsOrder(admin, await cartOf(admin, 2));
    expect((await findOrder(placed.orderNumber, await asBuyer(viewer)))?.orderNumber).toBe(placed.orderNumber);
    expect((await creditCentre(await asBuyer(viewer))).used).toBe("20.00");
    expect(await outcome(termsOrder(viewer, await cartOf(viewer, 1)))).toBe(
      "403 Your role in this company does not allow placing orders. Ask your company admin.",
    );
    expect(await outcome(createList(await asBuyer(viewer), "Mine"))).toBe(
      "403 Your role in this company does not allow changing lists. Ask your company admin.",
    );
    const address = {
      line1: "1 Dock Rd",
      line2: undefined,
      city: "Salem",
      state: "OR" as const,
      zip: "97301",
      country: "United States",
    };
    expect(await outcome(addShipTo(await asBuyer(viewer), { label: "Dock", address }))).toBe(
      "403 Only your company admin can change the company's address book.",
    );
  });
});

describe("one credit limit per company", () => {
  it("counts every member's terms orders against the company's limit", async () => {
    const admin = await person("Ada", { creditLimit: "50" });
    const buyer = await person("Bea");
    await join(admin, buyer, "buyer");
    // 3 wheels at $10 with Oregon's 0% tax: $30 each.
    await termsOrder(admin, await cartOf(admin, 3));
    expect(await outcome(termsOrder(buyer, await cartOf(buyer, 3)))).toBe(
      "409 This order of $30.00 would exceed your Net 30 credit limit. Available credit: $20.00.",
    );
    const [placed] = await db().select({ companyId: orders.companyId }).from(orders).where(eq(orders.userId, admin.id));
    expect(placed?.companyId).toBe(admin.companyId);
  });

  it("two members racing for the last of the credit get exactly one order", async () => {
    const admin = await person("Ada", { creditLimit: "100" });
    const racers = [await person("Rae"), await person("Ray"), await person("Rex")];
    for (const racer of racers) await join(admin, racer, "buyer");
    const carts = await Promise.all(racers.map((racer, n) => cartOf(racer, 6, otherParts[n])));
    const results = await Promise.all(racers.map((racer, n) => outcome(termsOrder(racer, carts[n] ?? ""))));
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results.filter((result) => result.includes("would exceed your Net 30 credit limit"))).toHaveLength(2);
    const [company] = await db().select().from(companies).where(eq(companies.id, admin.companyId));
    const placed = await db().select().from(orders).where(eq(orders.companyId, admin.companyId));
    expect(placed).toHaveLength(1);
    expect(Number(placed[0]?.totalAmount)).toBeLessThanOrEqual(Number(company?.creditLimit));
  });

  // PGlite runs one transaction at a time, so there is no row lock to wait for there.
  if (testDriver === "postgres")
    it("an order does not wait for a transaction that only names its company and product in new rows", async () => {
      const buyer = await person("Kit", { creditLimit: "1000" });
      const cartId = await cartOf(buyer, 1);
      const released = deferred();
      const naming = deferred();
      // An API call's idempotency record names the company and a buyer's wish names the product,
      // early in transactions of their own; their foreign keys share-lock both rows until they end.
      const holder = db().transaction(async (tx) => {
        await tx.insert(apiIdempotencyKeys).values({
          companyId: buyer.companyId,
          key: "held-open",
          requestHash: "-",
          status: 0,
          response: "",
        });
        await tx.insert(backInStockRequests).values({ productId: wheel, userId: buyer.id });
        naming.settle();
        await released.promise;
      });
      await naming.promise;
      const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000));
      const placed = termsOrder(buyer, cartId).then((order) => order.orderNumber);
      const first = await Promise.race([placed, waited]);
      released.settle();
      await holder;
      expect(first).toMatch(/^ORD\d/);
    });
});

describe("a member of company A against company B", () => {
  it("finds none of B's orders, invoices, packing slips, lists, addresses, members, invitations or contract prices", async () => {
    const a = await person("Ann", { creditLimit: "1000" });
    const b = await person("Ben", { creditLimit: "1000" });
    const bBuyer = await person("Bill");
    await join(b, bBuyer, "buyer");
    const order = await termsOrder(b, await cartOf(b, 1));
    const [invoice] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const list = await createList(await asBuyer(b), "B's list");
    const address = {
      line1: "2 Pier St",
      line2: undefined,
      city: "Salem",
      state: "OR" as const,
      zip: "97301",
      country: "United States",
    };
    const shipTo = await addShipTo(await asBuyer(b), { label: "Pier", address });
    await inviteMember(await asBuyer(b), { email: "new@example.com", role: "buyer" });
    const [bInvitation] = (await companyPage(await asBuyer(b))).invitations;
    const bKey = await createApiKey(await asBuyer(b), { name: "B's ERP", scopes: apiScopes });
    const aCaller = await authenticateApiKey(
      (await createApiKey(await asBuyer(a), { name: "A's ERP", scopes: apiScopes })).key,
    );

    expect(await findOrder(order.orderNumber, await asBuyer(a))).toBeNull();
    expect(await buyerOrderDocument(await asBuyer(a), "invoice", `${invoice?.invoiceNumber}.pdf`)).toBeNull();
    // B's shipment's packing slip is B's (and the store admin's), not A's. (The test has no store admin: B's id records it.)
    await shipAll(b.id, order.orderNumber);
    expect(await packingSlip(await asBuyer(a), order.orderNumber, "1.pdf")).toBeNull();
    expect(await packingSlip(await asBuyer(bBuyer), order.orderNumber, "1.pdf")).not.toBeNull();
    expect((await creditCentre(await asBuyer(a))).open).toEqual([]);
    expect(await outcome(findList(await asBuyer(a), list.id))).toBe("404 That list was not found.");
    expect(await outcome(findShipTo(await asBuyer(a), shipTo.id))).toBe("404 That address does not exist.");
    expect(await outcome(changeMemberRole(await asBuyer(a), { userId: bBuyer.id, role: "viewer" }))).toBe(
      "404 That member does not exist.",
    );
    expect(await outcome(removeMember(await asBuyer(a), { userId: bBuyer.id }))).toBe(
      "404 That member does not exist.",
    );
    expect(await outcome(setSpendLimits(await asBuyer(a), { userId: bBuyer.id, orderLimit: "1.00" }))).toBe(
      "404 That member does not exist.",
    );
    expect(await outcome(revokeInvitation(await asBuyer(a), bInvitation?.id ?? ""))).toBe(
      "404 That invitation does not exist.",
    );
    expect(await outcome(revokeApiKey(await asBuyer(a), bKey.id))).toBe("404 That API key does not exist.");
    expect((await apiKeysPage(await asBuyer(a))).keys.map((key) => key.name)).toEqual(["A's ERP"]);
    expect(await outcome(findApiOrder(aCaller, order.orderNumber))).toBe(
      `404 Your company has no order ${order.orderNumber}.`,
    );
    expect((await listApiOrders(aCaller, { page: 1, perPage: 50 })).total).toBe(0);
    expect((await authenticateApiKey(bKey.key)).companyId).toBe(b.companyId);
    expect((await memberOf(bBuyer.id))?.role).toBe("buyer");
    // B's contract price ($8.25 for the wheel, list $10.00) is B's members' alone.
    await db()
      .insert(contractPrices)
      .values({ companyId: b.companyId, productId: wheel, price: "8.25", startsOn: "2000-01-01" });
    expect(await memberPrices(await asBuyer(a), ["GW-45-001"])).toEqual({});
    expect((await cartSummary(await cartOf(a, 1), { buyer: await asBuyer(a) })).lines[0]).toMatchObject({
      unitPrice: "10.00",
      listPrice: undefined,
    });
    expect(await memberPrices(await asBuyer(bBuyer), ["GW-45-001"])).toEqual({
      "GW-45-001": { price: "8.25", listPrice: "10.00" },
    });
    // B's own members see it all.
    expect((await findOrder(order.orderNumber, await asBuyer(bBuyer)))?.orderNumber).toBe(order.orderNumber);
    expect(await db().select().from(companyMembers).where(eq(companyMembers.companyId, b.companyId))).toHaveLength(2);
  });

  it("changes none of B's addresses, lists, certificates, submissions, keys or prices, nor joins B by its invitation", async () => {
    const a = await person("Ada", { creditLimit: "1000" });
    const b = await person("Bo", { creditLimit: "1000" });
    const bBuyer = await person("Bea");
    await join(b, bBuyer, "buyer");
    const address = {
      line1: "3 Dock Rd",
      line2: undefined,
      city: "Salem",
      state: "OR" as const,
      zip: "97301",
      country: "United States",
    };
    const shipTo = await addShipTo(await asBuyer(b), { label: "Dock", address });
    const list = await addToList(await asBuyer(b), { newName: "B's shelf" }, [{ productId: wheel, quantity: 2 }]);
    const [line] = (await findList(await asBuyer(b), list.id)).lines;
    const certificate = await uploadCertificate(
      await asBuyer(b),
      { state: "TX", certificateNumber: "TX-7654321", expiresOn: "2030-03-31" },
      { bytes: new TextEncoder().encode("%PDF-1.4\n% B's certificate\n%%EOF\n"), name: "b.pdf" },
    );
    const bKey = await createApiKey(await asBuyer(b), { name: "B's ERP", scopes: apiScopes });
    const [bCompany] = await db().select().from(companies).where(eq(companies.id, b.companyId));
    // B's buyer may order $1.00 at most without approval: their order waits in B's queue.
    await setSpendLimits(await asBuyer(b), { userId: bBuyer.id, orderLimit: "1.00" });
    const submission = await submitForApproval(
      await asBuyer(bBuyer),
      { cartId: await cartOf(bBuyer, 1) },
      checkoutInput(bBuyer.email, { paymentMethod: "net_30" }),
    );
    const bToken = await inviteMember(await asBuyer(b), { email: "bo-new@example.com", role: "approver" });

    // Addresses and lists: the same answer as for a made-up id.
    const noAddress = "404 That address does not exist.";
    expect(await outcome(updateShipTo(await asBuyer(a), shipTo.id, { label: "Mine", address }))).toBe(noAddress);
    expect(await outcome(makeDefaultShipTo(await asBuyer(a), shipTo.id))).toBe(noAddress);
    expect(await outcome(deleteShipTo(await asBuyer(a), shipTo.id))).toBe(noAddress);
    const noList = "404 That list was not found.";
    expect(await outcome(renameList(await asBuyer(a), list.id, "Mine"))).toBe(noList);
    expect(await outcome(setListLineQuantity(await asBuyer(a), list.id, line?.id ?? "", 9))).toBe(noList);
    expect(await outcome(removeListLine(await asBuyer(a), list.id, line?.id ?? ""))).toBe(noList);
    expect(await outcome(addToList(await asBuyer(a), { listId: list.id }, [{ productId: wheel, quantity: 1 }]))).toBe(
      noList,
    );
    expect(await outcome(addListToCart(await asBuyer(a), list.id, await findOrCreateCart({ userId: a.id })))).toBe(
      noList,
    );
    expect(await outcome(deleteList(await asBuyer(a), list.id))).toBe(noList);
    expect(await listsOf(await asBuyer(a))).toEqual([]);

    // Tax certificates: A's admin neither sees nor removes B's.
    expect((await companyCertificates(await asBuyer(a))).certificates).toEqual([]);
    expect(await outcome(removeCertificate(await asBuyer(a), certificate.id))).toBe(
      "404 That certificate does not exist.",
    );

    // Approvals: A's admin (who may approve A's orders) cannot decide B's submission, nor withdraw it.
    const noSubmission = "404 That submission does not exist.";
    expect((await approvalQueue(await asBuyer(a))).pending).toEqual([]);
    expect(await outcome(approveSubmission(await asBuyer(a), submission.id))).toBe(noSubmission);
    expect(await outcome(rejectSubmission(await asBuyer(a), { submissionId: submission.id, note: "No" }))).toBe(
      noSubmission,
    );
    expect(await outcome(withdrawSubmission(await asBuyer(a), submission.id))).toBe(noSubmission);

    // Invitations: B's link for someone else does not let A's admin in.
    expect(await outcome(acceptInvitation(a, bToken, { closing: a.accountNumber }))).toBe(
      "403 This invitation was sent to bo-new@example.com. Sign in with that address to accept it.",
    );
    expect((await memberOf(a.id))?.companyId).toBe(a.companyId);

    // API keys through the page's action: B's key id revokes nothing, and a company id smuggled
    // into the form makes a key for A's own company.
    const revoked = await asMember(apiKeysRoute.action, a, "/account/company/api-keys", {
      intent: "revoke",
      keyId: bKey.id,
    });
    expect(revoked.status).toBe(404);
    const made = await asMember(apiKeysRoute.action, a, "/account/company/api-keys", {
      intent: "create",
      name: "Smuggled",
      scopes: "catalog:read",
      companyId: b.companyId,
    });
    expect(made.status).toBe(200);
    const [smuggled] = await db().select().from(companyApiKeys).where(eq(companyApiKeys.name, "Smuggled"));
    expect(smuggled?.companyId).toBe(a.companyId);

    // Contract prices are the store admin's page: a company admin can neither read nor change B's.
    const pricesPath = `/admin/companies/${bCompany?.accountNumber}/prices`;
    const params = { accountNumber: bCompany?.accountNumber ?? "" };
    expect((await asMember(companyPricesRoute.loader, a, pricesPath, undefined, params)).status).toBe(403);
    const priced = await asMember(
      companyPricesRoute.action,
      a,
      pricesPath,
      { intent: "save", partNumber: "GW-45-001", price: "0.01", startsOn: "2020-01-01" },
      params,
    );
    expect(priced.status).toBe(403);

    // B is as it was.
    expect(await db().select().from(contractPrices).where(eq(contractPrices.companyId, b.companyId))).toEqual([]);
    expect((await findShipTo(await asBuyer(b), shipTo.id)).label).toBe("Dock");
    expect((await findList(await asBuyer(b), list.id)).lines).toHaveLength(1);
    expect(await db().select().from(taxCertificates).where(eq(taxCertificates.companyId, b.companyId))).toHaveLength(1);
    const [waiting] = await db().select().from(orderApprovals).where(eq(orderApprovals.id, submission.id));
    expect(waiting?.status).toBe("pending");
    expect((await apiKeysPage(await asBuyer(b))).keys.map((key) => [key.name, key.revokedAt])).toEqual([
      ["B's ERP", null],
    ]);
    expect(await db().select().from(shipToAddresses).where(eq(shipToAddresses.companyId, a.companyId))).toEqual([]);
  });
});

/**
 * Calls a route module's loader or action as React Router does, signed in as `who` (a company member,
 * never a store admin); a thrown Response (a refusal) is answered like a returned one.
 */
async function asMember(
  run: (args: never) => unknown,
  who: { id: string; email: string },
  path: string,
  form?: Record<string, string>,
  params: Record<string, string> = {},
): Promise<{ status: number }> {
  const context = await requestContext({
    id: who.id,
    email: who.email,
    name: who.email,
    isAdmin: false,
    twoFactorEnabled: false,
    twoFactorVerified: false,
  });
  const url = new URL(`http://store.test${path}`);
  const request = form ? new Request(url, { method: "POST", body: new URLSearchParams(form) }) : new Request(url);
  try {
    const result = await run({ request, url, context, params, pattern: path } as never);
    if (result instanceof Response) return { status: result.status };
    return { status: (result as { init?: { status?: number } | null }).init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const refused = thrown as { init?: { status?: number } | null; type?: string };
    if (refused?.type === "DataWithResponseInit") return { status: refused.init?.status ?? 500 };
    throw thrown;
  }
}
describe("quotes between companies and roles", () => {
  const quoteRequest = (partNumber: string) =>
    quoteRequestSchema.parse({ source: "product", partNumber, quantity: "5", shipTo: PROFILE_SHIP_TO });
  const withAddress = {
    shippingAddressLine1: "1 Main St",
    shippingCity: "Portland",
    shippingState: "OR",
    shippingZip: "97201",
  };

  it("a member of company A finds none of B's quotes, and can neither move nor order them", async () => {
    const a = await person("Ann", { creditLimit: "1000" });
    const b = await person("Ben", { creditLimit: "1000" });
    await db().update(profiles).set(withAddress).where(eq(profiles.userId, b.id));
    const number = await requestQuote(await asBuyer(b), quoteRequest("GW-45-001"));
    await answerQuote(number, { validUntil: addDays(storeDay(new Date()), 5) });

    expect(await quotesOf(await asBuyer(a))).toEqual([]);
    expect(await outcome(findQuote(await asBuyer(a), number))).toBe("404 That quote does not exist.");
    const pdf = `/account/quotes/${number}/pdf/1`;
    const pdfParams = { quoteNumber: number, version: "1" };
    expect(await asMember(quotePdfRoute.loader, a, pdf, undefined, pdfParams)).toEqual({ status: 404 });
    expect(await asMember(quotePdfRoute.loader, b, pdf, undefined, pdfParams)).toEqual({ status: 200 });
    expect(await asMember(quotePdfRoute.loader, b, pdf, undefined, { ...pdfParams, version: "2" })).toEqual({
      status: 404,
    });
    for (const move of [
      { intent: "accept", version: 1 },
      { intent: "revise", comment: "cheaper" },
      { intent: "decline", comment: undefined },
      { intent: "withdraw", comment: undefined },
    ] as const)
      expect(await outcome(moveOwnQuote(await asBuyer(a), number, move))).toBe("404 That quote does not exist.");
    await moveOwnQuote(await asBuyer(b), number, { intent: "accept", version: 1 });
    const input = checkoutInput(a.email, { paymentMethod: "net_30" });
    expect(await outcome(placeTermsQuoteOrder(await asBuyer(a), number, input))).toBe("404 That quote does not exist.");
    expect(await outcome(startQuoteCardPayment(await asBuyer(a), number, input))).toBe(
      "404 That quote does not exist.",
    );
    expect((await findQuote(await asBuyer(b), number)).quote.status).toBe("accepted");
  });

  it("a viewer reads the company's quotes but cannot request, move or order one", async () => {
    const admin = await person("Ada", { creditLimit: "1000" });
    const viewer = await person("Vic");
    await join(admin, viewer, "viewer");
    await db().update(profiles).set(withAddress).where(eq(profiles.userId, admin.id));
    const number = await requestQuote(await asBuyer(admin), quoteRequest("GW-45-001"));
    await answerQuote(number, { validUntil: addDays(storeDay(new Date()), 5) });
    const refused = "403 Your role in this company does not allow placing orders. Ask your company admin.";
    expect((await findQuote(await asBuyer(viewer), number)).quote.quoteNumber).toBe(number);
    const file = await buyerQuotePdf(await asBuyer(viewer), number, 1);
    expect(file?.filename).toBe(`${number}-v1.pdf`);
    expect(file?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await outcome(requestQuote(await asBuyer(viewer), quoteRequest("GW-45-001")))).toBe(refused);
    expect(await outcome(moveOwnQuote(await asBuyer(viewer), number, { intent: "accept", version: 1 }))).toBe(refused);
    await moveOwnQuote(await asBuyer(admin), number, { intent: "accept", version: 1 });
    expect(
      await outcome(
        placeTermsQuoteOrder(await asBuyer(viewer), number, checkoutInput(viewer.email, { paymentMethod: "net_30" })),
      ),
    ).toBe(refused);
  });
});
