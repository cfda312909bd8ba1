import { describe, expect, it } from "vitest";
import { DEFAULT_TAX_RATE, taxRateFor } from "./tax";
import { cartTotals, lineTotalCents, taxCentsFor } from "./totals";

const oneLine = (cents: number) => [{ quantity: 1, unitPriceCents: cents }];

describe("cartTotals", () => {
  it("taxes the discounted subtotal, ships free, and adds up", () => {
    // 2 × 12.99 + 8.49 = 34.47; less 3.47 = 31.00 taxable; 31.00 × 8.25% = 2.5575 -> 2.56
    expect(
      cartTotals({
        lines: [
          { quantity: 2, unitPriceCents: 1299 },
          { quantity: 1, unitPriceCents: 849 },
        ],
        discountCents: 347,
        taxRate: taxRateFor("CA"),
      }),
    ).toEqual({
      subtotalCents: 3447,
      discountCents: 347,
      taxableCents: 3100,
      taxCents: 256,
      shippingCents: 0,
      totalCents: 3356,
    });
  });

  it.each([
    // subtotal, discount, rate, expected taxable, tax
    ["no discount", 10_000, 0, 80_000, 10_000, 800],
    ["a discount", 10_000, 2_500, 80_000, 7_500, 600],
    ["a discount equal to the subtotal", 10_000, 10_000, 80_000, 0, 0],
    ["a discount larger than the subtotal", 500, 900, 80_000, 0, 0],
    ["the cart issue's example, $51.96 less $5.20 in CA", 5196, 520, 82_500, 4676, 386],
  ])("taxes only the discounted base with %s", (_case, subtotal, discount, rate, taxable, tax) => {
    const totals = cartTotals({ lines: oneLine(subtotal), discountCents: discount, taxRate: rate });
    expect(totals).toMatchObject({ taxableCents: taxable, taxCents: tax, totalCents: taxable + tax });
    expect(totals.discountCents).toBe(Math.min(discount, subtotal));
  });

  it("rounds once, on the order's tax, not per line", () => {
    // Each 1.00 line at 8.25% is 8.25 cents (8 if rounded alone, 24 for three); the order's 24.75 rounds to 25.
    const totals = cartTotals({
      lines: [1, 2, 3].map(() => ({ quantity: 1, unitPriceCents: 100 })),
      discountCents: 0,
      taxRate: 82_500,
    });
    expect(totals.taxCents).toBe(25);
  });

  it("handles a million units of a $9,999.99 part exactly", () => {
    const totals = cartTotals({
      lines: [{ quantity: 1_000_000, unitPriceCents: 999_999 }],
      discountCents: 0,
      taxRate: taxRateFor("CA"),
    });
    // 9,999,990,000.00 × 8.25% = 824,999,175.00 exactly
    expect(totals).toEqual({
      subtotalCents: 999_999_000_000,
      discountCents: 0,
      taxableCents: 999_999_000_000,
      taxCents: 82_499_917_500,
      shippingCents: 0,
      totalCents: 1_082_498_917_500,
    });
  });

  it("adds many large lines without losing a cent", () => {
    const lines = Array.from({ length: 50 }, () => ({ quantity: 1_000_000, unitPriceCents: 999_999 }));
    expect(cartTotals({ lines, discountCents: 0, taxRate: 0 }).subtotalCents).toBe(49_999_950_000_000);
  });

  it("gives all zeros for an empty cart", () => {
    expect(cartTotals({ lines: [], discountCents: 0, taxRate: DEFAULT_TAX_RATE })).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      taxableCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
  });

  it.each([
    ["a fractional quantity", [{ quantity: 2.5, unitPriceCents: 100 }], 0, 80_000],
    ["a zero quantity", [{ quantity: 0, unitPriceCents: 100 }], 0, 80_000],
    ["a price in dollars", [{ quantity: 1, unitPriceCents: 12.99 }], 0, 80_000],
    ["a line too large to count exactly", [{ quantity: 2 ** 40, unitPriceCents: 2 ** 20 }], 0, 80_000],
    ["a negative discount", oneLine(100), -1, 80_000],
    ["a rate as a fraction, not millionths", oneLine(100), 0, 0.08],
    ["a rate above 100%", oneLine(100), 0, 1_000_001],
  ])("refuses %s", (_case, lines, discountCents, taxRate) => {
    expect(() => cartTotals({ lines, discountCents, taxRate })).toThrow(RangeError);
  });
});

describe("taxCentsFor, rounded half up to the cent", () => {
  it.each([
    [1001, 82_500, 83], // 82.5825 -> 83
    [1000, 82_500, 83], // 82.5 exactly -> 83, half up
    [999, 82_500, 82], // 82.4175 -> 82
    [1250, 60_000, 75], // 75 exactly
    [1875, 80_000, 150], // 150 exactly
    [1, 500_000, 1], // 0.5 exactly -> 1
    [3, 62_500, 0], // 0.1875 -> 0
    [8, 62_500, 1], // 0.5 exactly -> 1
    [1000, 68_750, 69], // MN: 68.75 -> 69
    [1000, 0, 0],
    [0, 80_000, 0],
  ])("taxes %i cents at %i millionths as %i cents", (taxable, rate, tax) => {
    expect(taxCentsFor(taxable, rate)).toBe(tax);
  });
});

describe("lineTotalCents", () => {
  it.each([
    [1, 245, 245],
    [100, 198, 19_800],
    [1_000_000, 999_999, 999_999_000_000],
  ])("prices %i × %i cents as %i cents", (quantity, unitPriceCents, total) => {
    expect(lineTotalCents({ quantity, unitPriceCents })).toBe(total);
  });
});
