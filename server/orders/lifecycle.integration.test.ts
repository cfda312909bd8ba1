// The lifecycle's effects, each in the move's one transaction: a cancellation returns the stock and
// frees the terms credit, a refused move or a failed refund changes nothing, and a terms invoice
// paid is a move with its history row and audit entry.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { aMoment, holdingRefunds } from "../../test/held-refunds";
import { asBuyer, profileWithCompany, shipAll } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { adminAuditLog, orderStatusHistory, orders, products, testProcessorPayments, user } from "../db/schema";
import { StoreError } from "../errors";
import { onStoreEvent } from "../events";
import { setPaymentProvider } from "../payments/configured";
import { confirmTestPayment, TEST_CARDS, testCardProcessor } from "../payments/test-processor";
import { checkoutTerms } from "../terms/account-terms";
import { markInvoicePaid } from "../terms/invoices";
import { completeCardPayment, placeTermsOrder, startCardPayment } from "./checkout";
import { moveOrder } from "./lifecycle";

const { handle } = withTestDatabase();
const db = () => handle().db;
const byAdmin = { actor: "admin", id: "admin" } as const;
let wheel = "";

let buyers = 0;
async function buyerWithWheels(quantity: number, creditLimit?: string) {
  buyers += 1;
  const id = `lifecycle-buyer-${buyers}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name: id, email, emailVerified: true });
  await profileWithCompany(id, { creditLimit });
  const cartId = await findOrCreateCart({ userId: id });
  await addToCart(cartId, wheel, quantity, null);
  return { id, email, cartId };
}

async function cardOrder(quantity: number) {
  const who = await buyerWithWheels(quantity);
  const payment = await startCardPayment(await asBuyer(who), who.cartId, checkoutInput(who.email));
  await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
  return { ...(await completeCardPayment(payment.paymentId, who.id)), paymentId: payment.paymentId };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "moved",
    (error: unknown) => (error instanceof StoreError ? `${error.kind}: ${error.message}` : String(error)),
  );

async function stock() {
  const [row] = await db().select({ stock: products.stockLevel }).from(products).where(eq(products.id, wheel));
  return row?.stock ?? 0;
}

/** The order's row, its status history and its audit entries: everything a move writes. */
async function written(orderNumber: string) {
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const history = await db()
    .select({ status: orderStatusHistory.status, note: orderStatusHistory.note, at: orderStatusHistory.at })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, order?.id ?? ""))
    .orderBy(orderStatusHistory.at, orderStatusHistory.id);
  const audit = await db()
    .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entity, "order"), eq(adminAuditLog.entityId, orderNumber)))
    .orderBy(adminAuditLog.createdAt, adminAuditLog.id);
  return { order, history, audit };
}

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  wheel = await insertProduct({ ...grindingWheel, stockLevel: 500 });
});

describe("cancelling an order", () => {
  it("returns a terms order's stock and frees its credit, announcing the stock change", async () => {
    // 10 × 12.99 = 129.90 (Oregon: no tax) of a $200 limit.
    const lee = await buyerWithWheels(10, "200");
    const before = await stock();
    const { orderNumber } = await placeTermsOrder(await asBuyer(lee), lee.cartId, checkoutInput(lee.email));
    expect(await stock()).toBe(before - 10);
    expect((await checkoutTerms(await asBuyer(lee)))?.available).toBe("70.10");

    const announced: string[][] = [];
    const stopListening = onStoreEvent("stockChanged", ({ productIds }) => announced.push(productIds));
    try {
      const cancelled = await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" });
      expect(cancelled.status).toBe("cancelled");
    } finally {
      stopListening();
    }
    expect(announced).toEqual([[wheel]]);
    expect(await stock()).toBe(before);
    expect((await checkoutTerms(await asBuyer(lee)))?.available).toBe("200.00");
    const { history, audit } = await written(orderNumber);
    expect(history.map(({ status, note }) => ({ status, note }))).toEqual([
      { status: "pending_payment", note: "Order placed on Net 30 terms" },
      { status: "cancelled", note: "Cancelled" },
    ]);
    expect(audit).toEqual([
      {
        action: "change_order_status",
        before: { status: "pending_payment" },
        after: {
          status: "cancelled",
          cancellation: { number: 1, amount: "129.90", refunded: "0.00", lines: [{ part: "GW-45-001", quantity: 10 }] },
        },
      },
    ]);
  });

  it("changes nothing when the card refund fails, and says so", async () => {
    const { orderNumber, paymentId } = await cardOrder(2);
    const before = { stock: await stock(), ...(await written(orderNumber)) };
    setPaymentProvider({
      ...testCardProcessor,
      refund: () => Promise.reject(new Error("the provider is down")),
    });
    try {
      expect(await refusal(moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" }))).toBe(
        "Conflict: The card payment could not be refunded, so the order was not cancelled. Try again.",
      );
    } finally {
      setPaymentProvider(undefined);
    }
    expect({ stock: await stock(), ...(await written(orderNumber)) }).toEqual(before);
    const [charge] = await db().select().from(testProcessorPayments).where(eq(testProcessorPayments.id, paymentId));
    expect(charge?.refundedAt).toBeNull();
  });
});

describe("a move asked while a cancellation's refund is out", () => {
  it("waits for the cancellation, then is judged on the order as cancelled: nothing ships that was refunded", async () => {
    const { orderNumber, paymentId } = await cardOrder(2);
    const slow = holdingRefunds("cancel-");
    setPaymentProvider(slow.provider);
    let shipped: Promise<string>;
    try {
      const cancelled = moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" });
      await slow.held;
      shipped = refusal(shipAll("admin", orderNumber));
      await aMoment();
      expect((await written(orderNumber)).order?.status).toBe("paid");
      slow.release();
      await cancelled;
    } finally {
      setPaymentProvider(undefined);
    }
    expect(await shipped).toBe("Conflict: An order that is Cancelled cannot ship.");
    const [charge] = await db().select().from(testProcessorPayments).where(eq(testProcessorPayments.id, paymentId));
    expect(charge?.status).toBe("canceled");
    expect((await written(orderNumber)).order?.status).toBe("cancelled");
  });
});

describe("a move the table does not have", () => {
  it("is refused naming both statuses, and changes nothing: no refund, no stock, no history, no audit", async () => {
    const { orderNumber, paymentId } = await cardOrder(1);
    await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "processing" });
    await shipAll("admin", orderNumber);
    await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "completed" });
    const before = { stock: await stock(), ...(await written(orderNumber)) };

    expect(await refusal(moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" }))).toBe(
      "Conflict: An order that is Completed cannot become Cancelled.",
    );
    expect(await refusal(moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "processing" }))).toBe(
      "Conflict: An order that is Completed cannot become Processing.",
    );
    expect({ stock: await stock(), ...(await written(orderNumber)) }).toEqual(before);
    const [charge] = await db().select().from(testProcessorPayments).where(eq(testProcessorPayments.id, paymentId));
    expect(charge?.refundedAt).toBeNull();
  });
});

describe("a terms invoice paid", () => {
  it("moves an order pending payment to paid, with paid_at, its history row and its audit entry, and frees the credit", async () => {
    const kim = await buyerWithWheels(2, "100");
    const { orderNumber } = await placeTermsOrder(await asBuyer(kim), kim.cartId, checkoutInput(kim.email));
    expect((await checkoutTerms(await asBuyer(kim)))?.available).toBe("74.02"); // 100 - 2 × 12.99
    const now = new Date(Date.now() + 60 * 60_000); // recorded an hour after the order

    const paid = await markInvoicePaid("admin", orderNumber, now);

    expect(paid).toMatchObject({ status: "paid", paidAt: now });
    expect((await checkoutTerms(await asBuyer(kim)))?.available).toBe("100.00");
    const { history, audit } = await written(orderNumber);
    expect(history.at(-1)).toEqual({ status: "paid", note: "Net 30 invoice paid", at: now });
    expect(audit).toEqual([
      {
        action: "mark_invoice_paid",
        before: { status: "pending_payment", paidAt: null },
        after: { status: "paid", paidAt: now.toISOString() },
      },
    ]);
  });

  it("leaves a shipped order shipped, and is refused once paid or for a card order", async () => {
    const sam = await buyerWithWheels(1, "100");
    const { orderNumber } = await placeTermsOrder(await asBuyer(sam), sam.cartId, checkoutInput(sam.email));
    await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "processing" });
    await shipAll("admin", orderNumber, { carrier: "other", trackingNumber: null });
    expect(await markInvoicePaid("admin", orderNumber)).toMatchObject({ status: "shipped", paidAt: expect.any(Date) });
    const { history } = await written(orderNumber);
    expect(history.at(-1)).toMatchObject({ status: "shipped", note: "Net 30 invoice paid" });

    expect(await refusal(markInvoicePaid("admin", orderNumber))).toBe(
      `Conflict: The invoice for ${orderNumber} is already paid.`,
    );
    const card = await cardOrder(1);
    expect(await refusal(markInvoicePaid("admin", card.orderNumber))).toBe(
      "Conflict: Only a Net 30 invoice can be marked paid.",
    );
  });
});
