// Status history, shipping with a carrier and the "shipped" e-mail, and reorder with every line
// not added as asked named.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany, shipAll } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { reorder, reorderTopProduct, reportMessages } from "../cart/reorder";
import { config } from "../config";
import { cartItems, mailQueue, orderItems, orders, productBulkTiers, products, user } from "../db/schema";
import { StoreError } from "../errors";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { markInvoicePaid } from "../terms/invoices";
import { completeCardPayment, placeTermsOrder, startCardPayment } from "./checkout";
import { moveOrder } from "./lifecycle";
import { findOrder } from "./orders";
import { orderStatusHistoryFor } from "./status-history";

const { handle } = withTestDatabase();
const db = () => handle().db;
const ids: Record<string, string> = {};
const byAdmin = { actor: "admin", id: "admin" } as const;

async function product(partNumber: string, price: string, stockLevel: number) {
  ids[partNumber] = await insertProduct({ partNumber, price, stockLevel });
}

let buyers = 0;
async function buyer(creditLimit?: string) {
  buyers += 1;
  const id = `buyer-${buyers}`;
  await db()
    .insert(user)
    .values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  await profileWithCompany(id, { creditLimit });
  return { id, email: `${id}@example.com`, cartId: await findOrCreateCart({ userId: id }) };
}

async function cardOrder(who: Awaited<ReturnType<typeof buyer>>, lines: [string, number][]) {
  for (const [part, quantity] of lines) await addToCart(who.cartId, ids[part] ?? "", quantity, null);
  const payment = await startCardPayment(await asBuyer(who), who.cartId, checkoutInput(who.email));
  await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
  return completeCardPayment(payment.paymentId, who.id);
}

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

const history = async (orderNumber: string) => {
  const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return (await orderStatusHistoryFor(order?.id ?? "")).map(({ status, note }) => ({ status, note }));
};

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  await product("GW-45-001", "12.99", 500);
  await product("FD-80-001", "8.49", 500);
  await product("CW-45-045", "2.45", 500);
  await product("OB-9", "4.00", 500);
});

describe("status history", () => {
  it("records placement, each admin change and the shipment with its carrier and tracking number, and mails the buyer", async () => {
    const dana = await buyer();
    const { orderNumber } = await cardOrder(dana, [["GW-45-001", 1]]);
    expect(await messageOf(moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "shipped" }))).toBe(
      "An order that is Paid cannot become Shipped.",
    );
    await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "processing" });
    const shipped = await shipAll("admin", orderNumber, { carrier: "fedex", trackingNumber: "748923456789" });
    expect(shipped).toMatchObject({ status: "shipped", shippedAt: expect.any(Date) });
    expect(await history(orderNumber)).toEqual([
      { status: "paid", note: "Order placed and paid by card" },
      { status: "processing", note: null },
      { status: "shipped", note: "Shipment 1 by FedEx 748923456789; all items have shipped" },
    ]);
    const [mail] = await db()
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, dana.email))
      .orderBy(desc(mailQueue.createdAt));
    expect(mail?.subject).toBe(`Your order has shipped! ${orderNumber} (shipment 1)`);
    expect(mail?.text).toContain("Carrier: FedEx");
    expect(mail?.text).toContain("Tracking Number: 748923456789");
    expect(mail?.text).toContain(`/account/orders/${orderNumber}`);
    // The carrier's tracking page and the order's page are real links in the HTML part.
    const fedex = "https://www.fedex.com/fedextrack/?trknbr=748923456789";
    expect(mail?.text).toContain(`Track your package: ${fedex}`);
    expect(mail?.html).toContain(`href="${fedex}"`);
    expect(mail?.html).toContain(`href="${config().PUBLIC_URL}/account/orders/${orderNumber}"`);
    expect(mail?.html).toContain("748923456789");
  });

  it("records a Net 30 order's placement, its invoice paid and a cancellation", async () => {
    const lee = await buyer("1000");
    await addToCart(lee.cartId, ids["FD-80-001"] ?? "", 2, null);
    const { orderNumber } = await placeTermsOrder(await asBuyer(lee), lee.cartId, checkoutInput(lee.email));
    await markInvoicePaid("admin", orderNumber);
    await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" });
    expect(await history(orderNumber)).toEqual([
      { status: "pending_payment", note: "Order placed on Net 30 terms" },
      { status: "paid", note: "Net 30 invoice paid" },
      { status: "cancelled", note: "Cancelled" },
    ]);
  });
});

