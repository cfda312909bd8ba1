import { describe, expect, it } from "vitest";
import { nextTierOffer, pricedList, priceList, priceQuantity, unitPriceFor } from "./tiers";

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
  it("starts at the price of one and follows with the bulk tiers in order", () => {
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
    expect(priceList("2.40", [])).toEqual([]);
  });
});

// The same sample as the product page reads it: the list price and the tiers as numeric text.
const sample = {
  price: "2.45",
  tiers: [
    { minQuantity: 1000, unitPrice: "1.55" },
    { minQuantity: 100, unitPrice: "1.98" },
    { minQuantity: 500, unitPrice: "1.75" },
  ],
};

describe("priceQuantity", () => {
  it.each([
    // quantity, unit cents, line total cents (quantity x unit, exact)
    [1, 245, 245],
    [99, 245, 24_255],
    [100, 198, 19_800],
    [150, 198, 29_700],
    [500, 175, 87_500],
    [2847, 155, 441_285],
  ])("prices %i units at %i cents each, %i in all", (quantity, unit, total) => {
    expect(priceQuantity({ ...sample, quantity })).toEqual({
      unitPriceCents: unit,
      listPriceCents: 245,
      contractApplied: false,
      lineTotalCents: total,
    });
  });

  it("pays the list price without tiers", () => {
    expect(priceQuantity({ price: "12.99", tiers: [], quantity: 3 })).toEqual({
      unitPriceCents: 1299,
      listPriceCents: 1299,
      contractApplied: false,
      lineTotalCents: 3897,
    });
  });

  it("takes a contract price only where it is below the tier the quantity reaches", () => {
    const contract = { ...sample, contractPriceCents: 190 };
    expect(priceQuantity({ ...contract, quantity: 10 })).toMatchObject({ unitPriceCents: 190, contractApplied: true });
    expect(priceQuantity({ ...contract, quantity: 150 })).toMatchObject({ unitPriceCents: 190, contractApplied: true });
    expect(priceQuantity({ ...contract, quantity: 500 })).toMatchObject({
      unitPriceCents: 175,
      contractApplied: false,
    });
    // A next tier is offered only where it beats the contract price.
    expect(nextTierOffer({ ...contract, quantity: 10 })?.minQuantity).toBe(500);
  });

  it("never charges a tier above the list price", () => {
    expect(
      priceQuantity({ price: "2.00", tiers: [{ minQuantity: 10, unitPrice: "2.50" }], quantity: 10 }),
    ).toMatchObject({ unitPriceCents: 200 });
  });

  it("refuses a quantity the cart would refuse", () => {
    expect(() => priceQuantity({ ...sample, quantity: 0 })).toThrow(RangeError);
  });
});

describe("pricedList", () => {
  it("is the tier table for everyone without a contract price", () => {
    expect(pricedList(sample)).toEqual([
      { minQuantity: 1, unitPrice: "2.45", withoutContract: null },
      { minQuantity: 100, unitPrice: "1.98", withoutContract: null },
      { minQuantity: 500, unitPrice: "1.75", withoutContract: null },
      { minQuantity: 1000, unitPrice: "1.55", withoutContract: null },
    ]);
  });

  it("shows a member the contract price where it is below the row's tier, and the tier where the tier is lower", () => {
    expect(pricedList({ ...sample, contractPriceCents: 180 })).toEqual([
      { minQuantity: 1, unitPrice: "1.80", withoutContract: "2.45" },
      { minQuantity: 100, unitPrice: "1.80", withoutContract: "1.98" },
      { minQuantity: 500, unitPrice: "1.75", withoutContract: null },
      { minQuantity: 1000, unitPrice: "1.55", withoutContract: null },
    ]);
    // Every row is what the cart charges for that quantity (one rule, priceQuantity).
    for (const row of pricedList({ ...sample, contractPriceCents: 180 }))
      expect(row.unitPrice).toBe(
        (priceQuantity({ ...sample, contractPriceCents: 180, quantity: row.minQuantity }).unitPriceCents / 100).toFixed(
          2,
        ),
      );
  });

  it("is a contract price everywhere when it is below every tier", () => {
    expect(pricedList({ ...sample, contractPriceCents: 150 }).map((row) => row.unitPrice)).toEqual([
      "1.50",
      "1.50",
      "1.50",
      "1.50",
    ]);
  });
});

describe("nextTierOffer", () => {
  it.each([
    // quantity, next tier, its unit cents, saving on the tier's quantity: (now - then) x tier quantity
    [1, 100, 198, (245 - 198) * 100],
    [99, 100, 198, 4700],
    [150, 500, 175, (198 - 175) * 500],
    [500, 1000, 155, (175 - 155) * 1000],
  ])("from %i units offers %i at %i cents, saving %i cents", (quantity, minQuantity, unitPriceCents, savingCents) => {
    expect(nextTierOffer({ ...sample, quantity })).toEqual({ minQuantity, unitPriceCents, savingCents });
  });

  it("offers nothing at the last tier or without tiers", () => {
    expect(nextTierOffer({ ...sample, quantity: 1000 })).toBeNull();
    expect(nextTierOffer({ ...sample, quantity: 5000 })).toBeNull();
    expect(nextTierOffer({ price: "12.99", tiers: [], quantity: 1 })).toBeNull();
  });

  it("passes over a tier no cheaper than the price paid now (data the editor would refuse)", () => {
    const odd = {
      price: "2.45",
      tiers: [
        { minQuantity: 10, unitPrice: "2.45" },
        { minQuantity: 20, unitPrice: "2.00" },
      ],
    };
    expect(nextTierOffer({ ...odd, quantity: 1 })).toEqual({ minQuantity: 20, unitPriceCents: 200, savingCents: 900 });
  });
});
