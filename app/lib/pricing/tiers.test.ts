import { describe, expect, it } from "vitest";
import { priceList, unitPriceFor } from "./tiers";

// The sample product's tiers: 1 at 2.45, 100 at 1.98, 500 at 1.75, 1000 at 1.55.
const tiers = [
  { minQuantity: 1, unitPriceCents: 245 },
  { minQuantity: 100, unitPriceCents: 198 },
  { minQuantity: 500, unitPriceCents: 175 },
  { minQuantity: 1000, unitPriceCents: 155 },
];

describe("unitPriceFor", () => {
  it.each([
    [1, 245],
    [99, 245],
    [100, 198],
    [499, 198],
    [500, 175],
    [999, 175],
    [1000, 155],
    [5000, 155],
  ])("prices %i units at %i cents each", (quantity, cents) => {
    expect(unitPriceFor(245, tiers, quantity)).toBe(cents);
  });

  it.each([
    ["below the first tier", 300, [{ minQuantity: 10, unitPriceCents: 250 }], 9, 300],
    ["at the first tier", 300, [{ minQuantity: 10, unitPriceCents: 250 }], 10, 250],
    ["with no tiers", 300, [], 1_000_000, 300],
    ["with tiers in reverse order", 245, [...tiers].reverse(), 750, 175],
  ])("uses the right price %s", (_case, base, someTiers, quantity, cents) => {
    expect(unitPriceFor(base, someTiers, quantity)).toBe(cents);
  });

  it.each([0, -1, 2.5, Number.NaN])("refuses the quantity %d", (quantity) => {
    expect(() => unitPriceFor(245, tiers, quantity)).toThrow(RangeError);
  });

  it.each([
    ["a base price in dollars", 2.45, tiers, 1],
    ["a negative tier price", 245, [{ minQuantity: 100, unitPriceCents: -1 }], 100],
  ])("refuses %s", (_case, base, someTiers, quantity) => {
    expect(() => unitPriceFor(base, someTiers, quantity)).toThrow(RangeError);
  });
});

describe("priceList", () => {
  it("starts at the price of one and follows with the bulk tiers in order, whether a tier from 1 is stored or not", () => {
    const bulk = [
      { minQuantity: 500, unitPrice: "1.75" },
      { minQuantity: 100, unitPrice: "1.98" },
    ];
    const expected = [
      { minQuantity: 1, unitPrice: "2.40" },
      { minQuantity: 100, unitPrice: "1.98" },
      { minQuantity: 500, unitPrice: "1.75" },
    ];
    expect(priceList("2.40", bulk)).toEqual(expected);
    expect(priceList("2.40", [{ minQuantity: 1, unitPrice: "2.45" }, ...bulk])).toEqual(expected);
    expect(priceList("2.40", [{ minQuantity: 1, unitPrice: "2.40" }])).toEqual([]);
  });
});
