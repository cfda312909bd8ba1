import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { addToCart, findOrCreateCart, setLineQuantity } from "../cart/cart";
import { applyPromo, removePromo } from "../cart/promo";
import { seedCatalogIfEmpty } from "../catalog/seed/seed";
import { products, promoCodes } from "../db/schema";
import { StoreError } from "../errors";
import { cartSummary } from "./price";

const { handle } = withTestDatabase();
const now = new Date("2026-11-23T12:00:00Z");
let cutOff = "";
let wheel = "";

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
  const rows = await handle().db.select({ id: products.id, partNumber: products.partNumber }).from(products);
  cutOff = rows.find((row) => row.partNumber === "CW-45-045")?.id ?? "";
  wheel = rows.find((row) => row.partNumber === "GW-45-001")?.id ?? "";
  await handle()
    .db.insert(promoCodes)
    .values([
      {
        code: "SAVE10",
        description: "10% off orders of $50+",
        discountType: "percentage",
        discountValue: "10",
        minimumOrderAmount: "50",
      },
      { code: "TAKE5", description: "$5 off", discountType: "fixed", discountValue: "5" },
      {
        code: "OLD",
        description: "Expired",
        discountType: "fixed",
        discountValue: "5",
        expiresAt: new Date("2026-01-01"),
      },
      { code: "GONE", description: "Used up", discountType: "fixed", discountValue: "5", maxUses: 3, currentUses: 3 },
      { code: "OFF", description: "Inactive", discountType: "fixed", discountValue: "5", isActive: false },
    ]);
});

const promoError = (cartId: string, code: unknown) =>
  applyPromo(cartId, null, code, now).then(
    () => "applied",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

describe("the cart's figures", () => {
  it("prices each line by the bulk tier its quantity reaches", async () => {
    const cart = await findOrCreateCart({});
    await addToCart(cart, cutOff, 99, null);
    expect((await cartSummary(cart, { buyer: null, now })).lines[0]).toMatchObject({
      unitPrice: "2.45",
      lineTotal: "242.55",
    });
    await setLineQuantity(cart, cutOff, 100);
    expect((await cartSummary(cart, { buyer: null, now })).lines[0]).toMatchObject({
      unitPrice: "1.98",
      lineTotal: "198.00",
    });
    await setLineQuantity(cart, cutOff, 1000);
    expect((await cartSummary(cart, { buyer: null, now })).lines[0]).toMatchObject({
      unitPrice: "1.55",
      lineTotal: "1550.00",
    });
  });

  it("applies promos with their messages and taxes the discounted subtotal by state", async () => {
    const cart = await findOrCreateCart({});
    await addToCart(cart, wheel, 2, null); // 2 x 12.99 = 25.98
    expect(await promoError(cart, "  ")).toBe("Please enter a promo code");
    expect(await promoError(cart, "nope")).toBe("Invalid promo code");
    expect(await promoError(cart, "off")).toBe("Invalid promo code");
    expect(await promoError(cart, "old")).toBe("Promo code has expired");
    expect(await promoError(cart, "gone")).toBe("Promo code usage limit reached");
    expect(await promoError(cart, "save10")).toBe("Minimum order amount of $50.00 required");
    expect(await promoError(cart, "'; drop table promo_codes; --")).toBe("Invalid promo code");

    await addToCart(cart, wheel, 2, null); // 4 x 12.99 = 51.96
    expect(await promoError(cart, "save10")).toBe("applied");
    expect(await cartSummary(cart, { buyer: null, now, taxState: "CA" })).toMatchObject({
      promo: { code: "SAVE10", description: "10% off orders of $50+" },
      subtotal: "51.96",
      discount: "5.20", // 5.196 rounds half up
      tax: "3.86", // (51.96 - 5.20) x 8.25% = 3.8577
      total: "50.62",
    });
    expect(await cartSummary(cart, { buyer: null, now, taxState: "OR" })).toMatchObject({
      tax: "0.00",
      total: "46.76",
    });
    expect(await cartSummary(cart, { buyer: null, now })).toMatchObject({ taxRate: 0.08, tax: "3.74" });

    // Below the minimum again: the promo stays on the cart but gives nothing, and says why.
    await setLineQuantity(cart, wheel, 1);
    expect(await cartSummary(cart, { buyer: null, now })).toMatchObject({
      discount: "0.00",
      promo: { problem: "Minimum order amount of $50.00 required" },
    });
    await removePromo(cart);
    expect((await cartSummary(cart, { buyer: null, now })).promo).toBeNull();
    const [unchanged] = await handle().db.select().from(promoCodes).where(eq(promoCodes.code, "SAVE10"));
    expect(unchanged?.currentUses).toBe(0); // counted only when an order is placed
  });
});
