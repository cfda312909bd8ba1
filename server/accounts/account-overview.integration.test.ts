import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { orderItems, orders, user } from "../db/schema";
import { listOrdersWithItems, topPurchasedProducts } from "./account-overview";

const { handle } = withTestDatabase();

async function placeOrder(
  userId: string,
  orderNumber: string,
  orderDate: string,
  lines: [name: string, quantity: number, price: string, unit?: string][],
) {
  const total = lines.reduce((sum, [, quantity, unit]) => sum + quantity * Number(unit), 0).toFixed(2);
  const [order] = await handle()
    .db.insert(orders)
    .values({
      userId,
      companyId: (await asBuyer({ id: userId })).company?.id ?? "",
      orderNumber,
      orderDate: new Date(orderDate),
      totalAmount: total,
      status: "paid",
      shippingAddressLine1: "100 Main St",
      shippingCity: "Portland",
      shippingState: "OR",
      shippingZip: "97201",
      billingAddressLine1: "100 Main St",
      billingCity: "Portland",
      billingState: "OR",
      billingZip: "97201",
      email: "buyer@example.com",
      firstName: "Pat",
      lastName: "Buyer",
      phone: "5035550142",
      subtotalAmount: total,
      taxRatePpm: 0,
      taxAmount: "0.00",
      paymentMethod: "credit_card",
    })
    .returning();
  await handle()
    .db.insert(orderItems)
    .values(
      lines.map(([productName, quantity, unitPrice, unit = "EA"]) => ({
        orderId: order?.id ?? "",
        productName,
        unit,
        productSku: null,
        quantity,
        allocatedQuantity: quantity,
        unitPrice,
        totalPrice: (quantity * Number(unitPrice)).toFixed(2),
      })),
    );
}

describe("My Account's orders and insights", () => {
  it("lists only the buyer's company's orders, newest first, with their items", async () => {
    await handle()
      .db.insert(user)
      .values([
        { id: "u1", name: "Dana", email: "u1@example.com" },
        { id: "u2", name: "Sam", email: "u2@example.com" },
      ]);
    for (const id of ["u1", "u2"]) await profileWithCompany(id);
    await placeOrder("u1", "ORD1", "2026-11-01T10:00:00Z", [["Grinding Wheel 4.5 in", 2, "12.99"]]);
    await placeOrder("u1", "ORD2", "2026-11-20T10:00:00Z", [
      ["Flap Disc 80 Grit 4.5 in", 1, "8.49"],
      ["Grinding Wheel 4.5 in", 3, "12.99"],
    ]);
    await placeOrder("u2", "ORD3", "2026-11-21T10:00:00Z", [["Safety Glasses", 50, "3.00"]]);

    const list = await listOrdersWithItems(await asBuyer({ id: "u1" }));
    expect(list.map((o) => o.orderNumber)).toEqual(["ORD2", "ORD1"]);
    expect(list[0]?.items.map((i) => i.productName).sort()).toEqual([
      "Flap Disc 80 Grit 4.5 in",
      "Grinding Wheel 4.5 in",
    ]);
    expect(list[0]?.totalAmount).toBe("47.46");
  });

  it("ranks products by total quantity, sums what was spent, and keeps ten", async () => {
    expect(await topPurchasedProducts(await asBuyer({ id: "u1" }))).toEqual([
      { productName: "Grinding Wheel 4.5 in", totalQuantity: 5, unit: "EA", totalSpent: "64.95" },
      { productName: "Flap Disc 80 Grit 4.5 in", totalQuantity: 1, unit: "EA", totalSpent: "8.49" },
    ]);
    await handle().db.insert(user).values({ id: "u3", name: "Lee", email: "u3@example.com" });
    await profileWithCompany("u3");
    await placeOrder(
      "u3",
      "ORD4",
      "2026-11-22T10:00:00Z",
      Array.from(
        { length: 12 },
        (_, i) => [`Part ${String(i).padStart(2, "0")}`, i + 1, "1.00"] as [string, number, string],
      ),
    );
    const top = await topPurchasedProducts(await asBuyer({ id: "u3" }));
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ productName: "Part 11", totalQuantity: 12, unit: "EA", totalSpent: "12.00" });
    expect(top[9]?.productName).toBe("Part 02");
  });

  it("says the unit a product's total counts, and none when it was bought in more than one", async () => {
    await handle().db.insert(user).values({ id: "u4", name: "Kim", email: "u4@example.com" });
    await profileWithCompany("u4");
    await placeOrder("u4", "ORD5", "2026-11-23T10:00:00Z", [
      ["Cut-off Wheel", 2, "35.75", "BX"],
      ["Loom Tubing", 10, "0.50", "FT"],
    ]);
    await placeOrder("u4", "ORD6", "2026-11-24T10:00:00Z", [
      ["Cut-off Wheel", 3, "35.75", "BX"],
      ["Loom Tubing", 1, "45.00", "RO"],
    ]);
    expect(await topPurchasedProducts(await asBuyer({ id: "u4" }))).toEqual([
      { productName: "Loom Tubing", totalQuantity: 11, unit: null, totalSpent: "50.00" },
      { productName: "Cut-off Wheel", totalQuantity: 5, unit: "BX", totalSpent: "178.75" },
    ]);
  });
});