describe("reorder", () => {
  it("adds the whole order at today's prices and names the discontinued, out-of-stock, short and repriced lines, never cutting one to the stock", async () => {
    const kim = await buyer();
    const { orderNumber } = await cardOrder(kim, [
      ["GW-45-001", 2],
      ["FD-80-001", 1],
      ["CW-45-045", 10],
      ["OB-9", 1],
    ]);
    await db()
      .update(products)
      .set({ stockLevel: 0 })
      .where(eq(products.id, ids["FD-80-001"] ?? ""));
    await db()
      .update(products)
      .set({ stockLevel: 4 })
      .where(eq(products.id, ids["CW-45-045"] ?? ""));
    await db()
      .update(products)
      .set({ price: "13.49" })
      .where(eq(products.id, ids["GW-45-001"] ?? ""));
    await db()
      .delete(products)
      .where(eq(products.id, ids["OB-9"] ?? ""));
    const report = await reorder(await asBuyer(kim), kim.cartId, orderNumber);
    expect(reportMessages(report)).toEqual({
      notice: "Added 1 item(s) to cart",
      problems: [
        "No longer available: Part OB-9 (OB-9)",
        "Out of stock: Part FD-80-001",
        "Not added: Part CW-45-045 (10 asked for). Only 4 in stock for CW-45-045; ask for 4 or fewer.",
        "Price changed: Part GW-45-001 was $12.99, now $13.49",
      ],
    });
    const cart = await db().select().from(cartItems).where(eq(cartItems.cartId, kim.cartId));
    expect(Object.fromEntries(cart.map((line) => [line.productId, line.quantity]))).toEqual({
      [ids["GW-45-001"] ?? ""]: 2,
    });
    // Chosen lines only; the cart now holds the stock, so not even those 4 fit.
    await addToCart(kim.cartId, ids["CW-45-045"] ?? "", 4, null);
    const [wheelLine] = await db()
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productSku, "CW-45-045"));
    expect(reportMessages(await reorder(await asBuyer(kim), kim.cartId, orderNumber, [wheelLine?.id ?? ""]))).toEqual({
      notice: undefined,
      problems: [
        "Not added: Part CW-45-045 (10 asked for). Only 4 in stock for CW-45-045, and your cart has 4 already.",
      ],
    });
    await db()
      .update(products)
      .set({ stockLevel: 500, price: "12.99" })
      .where(eq(products.id, ids["GW-45-001"] ?? ""));
    await db()
      .update(products)
      .set({ stockLevel: 500 })
      .where(eq(products.id, ids["FD-80-001"] ?? ""));
  });

  it("prices by today's bulk tier and adds a top product as last ordered", async () => {
    const ana = await buyer();
    await db()
      .insert(productBulkTiers)
      .values({ productId: ids["FD-80-001"] ?? "", minQuantity: 5, unitPrice: "7.99" });
    await cardOrder(ana, [["FD-80-001", 6]]);
    const report = await reorderTopProduct(await asBuyer(ana), ana.cartId, "Part FD-80-001");
    expect(report.added).toEqual([{ name: "Part FD-80-001", quantity: 6 }]);
    expect(report.priceChanged).toEqual([]);
    expect(await messageOf(reorderTopProduct(await asBuyer(ana), ana.cartId, "Part GW-45-001"))).toBe(
      "You have not ordered Part GW-45-001.",
    );
  });

  it("answers another buyer's order as an unknown one, and the buyer's own order page shows the history", async () => {
    const owner = await buyer();
    const other = await buyer();
    const { orderNumber } = await cardOrder(owner, [["GW-45-001", 1]]);
    expect(await messageOf(reorder(await asBuyer(other), other.cartId, orderNumber))).toBe(
      `There is no order ${orderNumber}.`,
    );
    expect(await findOrder(orderNumber, await asBuyer(other))).toBeNull();
    expect(await messageOf(reorder(await asBuyer(owner), owner.cartId, orderNumber, []))).toBe(
      "Choose at least one item to add to the cart.",
    );
  });
});
