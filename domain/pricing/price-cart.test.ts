import { describe, expect, it } from "vitest";
import { soldEach } from "../catalog/sale-units";
import { type CartLine, emptyCartMessage, priceCart, stockProblem } from "./price-cart";
import type { Promo } from "./promo";

const now = new Date("2026-11-23T12:00:00Z");

// The sample product's tiers: 1 at 2.45, 100 at 1.98, 500 at 1.75, 1000 at 1.55.
const cutOffWheel = (quantity: number, stockLevel = 2847): CartLine => ({
  name: "Cut-Off Wheel",
  partNumber: "CW-45-045",
  price: "2.45",
  stockLevel,
  backorderable: false,
  leadTimeDays: null,
  ...soldEach,
  status: "active",
  quantity,
  tiers: [
    { minQuantity: 1000, unitPrice: "1.55" },
    { minQuantity: 100, unitPrice: "1.98" },
    { minQuantity: 500, unitPrice: "1.75" },
  ],
});
const grindingWheel = (quantity: number, stockLevel = 640): CartLine => ({
  name: "Grinding Wheel 4.5 in",
  partNumber: "GW-45-001",
  price: "12.99",
  stockLevel,
  backorderable: false,
  leadTimeDays: null,
  ...soldEach,
  status: "active",
  quantity,
  tiers: [],
});

const tenPercent: Promo & { code: string; description: string } = {
  code: "TEN",
  description: "10% off",
  discountType: "percentage",
  discountValue: "10.00",
  minimumOrderAmount: "0",
  currentUses: 0,
  maxUses: null,
  expiresAt: null,
  isActive: true,
};

describe("priceCart", () => {
  it("prices each line by its bulk tier, then discounts and taxes the subtotal for the shipping state", () => {
    // 150 × 1.98 = 297.00; 2 × 12.99 = 25.98; subtotal 322.98; 10% = 32.30 (32.298 half up);
    // taxable 290.68; CA 8.25% = 23.9811 -> 23.98; total 314.66
    const cart = priceCart({
      lines: [cutOffWheel(150), grindingWheel(2)],
      promo: tenPercent,
      taxState: "CA",
      now,
    });
    expect(cart.lines.map((line) => [line.unitPriceCents, line.lineTotalCents])).toEqual([
      [198, 29700],
      [1299, 2598],
    ]);
    expect(cart.totals).toEqual({
      subtotalCents: 32298,
      discountCents: 3230,
      taxableCents: 29068,
      taxCents: 2398,
      shippingCents: 0,
      totalCents: 31466,
    });
    expect(cart.taxRate).toBe(82_500);
    expect(cart.promo).toMatchObject({ code: "TEN", check: { ok: true, discountCents: 3230 } });
    expect(cart.problems).toEqual([]);
  });

  it("takes the default 8% where the state is missing or not a US state", () => {
    for (const taxState of [undefined, null, "", "ZZ"]) {
      const cart = priceCart({ lines: [grindingWheel(1)], promo: null, taxState, now });
      expect(cart.taxRate).toBe(80_000);
      expect(cart.totals.taxCents).toBe(104); // 12.99 × 8% = 1.0392
    }
  });

  it("gives no discount for a promo that does not apply, and names why", () => {
    const cart = priceCart({
      lines: [grindingWheel(1)],
      promo: { ...tenPercent, minimumOrderAmount: "50.00" },
      now,
    });
    expect(cart.totals.discountCents).toBe(0);
    expect(cart.promo?.check).toEqual({ ok: false, message: "Minimum order amount of $50.00 required" });
    expect(cart.problems).toEqual(["Minimum order amount of $50.00 required"]);
  });

  it("lists what stands between the cart and an order: no lines, then lines the stock cannot supply, then the promo", () => {
    expect(priceCart({ lines: [], promo: null, now }).problems).toEqual([emptyCartMessage]);
    const cart = priceCart({
      lines: [grindingWheel(3, 0), cutOffWheel(3000)],
      promo: { ...tenPercent, isActive: false },
      now,
    });
    expect(cart.problems).toEqual([
      "Grinding Wheel 4.5 in is now out of stock. Remove it from your cart to continue.",
      "Only 2,847 in stock for CW-45-045; ask for 2,847 or fewer.",
      "Invalid promo code",
    ]);
  });

  it("refuses a line whose product was discontinued or made a draft since it went in the cart, whatever its stock", () => {
    const cart = priceCart({
      lines: [
        { ...grindingWheel(1), status: "discontinued" },
        { ...cutOffWheel(1, 0), status: "draft" },
        cutOffWheel(2),
      ],
      promo: null,
      now,
    });
    expect(cart.lines.map((line) => line.problem)).toEqual([
      "Grinding Wheel 4.5 in is discontinued and can no longer be ordered. Remove it from your cart to continue.",
      "Cut-Off Wheel is no longer available. Remove it from your cart to continue.",
      undefined,
    ]);
    expect(cart.problems).toHaveLength(2);
  });
});

