// A buyer cancels an order or some of its lines before they ship: the card is refunded exactly the
// cancelled lines' share (their totals plus their share of the tax), a terms invoice's balance and the
// credit it uses drop by the same amount, the stock comes back (the back-ordered part never left it),
// both sides are mailed, and the history and audit say so. Refusals write nothing.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cancellationSeen } from "../../domain/orders/cancellations";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany, shipAll } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import {
  adminAuditLog,
  companyMembers,
  mailQueue,
  orderCancellations,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  testProcessorPayments,
  testProcessorRefunds,
  user,
} from "../db/schema";
import { buyerStatement } from "../documents/buyer-documents";
import { orderDocument } from "../documents/order-document";
import { StoreError } from "../errors";
import { onStoreEvent } from "../events";
import { setPaymentProvider } from "../payments/configured";
import { confirmTestPayment, TEST_CARDS, testCardProcessor } from "../payments/test-processor";
import { checkoutTerms, openInvoices } from "../terms/account-terms";
import { cancelOrderLines } from "./cancellations";
import { completeCardPayment, placeTermsOrder, startCardPayment } from "./checkout";
import { moveOrder } from "./lifecycle";
import { findOrder } from "./orders";

const { handle } = withTestDatabase();
const db = () => handle().db;
const ids = { wheel: "", disc: "", pump: "" };

