import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { startOfStoreMonth } from "../../domain/orders/approvals";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, joinByInvitation, profileWithCompany } from "../../test/store-fixtures";
import { listAuditLog } from "../admin/audit";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { setSpendLimits } from "../companies/members";
import { adminAuditLog, companyMembers, mailQueue, orderApprovals, orders, products, user } from "../db/schema";
import { StoreError } from "../errors";
import { placeTermsOrder } from "../orders/checkout";
import { cartSummary } from "../pricing/price";
import {
  approvalQueue,
  approveSubmission,
  mySubmissions,
  rejectSubmission,
  submitForApproval,
  withdrawSubmission,
} from "./approvals";

const { handle } = withTestDatabase();
const db = () => handle().db;

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

let people = 0;
async function person(name: string, grant: { creditLimit?: string } = {}) {
  people += 1;
  const id = `${name.toLowerCase()}-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, { firstName: name, lastName: "Test", ...grant });
  return { id, email, companyId };
}

const join = joinByInvitation;

/** A company on Net 30 with a $10,000 limit: its admin, a buyer limited to `orderLimit` an order, and an approver. */
async function company(orderLimit = "100", monthlyLimit?: string) {
  const admin = await person("Ada", { creditLimit: "10000" });
  const buyer = await person("Bea");
  const approver = await person("Abe");
  await join(admin, buyer, "buyer");
  await join(admin, approver, "approver");
  await setSpendLimits(await asBuyer(admin), { userId: buyer.id, orderLimit, monthlyLimit });
  return { admin, buyer, approver, companyId: admin.companyId };
}

async function newProduct(stockLevel = 1000, price = "10.00") {
  people += 1;
  const partNumber = `AP-${people}`;
  const [row] = await db()
    .insert(products)
    .values({
      slug: partNumber.toLowerCase(),
      partNumber,
      name: `Approval Part ${people}`,
      brand: "Ironridge",
      category: "abrasives",
      subcategory: "grinding-wheels",
      price,
      stockLevel,
    })
    .returning({ id: products.id });
  return row?.id ?? "";
}

async function cartOf(who: { id: string }, quantity: number, productId: string) {
  const cartId = await findOrCreateCart({ userId: who.id });
  await addToCart(cartId, productId, quantity, null);
  return cartId;
}

const stockOf = async (productId: string) =>
  (await db().select({ stock: products.stockLevel }).from(products).where(eq(products.id, productId)))[0]?.stock;

const mailTo = (email: string) => db().select().from(mailQueue).where(eq(mailQueue.to, email));

/** The buyer's cart of `quantity` parts at $10 (Oregon: no tax) submitted for approval. */
async function submitted(buyer: { id: string; email: string }, quantity: number, productId: string) {
  const cartId = await cartOf(buyer, quantity, productId);
  return submitForApproval(await asBuyer(buyer), { cartId }, checkoutInput(buyer.email, { poNumber: "PO-77" }));
}

beforeAll(async () => {
  // The first product makes sure the sequences and tables are warm for the races below.
  await newProduct();
});

describe("spend limits", () => {
  it("are set by the company admin for a member, audited, and refused to anyone else", async () => {
    const { admin, buyer, approver } = await company("250.00", "1000.00");
    const [member] = await db().select().from(companyMembers).where(eq(companyMembers.userId, buyer.id));
    expect([member?.orderLimit, member?.monthlyLimit]).toEqual(["250.00", "1000.00"]);
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, buyer.id), eq(adminAuditLog.action, "set_spend_limits")));
    expect(entry).toMatchObject({
      adminId: admin.id,
      entity: "company_member",
      before: { orderLimit: null, monthlyLimit: null },
      after: { orderLimit: "250.00", monthlyLimit: "1000.00" },
    });
    expect(await outcome(setSpendLimits(await asBuyer(approver), { userId: buyer.id, orderLimit: "1" }))).toBe(
      "403 Only your company admin can manage the company's members.",
    );
    const stranger = await person("Eve");
    expect(await outcome(setSpendLimits(await asBuyer(stranger), { userId: buyer.id, orderLimit: "1" }))).toBe(
      "404 That member does not exist.",
    );
    // Cleared: no limit.
    await setSpendLimits(await asBuyer(admin), { userId: buyer.id });
    const [cleared] = await db().select().from(companyMembers).where(eq(companyMembers.userId, buyer.id));
    expect([cleared?.orderLimit, cleared?.monthlyLimit]).toEqual([null, null]);
  });

  it("stay in the audit log after the company admin who set them is gone", async () => {
    const { admin, buyer } = await company("75");
    await db().delete(user).where(eq(user.id, admin.id));
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, buyer.id), eq(adminAuditLog.action, "set_spend_limits")));
    expect(entry).toMatchObject({ adminId: null, after: { orderLimit: "75" } });
    const { entries } = await listAuditLog({ page: 1 });
    expect(entries.find((row) => row.id === entry?.id)?.adminEmail).toBeNull();
  });

  it("cannot be negative, even past the form", async () => {
    const { buyer } = await company();
    await expect(
      db().update(companyMembers).set({ orderLimit: "-1" }).where(eq(companyMembers.userId, buyer.id)),
    ).rejects.toThrow();
  });
});

describe("an order above the limit", () => {
  it("is submitted for approval instead of placed: no order, no stock taken, the cart emptied, approvers mailed", async () => {
    const { admin, buyer, approver, companyId } = await company("100");
    const part = await newProduct(50);
    // Checkout refuses to place it, with the reason (the server's rule, whatever the page showed).
    const cartId = await cartOf(buyer, 11, part);
    expect(
      await outcome(
        placeTermsOrder(await asBuyer(buyer), cartId, checkoutInput(buyer.email, { paymentMethod: "net_30" })),
      ),
    ).toBe("409 This order needs approval: it is above your $100.00 per-order limit.");
    const submission = await submitForApproval(
      await asBuyer(buyer),
      { cartId },
      checkoutInput(buyer.email, { poNumber: "PO-9" }),
    );
    expect(submission).toMatchObject({
      reason: "This order needs approval: it is above your $100.00 per-order limit.",
      total: "110.00",
    });
    expect(await stockOf(part)).toBe(50);
    expect(await db().select().from(orders).where(eq(orders.companyId, companyId))).toEqual([]);
    expect((await cartSummary(cartId, { buyer: null })).lines).toEqual([]);
    for (const decider of [admin, approver]) {
      const [mail] = (await mailTo(decider.email)).filter((m) => m.subject.startsWith("Order for approval"));
      expect(mail?.subject).toBe("Order for approval: $110.00 from Bea Test");
      expect(mail?.text).toContain("/account/approvals");
      // The approver reads whose limit it is, not "your".
      expect(mail?.text).toContain("It is above Bea Test's $100.00 per-order limit.");
    }
    expect((await mailTo(buyer.email)).filter((m) => m.subject.startsWith("Order for approval"))).toEqual([]);
    const [kept] = await db().select().from(orderApprovals).where(eq(orderApprovals.id, submission.id));
    expect(kept?.checkout).toMatchObject({ poNumber: "PO-9", shipping: { city: "Portland", state: "OR" } });
    // On the queue, with its buyer, total and lines; and on the buyer's own list.
    const queue = await approvalQueue(await asBuyer(approver));
    expect(queue.pending.map((row) => [row.buyerName, row.total, row.poNumber, row.lines[0]?.quantity])).toEqual([
      ["Bea Test", "110.00", "PO-9", 11],
    ]);
    expect(queue.pending[0]?.reason).toBe("This order needs approval: it is above Bea Test's $100.00 per-order limit.");
    expect((await mySubmissions(await asBuyer(buyer))).map((row) => row.status)).toEqual(["pending"]);
  });

  it("within the limit is placed as before", async () => {
    const { buyer } = await company("100");
    const cartId = await cartOf(buyer, 10, await newProduct());
    const placed = await placeTermsOrder(
      await asBuyer(buyer),
      cartId,
      checkoutInput(buyer.email, { paymentMethod: "net_30" }),
    );
    expect(placed.created).toBe(true);
  });

  it("counts this calendar month's orders (store time zone) against the monthly limit, not last month's", async () => {
    const { buyer, companyId } = await company(undefined, "100");
    const part = await newProduct();
    const terms = checkoutInput(buyer.email, { paymentMethod: "net_30" });
    const first = await placeTermsOrder(await asBuyer(buyer), await cartOf(buyer, 8, part), terms);
    // $80 this month: $30 more would make $110.
    const cartId = await cartOf(buyer, 3, part);
    expect(await outcome(placeTermsOrder(await asBuyer(buyer), cartId, terms))).toBe(
      "409 This order needs approval: it would take your orders this month to $110.00, above your $100.00 monthly limit.",
    );
    // The first order moved to last month (11:59 pm on the last day of it, New York time): $30 fits.
    await db()
      .update(orders)
      .set({ orderDate: new Date(startOfStoreMonth(new Date()).getTime() - 60_000) })
      .where(and(eq(orders.orderNumber, first.orderNumber), eq(orders.companyId, companyId)));
    expect((await placeTermsOrder(await asBuyer(buyer), cartId, terms)).created).toBe(true);
  });

  it("is refused when the company has no terms to place it on once approved", async () => {
    const admin = await person("Ada");
    const buyer = await person("Bea");
    await join(admin, buyer, "buyer");
    await setSpendLimits(await asBuyer(admin), { userId: buyer.id, orderLimit: "5" });
    expect(await outcome(submitted(buyer, 1, await newProduct()))).toBe(
      "403 This order needs approval, and approved orders are placed on your company's terms, which it does not have yet. Ask your company admin to raise your limit.",
    );
  });
});

describe("deciding", () => {
  it("approving places the order once, on terms, takes the stock, and mails the buyer its number", async () => {
    const { buyer, approver, companyId } = await company("100");
    const part = await newProduct(50);
    const submission = await submitted(buyer, 12, part);
    const { orderNumber } = await approveSubmission(await asBuyer(approver), submission.id);
    const placed = await db().select().from(orders).where(eq(orders.companyId, companyId));
    expect(placed.map((order) => [order.orderNumber, order.userId, order.totalAmount, order.paymentMethod])).toEqual([
      [orderNumber, buyer.id, "120.00", "on_terms"],
    ]);
    expect(placed[0]?.poNumber).toBe("PO-77");
    expect(await stockOf(part)).toBe(38);
    const subjects = (await mailTo(buyer.email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Your order was approved: ${orderNumber}`);
    expect((await mySubmissions(await asBuyer(buyer)))[0]).toMatchObject({
      status: "approved",
      orderNumber,
      decidedBy: "Abe Test",
    });
    expect(await outcome(approveSubmission(await asBuyer(approver), submission.id))).toMatch(
      /^409 Already approved by Abe Test at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T\.$/,
    );
    expect(await db().select().from(orders).where(eq(orders.companyId, companyId))).toHaveLength(1);
  });

  it("two approvers deciding at once: exactly one order, the other told who approved it", async () => {
    const { admin, buyer, approver, companyId } = await company("100");
    const part = await newProduct(50);
    const submission = await submitted(buyer, 20, part);
    const results = await Promise.all([
      outcome(approveSubmission(await asBuyer(approver), submission.id)),
      outcome(approveSubmission(await asBuyer(admin), submission.id)),
      outcome(rejectSubmission(await asBuyer(admin), { submissionId: submission.id, note: "No" })),
    ]);
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(
      results.filter((result) => /^409 Already (approved|rejected) by (Abe|Ada) Test at /.test(result)),
    ).toHaveLength(2);
    const placed = await db().select().from(orders).where(eq(orders.companyId, companyId));
    const [row] = await db().select().from(orderApprovals).where(eq(orderApprovals.id, submission.id));
    expect(placed).toHaveLength(row?.status === "approved" ? 1 : 0);
    expect(await stockOf(part)).toBe(row?.status === "approved" ? 30 : 50);
  });

  it("rejecting needs the approver's note, which goes back to the buyer by mail and on their list", async () => {
    const { buyer, approver, companyId } = await company("100");
    const part = await newProduct(50);
    const submission = await submitted(buyer, 15, part);
    await rejectSubmission(await asBuyer(approver), {
      submissionId: submission.id,
      note: "Use the blanket PO next month.",
    });
    const [mail] = (await mailTo(buyer.email)).filter((m) => m.subject === "Your order was not approved");
    expect(mail?.text).toContain("Use the blanket PO next month.");
    expect((await mySubmissions(await asBuyer(buyer)))[0]).toMatchObject({
      status: "rejected",
      note: "Use the blanket PO next month.",
      decidedBy: "Abe Test",
    });
    expect(await stockOf(part)).toBe(50);
    expect(await db().select().from(orders).where(eq(orders.companyId, companyId))).toEqual([]);
  });

  it("fails with what changed when the price went up or the stock ran short, and tells the buyer", async () => {
    const { buyer, approver, companyId } = await company("100");
    const dearer = await newProduct(50);
    const priceUp = await submitted(buyer, 11, dearer);
    await db().update(products).set({ price: "12.00" }).where(eq(products.id, dearer));
    expect(await outcome(approveSubmission(await asBuyer(approver), priceUp.id))).toBe(
      "409 The order could not be placed: Prices changed since the order was submitted: it now comes to $132.00, not $110.00. The buyer has been told.",
    );
    const short = await newProduct(50);
    const stockShort = await submitted(buyer, 20, short);
    await db().update(products).set({ stockLevel: 5 }).where(eq(products.id, short));
    expect(await outcome(approveSubmission(await asBuyer(approver), stockShort.id))).toMatch(
      /^409 The order could not be placed: .*5.* The buyer has been told\.$/,
    );
    expect(await stockOf(short)).toBe(5);
    expect(await db().select().from(orders).where(eq(orders.companyId, companyId))).toEqual([]);
    const mine = await mySubmissions(await asBuyer(buyer));
    expect(mine.map((row) => row.status)).toEqual(["failed", "failed"]);
    expect(mine[1]?.note).toContain("Prices changed since the order was submitted");
    expect(
      (await mailTo(buyer.email)).filter((m) => m.subject === "Your approved order could not be placed"),
    ).toHaveLength(2);
    // Decided: a second approval says so instead of trying again.
    expect(await outcome(approveSubmission(await asBuyer(approver), priceUp.id))).toMatch(
      /^409 Already approved by Abe Test at /,
    );
  });

  it("keeps each line in the unit it was asked in, and refuses to place it in another one", async () => {
    const { buyer, approver } = await company("100");
    const box = await newProduct(50, "35.75");
    await db().update(products).set({ unit: "BX", packQuantity: 25 }).where(eq(products.id, box));
    const asked = await submitted(buyer, 3, box);
    const [line] =
      (await approvalQueue(await asBuyer(approver))).pending.find((row) => row.id === asked.id)?.lines ?? [];
    expect(line).toMatchObject({ quantity: 3, unit: "BX", packQuantity: 25 });
    const request = (await mailTo(approver.email)).find((mail) => mail.subject.startsWith("Order for approval"));
    expect(request?.text).toContain("3 boxes x $35.75 = $107.25\n  Box of 25 ($1.43 each)");
    // Sold loose since: 3 boxes are not 3 pieces.
    await db().update(products).set({ unit: "EA", packQuantity: 1 }).where(eq(products.id, box));
    expect(await outcome(approveSubmission(await asBuyer(approver), asked.id))).toBe(
      `409 The order could not be placed: ${line?.name} is now sold as Each, not as Box of 25 as it was asked for. Please order it again. The buyer has been told.`,
    );
  });

  it("fails when the company's credit no longer covers it", async () => {
    const { buyer, approver, admin } = await company("100");
    const submission = await submitted(buyer, 20, await newProduct());
    // Another member's order uses up all but $50 of the $10,000.
    const big = await newProduct(2000, "9950.00");
    await placeTermsOrder(
      await asBuyer(admin),
      await cartOf(admin, 1, big),
      checkoutInput(admin.email, { paymentMethod: "net_30" }),
    );
    expect(await outcome(approveSubmission(await asBuyer(approver), submission.id))).toBe(
      "409 The order could not be placed: This order of $200.00 would exceed your Net 30 credit limit. Available credit: $50.00. The buyer has been told.",
    );
  });

  it("the buyer withdraws their pending submission; then nobody can decide it", async () => {
    const { buyer, approver } = await company("100");
    const submission = await submitted(buyer, 15, await newProduct());
    await withdrawSubmission(await asBuyer(buyer), submission.id);
    expect((await mySubmissions(await asBuyer(buyer)))[0]?.status).toBe("withdrawn");
    expect(await outcome(approveSubmission(await asBuyer(approver), submission.id))).toMatch(
      /^409 The buyer withdrew this order at /,
    );
    expect(await outcome(withdrawSubmission(await asBuyer(buyer), submission.id))).toMatch(
      /^409 The buyer withdrew this order at /,
    );
    expect((await approvalQueue(await asBuyer(approver))).pending).toEqual([]);
  });
});

