import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany, shipAll } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { adminAuditLog, orderItems, orders, products, promoCodes, testProcessorPayments, user } from "../db/schema";
import { StoreError } from "../errors";
import { onStoreEvent } from "../events";
import { completeCardPayment, placeTermsOrder, startCardPayment } from "../orders/checkout";
import { moveOrder } from "../orders/lifecycle";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { markInvoicePaid } from "../terms/invoices";
import { listAuditLog } from "./audit";
import { listOrders } from "./orders";
import { createPromoCode, updatePromoCode } from "./promos";

const { handle } = withTestDatabase();
const db = () => handle().db;
let wheel = "";

const byAdmin = { actor: "admin", id: "admin" } as const;
const byUps = { carrier: "ups", trackingNumber: "1Z999AA10123456784" } as const;

const checkout = (email: string, companyName?: string) => checkoutInput(email, { companyName });

let buyers = 0;
async function buyerWithWheels(quantity: number, creditLimit?: string) {
  buyers += 1;
  const id = `buyer-${buyers}`;
  await db()
    .insert(user)
    .values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  await profileWithCompany(id, { creditLimit });
  const cartId = await findOrCreateCart({ userId: id });
  await addToCart(cartId, wheel, quantity, null);
  return { id, cartId, email: `${id}@example.com` };
}

async function cardOrder(quantity: number, company?: string) {
  const who = await buyerWithWheels(quantity);
  const payment = await startCardPayment(await asBuyer(who), who.cartId, checkout(who.email, company));
  await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
  return { ...(await completeCardPayment(payment.paymentId, who.id)), paymentId: payment.paymentId };
}

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

async function stock() {
  const [row] = await db().select({ stock: products.stockLevel }).from(products).where(eq(products.id, wheel));
  return row?.stock;
}

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  wheel = await insertProduct({ ...grindingWheel, stockLevel: 500 });
});

describe("moving orders along", () => {
  it("a card order goes paid -> processing -> shipped -> completed, and no step may be skipped or undone", async () => {
    const { orderNumber } = await cardOrder(1);
    expect(await messageOf(moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "shipped" }))).toBe(
      "An order that is Paid cannot become Shipped.",
    );
    expect((await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "processing" }))?.status).toBe("processing");
    expect((await shipAll("admin", orderNumber, byUps))?.status).toBe("shipped");
    expect((await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "completed" }))?.status).toBe("completed");
    expect(await messageOf(moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" }))).toBe(
      "An order that is Completed cannot become Cancelled.",
    );
    expect(await messageOf(moveOrder(byAdmin, "ORD0000000000000NONE", { on: "statusAsked", to: "paid" }))).toBe(
      "There is no order ORD0000000000000NONE.",
    );
    const { entries } = await listAuditLog({ page: 1 });
    expect(entries.filter((entry) => entry.entityId === orderNumber).map((entry) => entry.after)).toEqual([
      { status: "completed" },
      {
        status: "shipped",
        shippedAt: expect.any(String),
        paymentDueDate: null,
        shipment: {
          number: 1,
          carrier: "ups",
          trackingNumber: "1Z999AA10123456784",
          lines: [{ part: "GW-45-001", quantity: 1 }],
        },
      },
      { status: "processing" },
    ]);
    expect(entries[0]?.adminEmail).toBe("admin@example.com");
  });

  it("cancelling a card order refunds the payment and puts the stock back", async () => {
    const before = await stock();
    const { orderNumber, paymentId } = await cardOrder(3);
    expect(await stock()).toBe((before ?? 0) - 3);
    await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" });
    expect(await stock()).toBe(before);
    const [charge] = await db().select().from(testProcessorPayments).where(eq(testProcessorPayments.id, paymentId));
    expect(charge?.refundedAt).toBeInstanceOf(Date);
  });

  it("cancelling restocks the product the line was bought as, even after its part number changed", async () => {
    const { orderNumber } = await cardOrder(2);
    const [line] = await db()
      .select({ productId: orderItems.productId, sku: orderItems.productSku })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.orderNumber, orderNumber));
    expect(line).toEqual({ productId: wheel, sku: "GW-45-001" });
    await db().update(products).set({ partNumber: "GW-45-001-B" }).where(eq(products.id, wheel));
    const announced: string[][] = [];
    const stopListening = onStoreEvent("stockChanged", ({ productIds }) => announced.push(productIds));
    try {
      const before = await stock();
      await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "cancelled" });
      expect(await stock()).toBe((before ?? 0) + 2);
      expect(announced).toEqual([[wheel]]);
    } finally {
      stopListening();
      await db().update(products).set({ partNumber: "GW-45-001" }).where(eq(products.id, wheel));
    }
  });

  it("a Net 30 order ships on its terms; marking the invoice paid frees the credit", async () => {
    // 7 × 12.99 = 90.93 (Oregon: no tax) against a $100 limit.
    const lee = await buyerWithWheels(7, "100");
    const { orderNumber } = await placeTermsOrder(await asBuyer(lee), lee.cartId, checkout(lee.email));
    await addToCart(lee.cartId, wheel, 7, null);
    expect(await messageOf(placeTermsOrder(await asBuyer(lee), lee.cartId, checkout(lee.email)))).toBe(
      "This order of $90.93 would exceed your Net 30 credit limit. Available credit: $9.07.",
    );
    await moveOrder(byAdmin, orderNumber, { on: "statusAsked", to: "processing" });
    await shipAll("admin", orderNumber, byUps);
    // Shipped is not paid: the credit is still in use.
    expect(await messageOf(placeTermsOrder(await asBuyer(lee), lee.cartId, checkout(lee.email)))).toContain(
      "Available credit: $9.07.",
    );
    const paid = await markInvoicePaid("admin", orderNumber);
    expect(paid?.status).toBe("shipped");
    expect(paid?.paidAt).toBeInstanceOf(Date);
    expect(await messageOf(markInvoicePaid("admin", orderNumber))).toBe(
      `The invoice for ${orderNumber} is already paid.`,
    );
    expect(await messageOf(placeTermsOrder(await asBuyer(lee), lee.cartId, checkout(lee.email)))).toBe("ok");
  });

  it("an unpaid Net 30 invoice marked paid before shipping makes the order paid; card orders have no invoice", async () => {
    const kim = await buyerWithWheels(1, "1000");
    const { orderNumber } = await placeTermsOrder(await asBuyer(kim), kim.cartId, checkout(kim.email));
    expect((await markInvoicePaid("admin", orderNumber))?.status).toBe("paid");
    const card = await cardOrder(1);
    expect(await messageOf(markInvoicePaid("admin", card.orderNumber))).toBe(
      "Only a Net 30 invoice can be marked paid.",
    );
  });
});

