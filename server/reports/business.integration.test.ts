import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storeDay } from "../../domain/dates/dates";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany, setOrderStatus } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { db } from "../db/client";
import { orders, user } from "../db/schema";
import { placeTermsOrder } from "../orders/checkout";
import { businessReport, companySpend } from "./business";

withTestDatabase();

let productId: string;
beforeAll(async () => {
  productId = await insertProduct({ ...grindingWheel, stockLevel: 1000 });
});

/** A member of a company on terms who places a terms order for `quantity` wheels ($12.99 each, Oregon: no tax). */
async function termsBuyer(id: string, companyName: string, quantity: number) {
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name: "Dana", email, emailVerified: true });
  await profileWithCompany(id, { creditLimit: "100000", companyName });
  const cartId = await findOrCreateCart({ userId: id });
  await addToCart(cartId, productId, quantity, null);
  const placed = await placeTermsOrder(
    await asBuyer({ id }),
    cartId,
    checkoutInput(email, { paymentMethod: "net_30" }, "OR"),
  );
  return { id, orderNumber: placed.orderNumber };
}

describe("the admin's reports", () => {
  it("count today's sales, orders by status, what is owed by age, and the parts and companies that buy most", async () => {
    const big = await termsBuyer("report-big", "Big Fab", 10);
    await termsBuyer("report-small", "Small Fab", 2);
    const cancelled = await termsBuyer("report-gone", "Gone Fab", 50);
    await setOrderStatus(cancelled.orderNumber, "cancelled");

    const report = await businessReport();
    expect(report.daily).toHaveLength(30);
    expect(report.weekly).toHaveLength(12);
    const today = report.daily.at(-1);
    expect(today).toMatchObject({ start: storeDay(new Date()), orders: 2 });
    // 12 wheels at $12.99, shipping free over the threshold or not: whatever the two orders total.
    const [placed] = await db().select({ total: orders.totalAmount }).from(orders).where(eq(orders.userId, big.id));
    expect(Number(today?.total)).toBeGreaterThanOrEqual(Number(placed?.total) + 2 * 12.99);
    expect(report.daily.slice(0, -1).every((day) => day.total === "0.00" && day.orders === 0)).toBe(true);

    expect(report.statuses.find((row) => row.status === "cancelled")?.orders).toBe(1);
    expect(report.statuses.find((row) => row.status === "pending_payment")?.orders).toBe(2);
    // The two open invoices are not yet due; the cancelled one is owed by nobody.
    expect(Number(report.aging.current)).toBe(Number(today?.total));
    expect(report.aging["over-90"]).toBe("0.00");

    expect(report.topParts).toEqual([
      { label: "Grinding Wheel 4.5 in", detail: "GW-45-001 · 12 units", total: "155.88" },
    ]);
    expect(report.topCompanies.map((company) => company.label)).toEqual(["Big Fab", "Small Fab"]);
  });
});

describe("a company's spend", () => {
  it("shows 12 months, the member's own orders beside the company's, their limits and the categories", async () => {
    const member = await termsBuyer("spend-member", "Spend Fab", 3);
    const spend = await companySpend(await asBuyer({ id: member.id }));
    expect(spend.months).toHaveLength(12);
    const thisMonth = spend.months.at(-1);
    expect(thisMonth?.total).toBe(thisMonth?.own);
    expect(Number(thisMonth?.total)).toBeGreaterThanOrEqual(38.97);
    expect(spend.byCategory).toEqual([{ label: expect.any(String), total: "38.97" }]);
    // Another company's orders are not in it.
    expect(spend.months.slice(0, -1).every((month) => month.total === "0.00")).toBe(true);
    expect(spend.monthlyLimit).toBeNull();
  });
});