describe("who may decide", () => {
  it("a buyer or viewer cannot approve, reject or see the queue; nobody decides their own order", async () => {
    const { admin, buyer } = await company("100");
    const viewer = await person("Vic");
    await join(admin, viewer, "viewer");
    await setSpendLimits(await asBuyer(admin), { userId: admin.id, orderLimit: "10" });
    const own = await submitted(admin, 2, await newProduct());
    const theirs = await submitted(buyer, 11, await newProduct());
    const refused = "403 Only your company's approvers and admins can approve or reject orders.";
    for (const who of [buyer, viewer]) {
      expect(await outcome(approveSubmission(await asBuyer(who), theirs.id))).toBe(refused);
      expect(await outcome(rejectSubmission(await asBuyer(who), { submissionId: theirs.id, note: "no" }))).toBe(
        refused,
      );
      expect(await outcome(approvalQueue(await asBuyer(who)))).toBe(refused);
    }
    expect(await outcome(approveSubmission(await asBuyer(admin), own.id))).toBe(
      "403 You cannot decide your own order: another approver or company admin does.",
    );
    expect(await outcome(withdrawSubmission(await asBuyer(viewer), theirs.id))).toBe(
      "404 That submission does not exist.",
    );
  });

  it("a member of company A neither sees nor decides nor withdraws company B's submissions", async () => {
    const a = await company("100");
    const b = await company("100");
    const bSubmission = await submitted(b.buyer, 11, await newProduct());
    for (const who of [a.admin, a.approver]) {
      expect((await approvalQueue(await asBuyer(who))).pending).toEqual([]);
      expect(await outcome(approveSubmission(await asBuyer(who), bSubmission.id))).toBe(
        "404 That submission does not exist.",
      );
      expect(await outcome(rejectSubmission(await asBuyer(who), { submissionId: bSubmission.id, note: "x" }))).toBe(
        "404 That submission does not exist.",
      );
    }
    expect(await outcome(withdrawSubmission(await asBuyer(a.buyer), bSubmission.id))).toBe(
      "404 That submission does not exist.",
    );
    expect(await mySubmissions(await asBuyer(a.buyer))).toEqual([]);
    expect(await db().select().from(orderApprovals).where(like(orderApprovals.status, "pending"))).toContainEqual(
      expect.objectContaining({ id: bSubmission.id }),
    );
    expect((await approvalQueue(await asBuyer(b.approver))).pending.map((row) => row.id)).toEqual([bSubmission.id]);
  });
});
