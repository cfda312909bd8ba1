import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, storeDay } from "../../domain/dates/dates";
import { quoteRequestSchema } from "../../domain/quotes/quote-request";
import { insertProducts } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { answerQuote } from "../../test/quote-fixtures";
import { asBuyer, joinByInvitation, profileWithCompany } from "../../test/store-fixtures";
import { approvalQueue, approveSubmission, mySubmissions } from "../approvals/approvals";
import { addToCart, cartLines, findOrCreateCart } from "../cart/cart";
import { setSpendLimits } from "../companies/members";
import { checkoutPayments, orderItems, orders, products, quotes, taxCertificates, user } from "../db/schema";
import { StoreError } from "../errors";
import {
  approvalReason,
  checkOut,
  checkoutCart,
  completeCardPayment,
  placeTermsQuoteOrder,
  startQuoteCardPayment,
} from "../orders/checkout";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { findQuote, moveOwnQuote, PROFILE_SHIP_TO, requestQuote } from "./requests";

const { handle } = withTestDatabase();
const db = () => handle().db;
const today = storeDay(new Date());

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

let people = 0;
async function buyer() {
  people += 1;
  const id = `qc-buyer-${people}`;
  const email = `qc${people}@example.com`;
  await db()
    .insert(user)
    .values({ id, name: `Lee ${people}`, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, {
    creditLimit: "100000",
    shippingAddressLine1: "100 Main St",
    shippingCity: "Portland",
    shippingState: "OR",
    shippingZip: "97201",
  });
  return { id, email, companyId };
}

/** A quote for the three catalogue parts and one free-text line, answered (priced, alternative, priced, unavailable) and accepted. */
async function acceptedQuote(who: { id: string }, validUntil = addDays(today, 7)) {
  const number = await requestQuote(
    await asBuyer(who),
    quoteRequestSchema.parse({
      source: "paste",
      shipTo: PROFILE_SHIP_TO,
      lines: "QC-1, 10\nQC-2, 4\nQC-3, 2\n, 5, Custom jig",
    }),
  );
  await answerQuote(number, {
    validUntil,
    lines: [
      { outcome: "priced", unitPrice: "9.00" },
      { outcome: "alternative", unitPrice: "20.00", alternative: "QC-ALT" },
      { outcome: "priced", unitPrice: "100.00" },
      { outcome: "unavailable" },
    ],
  });
  await moveOwnQuote(await asBuyer(who), number, { intent: "accept", version: 1 });
  return number;
}

async function orderOf(orderNumber: string) {
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) throw new Error("no order");
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { order, items: items.sort((a, b) => String(a.productSku).localeCompare(String(b.productSku))) };
}

beforeAll(async () => {
  await insertProducts([
    { slug: "qc-1", partNumber: "QC-1", name: "Grinding Wheel", price: "12.99", stockLevel: 100 },
    { slug: "qc-2", partNumber: "QC-2", name: "Flap Disc", price: "30.00", stockLevel: 100 },
    { slug: "qc-3", partNumber: "QC-3", name: "Hole Saw Kit", price: "150.00", stockLevel: 100 },
    { slug: "qc-alt", partNumber: "QC-ALT", name: "Flap Disc Premium", price: "35.00", stockLevel: 100 },
  ]);
});