let people = 0;
async function person(companyId?: string, role: "admin" | "buyer" | "viewer" = "admin") {
  people += 1;
  const id = `cancel-buyer-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name: id, email, emailVerified: true });
  if (companyId) await db().insert(companyMembers).values({ userId: id, companyId, role });
  return { id, email };
}

async function order(
  lines: [string, number][],
  {
    terms,
    state = "OR",
    placer,
  }: { terms?: boolean; state?: "OR" | "TX"; placer?: { id: string; email: string } } = {},
) {
  const who = placer ?? (await person());
  const { companyId } = placer
    ? { companyId: (await asBuyer(placer)).company?.id ?? "" }
    : await profileWithCompany(who.id, { creditLimit: terms ? "1000" : undefined });
  const cartId = await findOrCreateCart({ userId: who.id });
  for (const [productId, quantity] of lines) await addToCart(cartId, productId, quantity, null);
  const buyer = await asBuyer(who);
  const input = checkoutInput(who.email, {}, state);
  let orderNumber: string;
  let paymentId: string | null = null;
  if (terms) ({ orderNumber } = await placeTermsOrder(buyer, cartId, input));
  else {
    const payment = await startCardPayment(buyer, cartId, input);
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    ({ orderNumber } = await completeCardPayment(payment.paymentId, who.id));
    paymentId = payment.paymentId;
  }
  return { orderNumber, paymentId, who, buyer, companyId };
}

async function linesOf(orderNumber: string) {
  return db()
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      allocatedQuantity: orderItems.allocatedQuantity,
      backorderedQuantity: orderItems.backorderedQuantity,
      backorderExpectedOn: orderItems.backorderExpectedOn,
      shippedQuantity: orderItems.shippedQuantity,
      cancelledQuantity: orderItems.cancelledQuantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNumber, orderNumber))
    .orderBy(asc(orderItems.productSku));
}

/** The form the buyer's dialog posts: the quantities per product, and what the page saw. */
async function form(orderNumber: string, quantities: [string, number][]) {
  const lines = await linesOf(orderNumber);
  return {
    orderNumber,
    seen: cancellationSeen(lines),
    lines: quantities.map(([productId, quantity]) => ({
      orderItemId: lines.find((line) => line.productId === productId)?.id ?? "",
      quantity,
    })),
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "cancelled",
    (error: unknown) => (error instanceof StoreError ? `${error.kind}: ${error.message}` : String(error)),
  );

async function stockOf(productId: string) {
  const [row] = await db().select({ stock: products.stockLevel }).from(products).where(eq(products.id, productId));
  return row?.stock ?? 0;
}

/** Everything a cancellation writes, to compare before and after a refusal. */
async function everything(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const orderId = row?.id ?? "";
  return {
    order: row,
    lines: await linesOf(orderNumber),
    stock: [await stockOf(ids.wheel), await stockOf(ids.disc), await stockOf(ids.pump)],
    cancellations: await db().select().from(orderCancellations).where(eq(orderCancellations.orderId, orderId)),
    history: await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)),
    audit: await db().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, orderNumber)),
    refunds: await db().select().from(testProcessorRefunds),
  };
}

async function mailsAbout(orderNumber: string) {
  return (
    await db()
      .select({ to: mailQueue.to, subject: mailQueue.subject, text: mailQueue.text, html: mailQueue.html })
      .from(mailQueue)
  ).filter((mail) => mail.subject.includes(orderNumber) && mail.subject.toLowerCase().includes("cancel"));
}

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  ids.wheel = await insertProduct({ ...grindingWheel, stockLevel: 500 });
  ids.disc = await insertProduct({ partNumber: "FD-80-001", name: "Flap Disc", price: "8.49", stockLevel: 500 });
  ids.pump = await insertProduct({
    partNumber: "PU-1",
    name: "Pump",
    price: "100.00",
    stockLevel: 3,
    backorderable: true,
    leadTimeDays: 5,
  });
});

describe("a card order cancelled line by line", () => {
  it("refunds each cancellation's share to the cent, returns the stock, and adds up to the total", async () => {
    // Texas, 6.25%: 4 × 12.99 + 3 × 8.49 = 77.43, tax 4.84, total 82.27.
    const { orderNumber, paymentId, buyer } = await order(
      [
        [ids.wheel, 4],
        [ids.disc, 3],
      ],
      { state: "TX" },
    );
    const discStock = await stockOf(ids.disc);
    const announced: string[][] = [];
    const stop = onStoreEvent("stockChanged", ({ productIds }) => announced.push(productIds));
    try {
      const first = await cancelOrderLines(buyer, await form(orderNumber, [[ids.disc, 1]]));
      // 8.49 and its share of the tax: 4.84 × 8.49 / 77.43 = 0.5307 → 0.53.
      expect(first).toMatchObject({ amount: "9.02", refunded: "9.02", order: { status: "paid" } });
    } finally {
      stop();
    }
    expect(announced).toEqual([[ids.disc]]);
    expect(await stockOf(ids.disc)).toBe(discStock + 1);
    expect(
      (await linesOf(orderNumber)).map((line) => [line.quantity, line.allocatedQuantity, line.cancelledQuantity]),
    ).toEqual([
      [3, 2, 1],
      [4, 4, 0],
    ]);

    const [mine, store] = await mailsAbout(orderNumber);
    expect(mine?.to).toBe(buyer.email);
    expect(mine?.subject).toBe(`Items cancelled from your order: ${orderNumber}`);
    expect(mine?.text).toContain("Refund: $9.02");
    expect(mine?.text).toContain("- 1 x Flap Disc (SKU: FD-80-001)");
    expect(mine?.html).toContain(`/account/orders/${orderNumber}`);
    expect(store?.to).toBe("sales@cascadeindustrial.com");
    expect(store?.text).toContain("Money: $9.02 refunded to the card");
    expect(store?.html).toContain(`/admin/orders/${orderNumber}`);

    const rest = await cancelOrderLines(
      buyer,
      await form(orderNumber, [
        [ids.wheel, 4],
        [ids.disc, 2],
      ]),
    );
    expect(rest).toMatchObject({ amount: "73.25", refunded: "73.25", order: { status: "cancelled" } });
    const refunds = await db()
      .select({ amount: testProcessorRefunds.amount })
      .from(testProcessorRefunds)
      .where(eq(testProcessorRefunds.paymentId, paymentId ?? ""));
    expect(refunds.map((each) => each.amount).sort()).toEqual(["73.25", "9.02"]);
    const [charge] = await db()
      .select()
      .from(testProcessorPayments)
      .where(eq(testProcessorPayments.id, paymentId ?? ""));
    expect(charge?.refundedAt).not.toBeNull();

    const { history, audit } = await everything(orderNumber);
    expect(history.map(({ status, note }) => ({ status, note }))).toEqual([
      { status: "paid", note: expect.any(String) },
      { status: "paid", note: "Cancelled 1 × FD-80-001; $9.02 refunded to the card" },
      { status: "cancelled", note: "Cancelled; the card payment was refunded" },
    ]);
    expect(audit.map((entry) => [entry.action, entry.adminId])).toEqual([
      ["cancel_order_lines", buyer.userId],
      ["cancel_order_lines", buyer.userId],
    ]);
    expect((await mailsAbout(orderNumber)).map((mail) => mail.subject)).toContain(
      `Your order is cancelled: ${orderNumber}`,
    );
  });

  it("changes nothing when the refund fails", async () => {
    const { orderNumber, buyer } = await order([[ids.wheel, 2]]);
    const before = await everything(orderNumber);
    setPaymentProvider({ ...testCardProcessor, refund: () => Promise.reject(new Error("the provider is down")) });
    try {
      expect(await refusal(cancelOrderLines(buyer, await form(orderNumber, [[ids.wheel, 1]])))).toBe(
        "Conflict: The card payment could not be refunded, so nothing was cancelled. Try again.",
      );
    } finally {
      setPaymentProvider(undefined);
    }
    expect(await everything(orderNumber)).toEqual(before);
  });
});

describe("a terms order's cancelled lines", () => {
  it("come off the back-order first, lower the invoice's balance and free the credit by the same amount", async () => {
    // 5 pumps against 3 in stock (2 back-ordered) and 2 wheels: 525.98 of a 1,000.00 limit, Oregon (no tax).
    const { orderNumber, buyer, companyId } = await order(
      [
        [ids.pump, 5],
        [ids.wheel, 2],
      ],
      { terms: true },
    );
    expect((await checkoutTerms(buyer))?.available).toBe("474.02");
    const pumps = await stockOf(ids.pump);

    const { amount, refunded, order: after } = await cancelOrderLines(buyer, await form(orderNumber, [[ids.pump, 3]]));
    expect({ amount, refunded, status: after.status }).toEqual({
      amount: "300.00",
      refunded: "0.00",
      status: "pending_payment",
    });
    // Two of the three were back-ordered and never left the shelf: one goes back.
    expect(await stockOf(ids.pump)).toBe(pumps + 1);
    const [wheelLine, pumpLine] = await linesOf(orderNumber);
    expect(pumpLine).toMatchObject({
      quantity: 5,
      allocatedQuantity: 2,
      backorderedQuantity: 0,
      backorderExpectedOn: null,
      cancelledQuantity: 3,
    });
    expect(wheelLine).toMatchObject({ quantity: 2, allocatedQuantity: 2, cancelledQuantity: 0 });
    expect((await checkoutTerms(buyer))?.available).toBe("774.02");
    const [invoice] = (await openInvoices(companyId)).filter((open) => open.orderNumber === orderNumber);
    expect(invoice?.balance).toBe("225.98");
    const [mine] = await mailsAbout(orderNumber);
    expect(mine?.text).toContain("Invoice lowered by: $300.00");
    // The invoice says so: the line, what came off, and what is due now.
    const document = orderDocument((await findOrder(orderNumber, buyer)) ?? (undefined as never));
    expect(document.lines.find((line) => line[0] === "PU-1")?.[1]).toContain("3 of 5 cancelled");
    expect(document.totals).toContainEqual(["Cancelled Items", "-$300.00"]);
    expect(document.totals.at(-1)?.[1]).toBe("$225.98");
    // The statement charges what is left, so its balance is the credit centre's.
    const { statement } = await buyerStatement(buyer, "2020-01-01", "2099-12-31");
    expect(statement.closing).toBe("225.98");

    // The rest cancelled: the invoice leaves the open ones, and all the credit is free.
    await cancelOrderLines(
      buyer,
      await form(orderNumber, [
        [ids.pump, 2],
        [ids.wheel, 2],
      ]),
    );
    expect((await checkoutTerms(buyer))?.available).toBe("1000.00");
    expect((await openInvoices(companyId)).some((open) => open.orderNumber === orderNumber)).toBe(false);
  });
});

describe("a cancellation refused", () => {
  it("says why, and writes nothing: shipped, more than is left, a stale form, a cancelled order", async () => {
    const { orderNumber, buyer } = await order(
      [
        [ids.wheel, 3],
        [ids.disc, 2],
      ],
      { terms: true },
    );
    const [disc] = await linesOf(orderNumber);
    await moveOrder({ actor: "admin", id: "admin" }, orderNumber, {
      on: "shipmentRecorded",
      shipment: { carrier: "other", trackingNumber: null, lines: [{ orderItemId: disc?.id ?? "", quantity: 2 }] },
    });
    const stale = await form(orderNumber, [[ids.wheel, 1]]);
    await shipAll("admin", orderNumber).catch(() => undefined);
    const before = await everything(orderNumber);

    expect(await refusal(cancelOrderLines(buyer, await form(orderNumber, [[ids.disc, 1]])))).toBe(
      "Conflict: An order that is Shipped cannot be cancelled. Once a line has shipped, it can only be returned.",
    );
    expect(await refusal(cancelOrderLines(buyer, stale))).toBe(
      "Conflict: An order that is Shipped cannot be cancelled. Once a line has shipped, it can only be returned.",
    );
    expect(await everything(orderNumber)).toEqual(before);
  });

  it("names the line that has shipped, the quantity left, and a form from an older page", async () => {
    const { orderNumber, buyer } = await order(
      [
        [ids.wheel, 3],
        [ids.disc, 2],
      ],
      { terms: true },
    );
    const [disc] = await linesOf(orderNumber);
    const stale = await form(orderNumber, [[ids.wheel, 1]]);
    await moveOrder({ actor: "admin", id: "admin" }, orderNumber, {
      on: "shipmentRecorded",
      shipment: { carrier: "other", trackingNumber: null, lines: [{ orderItemId: disc?.id ?? "", quantity: 1 }] },
    });
    const before = await everything(orderNumber);
    expect(await refusal(cancelOrderLines(buyer, await form(orderNumber, [[ids.disc, 2]])))).toBe(
      "Invalid: FD-80-001: 1 of 2 have shipped, so 1 can be cancelled. Cancel 1 or fewer. Once a line has shipped, it can only be returned.",
    );
    expect(await refusal(cancelOrderLines(buyer, await form(orderNumber, [[ids.wheel, 4]])))).toBe(
      "Invalid: GW-45-001: 3 are left on the order. Cancel 3 or fewer.",
    );
    expect(await refusal(cancelOrderLines(buyer, await form(orderNumber, [])))).toBe(
      "Invalid: Enter a quantity to cancel for at least one line.",
    );
    expect(await refusal(cancelOrderLines(buyer, stale))).toBe(
      "Conflict: This order changed since you opened it (a shipment or a cancellation). Reload the page and choose again.",
    );
    expect(
      await refusal(moveOrder({ actor: "admin", id: "admin" }, orderNumber, { on: "statusAsked", to: "cancelled" })),
    ).toBe(
      `Conflict: Some of order ${orderNumber} has shipped (1 × FD-80-001), so it cannot be cancelled whole. Once a line has shipped, it can only be returned.`,
    );
    expect(await everything(orderNumber)).toEqual(before);
  });

  it("is the placer's and the company admin's: a colleague, a viewer and another company are refused", async () => {
    const admin = await person();
    const { companyId } = await profileWithCompany(admin.id, { creditLimit: "1000" });
    const buyerOne = await person(companyId, "buyer");
    const buyerTwo = await person(companyId, "buyer");
    const viewer = await person(companyId, "viewer");
    const { orderNumber } = await order([[ids.wheel, 4]], { terms: true, placer: buyerOne });
    const outsider = await order([[ids.wheel, 1]], { terms: true });
    const before = await everything(orderNumber);
    const cancelOne = async (who: { id: string }) =>
      refusal(cancelOrderLines(await asBuyer(who), await form(orderNumber, [[ids.wheel, 1]])));

    expect(await cancelOne(buyerTwo)).toBe(
      "Forbidden: Only the buyer who placed this order or your company admin can cancel it.",
    );
    expect(await cancelOne(viewer)).toBe(
      "Forbidden: Your role in this company does not allow cancelling orders. Ask your company admin.",
    );
    expect(await cancelOne(outsider.who)).toBe(`NotFound: There is no order ${orderNumber}.`);
    expect(await everything(orderNumber)).toEqual(before);

    expect(await cancelOne(buyerOne)).toBe("cancelled");
    expect(await cancelOne(admin)).toBe("cancelled");
    const [line] = await linesOf(orderNumber);
    expect(line?.cancelledQuantity).toBe(2);
    const rows = await db()
      .select({ userId: orderCancellations.userId, amount: orderCancellations.amount })
      .from(orderCancellations)
      .innerJoin(orders, and(eq(orders.id, orderCancellations.orderId), eq(orders.orderNumber, orderNumber)))
      .orderBy(orderCancellations.number);
    expect(rows).toEqual([
      { userId: buyerOne.id, amount: "12.99" },
      { userId: admin.id, amount: "12.99" },
    ]);
  });
});
