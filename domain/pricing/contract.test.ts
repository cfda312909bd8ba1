import { describe, expect, it } from "vitest";
import { soldEach } from "../catalog/sale-units";
import { type ContractRule, contractPriceFor, inForce, percentOffPrice } from "./contract";
import { type CartLine, priceCart } from "./price-cart";

const rule = (fields: Partial<ContractRule>): ContractRule => ({
  productId: null,
  category: null,
  brand: null,
  price: null,
  percentOff: null,
  startsOn: "2026-11-01",
  endsOn: null,
  ...fields,
});

// The sample product's tiers: 1 at 2.45, 100 at 1.98, 500 at 1.75, 1000 at 1.55.
const cutOffWheel = (quantity: number): CartLine => ({
  productId: "wheel",
  category: "abrasives",
  subcategory: "cut-off-wheels",
  brand: "Norton",
  name: "Cut-Off Wheel",
  partNumber: "CW-45-045",
  price: "2.45",
  stockLevel: 5000,
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

// Noon in New York on 2026-11-23.
const now = new Date("2026-11-23T17:00:00Z");

const unitPrice = (quantity: number, rules: ContractRule[], at = now) => {
  const [line] = priceCart({ lines: [cutOffWheel(quantity)], promo: null, now: at, contractRules: rules }).lines;
  return line && { unit: line.unitPriceCents, list: line.listPriceCents, contract: line.contractApplied };
};

describe("the lowest of list, tier and contract price", () => {
  it("takes a fixed contract price below list and the quantity's tier", () => {
    expect(unitPrice(1, [rule({ productId: "wheel", price: "2.10" })])).toEqual({
      unit: 210,
      list: 245,
      contract: true,
    });
    // 150 reach the 1.98 tier: 2.10 is no longer the lowest, and the list price is not struck through.
    expect(unitPrice(150, [rule({ productId: "wheel", price: "2.10" })])).toEqual({
      unit: 198,
      list: 245,
      contract: false,
    });
  });

  it("keeps the tier when it equals the contract price (the contract is not shown as a saving)", () => {
    expect(unitPrice(100, [rule({ productId: "wheel", price: "1.98" })])).toMatchObject({ unit: 198, contract: false });
  });

  it("takes a percentage off list by category, subcategory or brand, the best one that matches", () => {
    // 2.45 less 10% = 2.205 -> 2.21 (half up); less 20% = 1.96.
    expect(unitPrice(1, [rule({ category: "abrasives", percentOff: "10" })])).toMatchObject({ unit: 221 });
    expect(unitPrice(1, [rule({ category: "cut-off-wheels", percentOff: "10" })])).toMatchObject({ unit: 221 });
    expect(
      unitPrice(1, [rule({ category: "abrasives", percentOff: "10" }), rule({ brand: "Norton", percentOff: "20" })]),
    ).toMatchObject({ unit: 196, contract: true });
    // At 500 the 1.75 tier beats 20% off list (1.96).
    expect(unitPrice(500, [rule({ brand: "Norton", percentOff: "20" })])).toMatchObject({ unit: 175, contract: false });
  });

  it("ignores rules for other parts, categories and brands", () => {
    expect(
      unitPrice(1, [
        rule({ productId: "other", price: "0.50" }),
        rule({ category: "safety", percentOff: "50" }),
        rule({ brand: "norton", percentOff: "50" }),
      ]),
    ).toEqual({ unit: 245, list: 245, contract: false });
  });

  it("takes a fixed price against a better percentage: whichever is lower", () => {
    expect(
      unitPrice(1, [rule({ productId: "wheel", price: "2.20" }), rule({ brand: "Norton", percentOff: "50" })]),
    ).toMatchObject({ unit: 123 });
    expect(
      unitPrice(1, [rule({ productId: "wheel", price: "1.00" }), rule({ brand: "Norton", percentOff: "50" })]),
    ).toMatchObject({ unit: 100 });
  });

  it("applies a rule from its first day to its last, both included, in the store's time zone", () => {
    const week = rule({ productId: "wheel", price: "2.00", startsOn: "2026-11-23", endsOn: "2026-11-30" });
    // 2026-11-23 starts at 05:00 UTC in New York; 04:59 UTC is still the 22nd there.
    expect(unitPrice(1, [week], new Date("2026-11-23T04:59:59Z"))).toMatchObject({ unit: 245 });
    expect(unitPrice(1, [week], new Date("2026-11-23T05:00:00Z"))).toMatchObject({ unit: 200 });
    expect(unitPrice(1, [week], new Date("2026-12-01T04:59:59Z"))).toMatchObject({ unit: 200 });
    expect(unitPrice(1, [week], new Date("2026-12-01T05:00:00Z"))).toMatchObject({ unit: 245 });
  });

  it("gives a guest (no rules) and a line without its product's category the list or tier price", () => {
    expect(unitPrice(1, [])).toEqual({ unit: 245, list: 245, contract: false });
    const { productId: _, ...anonymous } = cutOffWheel(1);
    const [line] = priceCart({
      lines: [anonymous],
      promo: null,
      now,
      contractRules: [rule({ brand: "Norton", percentOff: "50" })],
    }).lines;
    expect(line?.unitPriceCents).toBe(245);
  });

  it("totals the cart at the contract price", () => {
    // 10 × 2.00 = 20.00, default tax 8% = 1.60.
    const cart = priceCart({
      lines: [cutOffWheel(10)],
      promo: null,
      now,
      contractRules: [rule({ productId: "wheel", price: "2.00" })],
    });
    expect(cart.totals).toMatchObject({ subtotalCents: 2000, taxCents: 160, totalCents: 2160 });
  });
});

describe("contract rule helpers", () => {
  it("rounds a percentage off to the cent, halves up", () => {
    expect(percentOffPrice(245, "10")).toBe(221);
    expect(percentOffPrice(1299, "12.5")).toBe(1137); // 11.36625
    expect(percentOffPrice(100, "99.99")).toBe(0); // 0.0001
    expect(percentOffPrice(100, "0.01")).toBe(100); // 0.9999
  });

  it("is in force on its boundary days only between them", () => {
    const r = { startsOn: "2026-01-01", endsOn: "2026-01-31" };
    expect(["2025-12-31", "2026-01-01", "2026-01-31", "2026-02-01"].map((day) => inForce(r, day))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(inForce({ startsOn: "2026-01-01", endsOn: null }, "2099-01-01")).toBe(true);
  });

  it("returns undefined when nothing matches", () => {
    expect(
      contractPriceFor({ productId: "p", category: "c", subcategory: "s", brand: "b" }, 100, [], "2026-01-01"),
    ).toBeUndefined();
  });
});