describe("the orders list", () => {
  it("filters by status, searches number, company and e-mail, and pages on the server", async () => {
    const marine = await cardOrder(1, "Harbor Marine Works");
    const all = await listOrders({ q: "", page: 1 });
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.orders[0]?.orderNumber).toBe(marine.orderNumber); // newest first
    expect((await listOrders({ q: "harbor marine", page: 1 })).orders.map((o) => o.orderNumber)).toEqual([
      marine.orderNumber,
    ]);
    expect((await listOrders({ q: marine.orderNumber.slice(0, 12), page: 1 })).total).toBeGreaterThanOrEqual(1);
    expect(
      (await listOrders({ status: "cancelled", q: "", page: 1 })).orders.every((o) => o.status === "cancelled"),
    ).toBe(true);
    expect((await listOrders({ q: "%", page: 1 })).total).toBe(0); // a wildcard is a character, not "everything"
    expect((await listOrders({ q: "", page: 999 })).orders).toEqual([]);
    const [email] = await db().select({ email: orders.email }).from(orders).limit(1);
    expect((await listOrders({ q: email?.email.toUpperCase() ?? "", page: 1 })).total).toBeGreaterThanOrEqual(1);
  });
});

describe("editing a promo code", () => {
  it("changes its terms, keeps its uses, refuses a taken code or max uses below the uses so far", async () => {
    const terms = {
      code: "SPRING",
      description: "Spring sale",
      discountType: "percentage" as const,
      discountValue: "10",
      minimumOrderAmount: "0",
    };
    const spring = await createPromoCode("admin", terms);
    await createPromoCode("admin", { ...terms, code: "SUMMER" });
    await db().update(promoCodes).set({ currentUses: 4 }).where(eq(promoCodes.id, spring.id));
    expect(await messageOf(updatePromoCode("admin", spring.id, { ...terms, code: "SUMMER" }))).toBe(
      "A promo code SUMMER already exists.",
    );
    expect(await messageOf(updatePromoCode("admin", spring.id, { ...terms, maxUses: 3 }))).toBe(
      "SPRING has been used 4 times, so max uses must be at least 4.",
    );
    const edited = await updatePromoCode("admin", spring.id, { ...terms, discountValue: "15", maxUses: 10 });
    expect(edited).toMatchObject({ code: "SPRING", discountValue: "15.00", maxUses: 10, currentUses: 4 });
    const [audit] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "update_promo_code"));
    expect(audit).toMatchObject({
      entityId: spring.id,
      before: { discountValue: "10.00" },
      after: { discountValue: "15.00" },
    });
    expect(await messageOf(updatePromoCode("admin", "00000000-0000-4000-8000-000000000000", terms))).toBe(
      "That promo code does not exist.",
    );
  });
});