describe("stockProblem", () => {
  const wheel = { ...grindingWheel(5, 5), name: "Wheel" };
  it("is silent up to the stock level, exactly at it included", () => {
    expect(stockProblem(wheel, "2026-11-23")).toBeUndefined();
    expect(stockProblem({ ...wheel, quantity: 6 }, "2026-11-23")).toBe(
      "Only 5 in stock for GW-45-001; ask for 5 or fewer.",
    );
  });

  it("is silent past the stock of a back-orderable part", () => {
    expect(
      stockProblem({ ...wheel, quantity: 6, backorderable: true, leadTimeDays: 10 }, "2026-11-23"),
    ).toBeUndefined();
  });
});

describe("priceCart past the stock of a back-orderable part", () => {
  it("ships the stock now and back-orders the rest, expected the lead time in business days after today", () => {
    // Monday, November 23, 2026, noon in New York; 10 business days on is Monday, December 7.
    const cart = priceCart({
      lines: [{ ...grindingWheel(20, 12), backorderable: true, leadTimeDays: 10 }, grindingWheel(3)],
      promo: null,
      now: new Date("2026-11-23T17:00:00Z"),
    });
    expect(cart.today).toBe("2026-11-23");
    expect(cart.lines.map((line) => line.split)).toEqual([
      { shipNow: 12, backordered: 8, expectedOn: "2026-12-07" },
      { shipNow: 3, backordered: 0, expectedOn: null },
    ]);
    expect(cart.problems).toEqual([]);
    // The whole quantity is priced: 23 × 12.99 = 298.77.
    expect(cart.totals.subtotalCents).toBe(29877);
  });

  it("cannot supply a quantity past the stock of a part that is not back-orderable", () => {
    const cart = priceCart({ lines: [grindingWheel(1000)], promo: null, now });
    expect(cart.lines[0]?.split).toBeNull();
    expect(cart.problems).toEqual(["Only 640 in stock for GW-45-001; ask for 640 or fewer."]);
  });
});

describe("priceCart under a tax-exempt certificate", () => {
  const texas = { state: "TX", certificateNumber: "TX-1234567", expiresOn: "2026-11-30", status: "approved" } as const;

  it("charges no tax on an order shipped to the certificate's state, and names the certificate", () => {
    // 10 × 12.99 = 129.90; exempt: tax 0, total 129.90
    const cart = priceCart({ lines: [grindingWheel(10)], promo: null, taxState: "TX", certificates: [texas], now });
    expect(cart.taxRate).toBe(0);
    expect(cart.taxExemption).toEqual({ state: "TX", certificateNumber: "TX-1234567" });
    expect(cart.totals).toMatchObject({ subtotalCents: 12990, taxCents: 0, totalCents: 12990 });
  });

  it("taxes an order shipped to another state at that state's rate", () => {
    // 129.90 × 8.25% = 10.71675 -> 10.72
    const cart = priceCart({ lines: [grindingWheel(10)], promo: null, taxState: "CA", certificates: [texas], now });
    expect(cart.taxExemption).toBeNull();
    expect(cart.totals).toMatchObject({ taxCents: 1072, totalCents: 14062 });
  });

  it("taxes the certificate's state again once it has expired", () => {
    // 129.90 × 6.25% = 8.11875 -> 8.12
    const later = new Date("2026-12-01T05:00:00Z");
    const cart = priceCart({
      lines: [grindingWheel(10)],
      promo: null,
      taxState: "TX",
      certificates: [texas],
      now: later,
    });
    expect(cart.taxExemption).toBeNull();
    expect(cart.totals).toMatchObject({ taxCents: 812, totalCents: 13802 });
  });
});