describe("an accepted quote's order", () => {
  it("has the accepted version's lines at its prices, taxed for the ship-to state, and leaves the cart alone", async () => {
    const who = await buyer();
    const number = await acceptedQuote(who);
    const cartId = await findOrCreateCart({ userId: who.id });
    const [wheel] = await db().select().from(products).where(eq(products.partNumber, "QC-1"));
    await addToCart(cartId, wheel?.id ?? "", 3, null);
    // A catalogue price change after the quote does not reach it.
    await db().update(products).set({ price: "1.00" }).where(eq(products.partNumber, "QC-3"));

    const placed = await placeTermsQuoteOrder(
      await asBuyer(who),
      number,
      checkoutInput(who.email, { paymentMethod: "net_30" }, "CA"),
    );
    expect(placed.created).toBe(true);
    const { order, items } = await orderOf(placed.orderNumber);
    expect(items.map((item) => [item.productSku, item.quantity, item.unitPrice, item.totalPrice])).toEqual([
      ["QC-1", 10, "9.00", "90.00"],
      ["QC-3", 2, "100.00", "200.00"],
      ["QC-ALT", 4, "20.00", "80.00"],
    ]);
    // California's 8.25% on $370.00.
    expect(order).toMatchObject({
      subtotalAmount: "370.00",
      taxAmount: "30.53",
      totalAmount: "400.53",
      paymentMethod: "on_terms",
    });
    expect((await cartLines(cartId)).map((line) => [line.partNumber, line.quantity])).toEqual([["QC-1", 3]]);

    const found = await findQuote(await asBuyer(who), number);
    expect(found.quote).toMatchObject({ status: "ordered", orderId: order.id });
    expect(found.events.at(-1)).toMatchObject({
      fromStatus: "accepted",
      toStatus: "ordered",
      comment: `Order ${placed.orderNumber}`,
    });
    await db().update(products).set({ price: "150.00" }).where(eq(products.partNumber, "QC-3"));
  });

  it("is not taxed in a state where the company holds an approved certificate", async () => {
    const who = await buyer();
    await db()
      .insert(taxCertificates)
      .values({
        companyId: who.companyId,
        state: "CA",
        certificateNumber: "CA-123",
        expiresOn: addDays(today, 100),
        fileKey: "x",
        fileName: "x.pdf",
        status: "approved",
      });
    const number = await acceptedQuote(who);
    const placed = await placeTermsQuoteOrder(
      await asBuyer(who),
      number,
      checkoutInput(who.email, { paymentMethod: "net_30" }, "CA"),
    );
    expect((await orderOf(placed.orderNumber)).order).toMatchObject({
      taxAmount: "0.00",
      taxExemptCertificate: "CA-123",
    });
  });

  it("is placed once: a second placement answers with the same order", async () => {
    const who = await buyer();
    const number = await acceptedQuote(who);
    const input = checkoutInput(who.email, { paymentMethod: "net_30" });
    const [first, second] = await Promise.all([
      placeTermsQuoteOrder(await asBuyer(who), number, input),
      placeTermsQuoteOrder(await asBuyer(who), number, input),
    ]);
    expect(first.orderNumber).toBe(second.orderNumber);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(await db().select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(1);
  });

  it("by card: the payment is for the quoted total, and completing it twice (browser and webhook) makes one order", async () => {
    const who = await buyer();
    const number = await acceptedQuote(who);
    const payment = await startQuoteCardPayment(await asBuyer(who), number, checkoutInput(who.email));
    expect(payment.amount).toBe("370.00");
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    const [browser, webhook] = await Promise.all([
      completeCardPayment(payment.paymentId, who.id),
      completeCardPayment(payment.paymentId),
    ]);
    expect(browser.orderNumber).toBe(webhook.orderNumber);
    expect(await db().select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(checkoutPayments)
      .where(eq(checkoutPayments.providerPaymentId, payment.paymentId));
    expect(row).toMatchObject({ status: "ordered", cartId: null });
    const [quote] = await db().select().from(quotes).where(eq(quotes.quoteNumber, number));
    expect(quote?.status).toBe("ordered");
    expect((await orderOf(browser.orderNumber)).order).toMatchObject({
      paymentMethod: "credit_card",
      totalAmount: "370.00",
    });
  });

  it("is refused when the quote is not accepted, has expired, or is another company's", async () => {
    const who = await buyer();
    const stranger = await buyer();
    const number = await acceptedQuote(who);
    const input = checkoutInput(who.email, { paymentMethod: "net_30" });
    expect(await messageOf(placeTermsQuoteOrder(await asBuyer(stranger), number, input))).toBe(
      "404 That quote does not exist.",
    );
    expect(await messageOf(startQuoteCardPayment(await asBuyer(stranger), number, input))).toBe(
      "404 That quote does not exist.",
    );

    const later = new Date(Date.now() + 10 * 86_400_000);
    const [quote] = await db().select().from(quotes).where(eq(quotes.quoteNumber, number));
    const { placeOrder } = await import("../orders/place-order");
    expect(
      await messageOf(placeOrder({ buyer: await asBuyer(who), quoteId: quote?.id ?? "", checkout: input, now: later })),
    ).toMatch(/^409 This quote was valid until .* and has expired/);

    const requested = await requestQuote(
      await asBuyer(who),
      quoteRequestSchema.parse({ source: "product", partNumber: "QC-1", shipTo: PROFILE_SHIP_TO }),
    );
    await answerQuote(requested, { validUntil: addDays(today, 3) });
    expect(await messageOf(placeTermsQuoteOrder(await asBuyer(who), requested, input))).toBe(
      "409 Accept this quote first: only an accepted quote can be checked out.",
    );
    expect(await db().select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(0);
  });

  it("is refused, with why, when every line of the accepted version is unavailable", async () => {
    const who = await buyer();
    const number = await requestQuote(
      await asBuyer(who),
      quoteRequestSchema.parse({ source: "product", partNumber: "QC-1", shipTo: PROFILE_SHIP_TO }),
    );
    await answerQuote(number, { validUntil: addDays(today, 7), lines: [{ outcome: "unavailable" }] });
    await moveOwnQuote(await asBuyer(who), number, { intent: "accept", version: 1 });
    const input = checkoutInput(who.email, { paymentMethod: "net_30" });
    const nothing = "409 Nothing in this quote can be ordered: every line is unavailable. Ask us for a revision.";
    expect(await messageOf(placeTermsQuoteOrder(await asBuyer(who), number, input))).toBe(nothing);
    expect(await messageOf(startQuoteCardPayment(await asBuyer(who), number, input))).toBe(nothing);
    expect(await db().select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(0);
  });

  it("is refused when a quoted part ran short of stock", async () => {
    const who = await buyer();
    const number = await acceptedQuote(who);
    await db().update(products).set({ stockLevel: 1 }).where(eq(products.partNumber, "QC-3"));
    expect(
      await messageOf(
        placeTermsQuoteOrder(await asBuyer(who), number, checkoutInput(who.email, { paymentMethod: "net_30" })),
      ),
    ).toBe("409 Only 1 in stock for QC-3, so we cannot fill this quote now. Ask us for a revision.");
    await db().update(products).set({ stockLevel: 100 }).where(eq(products.partNumber, "QC-3"));
    const [quote] = await db().select().from(quotes).where(eq(quotes.quoteNumber, number));
    expect(quote?.status).toBe("accepted");
  });

  it("back-orders what the stock lacks of a back-orderable quoted part, taking only the stock", async () => {
    const who = await buyer();
    const number = await acceptedQuote(who);
    await db()
      .update(products)
      .set({ stockLevel: 1, backorderable: true, leadTimeDays: 5 })
      .where(eq(products.partNumber, "QC-3"));
    const placed = await placeTermsQuoteOrder(
      await asBuyer(who),
      number,
      checkoutInput(who.email, { paymentMethod: "net_30" }),
    );
    const { items } = await orderOf(placed.orderNumber);
    expect(items.find((item) => item.productSku === "QC-3")).toMatchObject({
      quantity: 2,
      allocatedQuantity: 1,
      backorderedQuantity: 1,
    });
    const [stock] = await db()
      .select({ stockLevel: products.stockLevel })
      .from(products)
      .where(eq(products.partNumber, "QC-3"));
    expect(stock?.stockLevel).toBe(0);
    await db()
      .update(products)
      .set({ stockLevel: 100, backorderable: false, leadTimeDays: null })
      .where(eq(products.partNumber, "QC-3"));
  });
});

describe("an accepted quote above the buyer's spend limit", () => {
  /** A company on terms: its admin, a buyer limited to $100 an order who asked for and accepted a $370 quote, and an approver. */
  async function limitedBuyersQuote() {
    const admin = await buyer();
    const member = await buyer();
    const approver = await buyer();
    for (const [who, role] of [
      [member, "buyer"],
      [approver, "approver"],
    ] as const) {
      await joinByInvitation(admin, who, role);
    }
    await setSpendLimits(await asBuyer(admin), { userId: member.id, orderLimit: "100" });
    const number = await acceptedQuote(member);
    return { admin, member, approver, number };
  }

  /** The buyer checks out the quote on terms, as the checkout's action does. */
  const checkOutOnTerms = async (member: { id: string; email: string }, number: string) =>
    checkOut(
      await asBuyer(member),
      checkoutCart({}, await asBuyer(member), { quoteNumber: number }),
      checkoutInput(member.email, { paymentMethod: "net_30" }),
    );

  /** The buyer's checkout of the quote, submitted for approval. */
  async function submittedOnTerms(member: { id: string; email: string }, number: string) {
    const outcome = await checkOutOnTerms(member, number);
    if (outcome.kind !== "approval") throw new Error(`not submitted: ${outcome.kind}`);
    return outcome;
  }

  const stockOf = async (partNumber: string) =>
    (await db().select({ stock: products.stockLevel }).from(products).where(eq(products.partNumber, partNumber)))[0]
      ?.stock;

  it("is submitted for approval, by card or on terms, as a cart would be; the page says so", async () => {
    const { member, number } = await limitedBuyersQuote();
    const reason = "This order needs approval: it is above your $100.00 per-order limit.";
    // The page asks the same rule (no plain "Place Order").
    const page = checkoutCart({}, await asBuyer(member), { quoteNumber: number });
    expect(await approvalReason(await asBuyer(member), page, "OR")).toBe(reason);
    // Paying by card starts no payment: it is submitted, to be placed on terms once approved.
    const outcome = await checkOut(
      await asBuyer(member),
      checkoutCart({}, await asBuyer(member), { quoteNumber: number }),
      checkoutInput(member.email, { paymentMethod: "credit_card", poNumber: "PO-Q1" }),
    );
    expect(outcome).toMatchObject({ kind: "approval", reason });
    expect(await db().select().from(checkoutPayments).where(eq(checkoutPayments.userId, member.id))).toEqual([]);
    // No order, no stock taken; the quote stays accepted while it waits.
    expect(await db().select().from(orders).where(eq(orders.userId, member.id))).toEqual([]);
    expect(await stockOf("QC-3")).toBe(100);
    const [quote] = await db().select().from(quotes).where(eq(quotes.quoteNumber, number));
    expect(quote?.status).toBe("accepted");
    // Once waiting, it is not submitted twice.
    const again = await checkOutOnTerms(member, number);
    expect(again.kind === "refused" && `${again.error.status} ${again.error.message}`).toBe(
      `409 Quote ${number} is already waiting for approval.`,
    );
    // Placed around the checkout, it is refused by the order's own rule.
    expect(
      await messageOf(
        placeTermsQuoteOrder(await asBuyer(member), number, checkoutInput(member.email, { paymentMethod: "net_30" })),
      ),
    ).toBe(`409 ${reason}`);
  });

  it("once approved, is placed at the quote's prices on the company's terms, and the quote is ordered", async () => {
    const { member, approver, number } = await limitedBuyersQuote();
    const outcome = await submittedOnTerms(member, number);
    const [waiting] = (await approvalQueue(await asBuyer(approver))).pending;
    expect(waiting).toMatchObject({ quoteNumber: number, total: "370.00" });
    expect(waiting?.reason).toBe(
      `This order needs approval: it is above ${waiting?.buyerName}'s $100.00 per-order limit.`,
    );
    // A catalogue price change meanwhile does not reach the quote's order.
    await db().update(products).set({ price: "1.00" }).where(eq(products.partNumber, "QC-3"));
    const { orderNumber } = await approveSubmission(await asBuyer(approver), outcome.submissionId);
    await db().update(products).set({ price: "150.00" }).where(eq(products.partNumber, "QC-3"));
    const { order, items } = await orderOf(orderNumber);
    expect(items.map((item) => [item.productSku, item.quantity, item.unitPrice])).toEqual([
      ["QC-1", 10, "9.00"],
      ["QC-3", 2, "100.00"],
      ["QC-ALT", 4, "20.00"],
    ]);
    expect(order).toMatchObject({ userId: member.id, totalAmount: "370.00", paymentMethod: "on_terms" });
    const found = await findQuote(await asBuyer(member), number);
    expect(found.quote).toMatchObject({ status: "ordered", orderId: order.id });
    expect((await mySubmissions(await asBuyer(member)))[0]).toMatchObject({
      status: "approved",
      orderNumber,
      quoteNumber: number,
    });
  });

  it("is not placed when the quote expired while it waited: the approval fails and says why", async () => {
    const { member, approver, number } = await limitedBuyersQuote();
    const outcome = await submittedOnTerms(member, number);
    await db().update(quotes).set({ status: "expired" }).where(eq(quotes.quoteNumber, number));
    expect(await messageOf(approveSubmission(await asBuyer(approver), outcome.submissionId))).toMatch(
      /^409 The order could not be placed: This quote was valid until .* and has expired\./,
    );
    expect((await mySubmissions(await asBuyer(member)))[0]?.status).toBe("failed");
    expect(await db().select().from(orders).where(eq(orders.userId, member.id))).toEqual([]);
  });
});
