import { describe, expect, it } from "vitest";
import { orderTotals } from "./totals";

describe("orderTotals", () => {
  it("taxes the discounted subtotal, ships free, and adds up", () => {
    const totals = orderTotals({
      lines: [
        { quantity: 2, unitPriceCents: 1299 },
        { quantity: 1, unitPriceCents: 849 },
      ],
      discountCents: 347,
      taxRatePpm: 82500,
    });
    // 3447 - 347 = 3100 taxable; 3100 x 8.25% = 255.75 -> 256
    expect(totals).toEqual({
      subtotalCents: 3447,
      discountCents: 347,
      taxCents: 256,
      shippingCents: 0,
      totalCents: 3356,
    });
  });

  it.each([
    [1001, 82500, 83], // 82.5825 -> 83
    [1000, 82500, 83], // 82.5 -> 83, half up
    [999, 82500, 82], // 82.4175 -> 82
    [1000, 0, 0],
    [0, 80000, 0],
  ])("taxes %i cents at %i millionths as %i cents", (taxable, rate, tax) => {
    expect(
      orderTotals({ lines: [{ quantity: 1, unitPriceCents: taxable }], discountCents: 0, taxRatePpm: rate }).taxCents,
    ).toBe(tax);
  });

  it("never lets a discount take the total below zero", () => {
    const totals = orderTotals({
      lines: [{ quantity: 1, unitPriceCents: 500 }],
      discountCents: 900,
      taxRatePpm: 80000,
    });
    expect(totals).toMatchObject({ discountCents: 500, taxCents: 0, totalCents: 0 });
  });

  it("handles a million units of a $9,999.99 part exactly", () => {
    const totals = orderTotals({
      lines: [{ quantity: 1_000_000, unitPriceCents: 999_999 }],
      discountCents: 0,
      taxRatePpm: 62500,
    });
    expect(totals.subtotalCents).toBe(999_999_000_000);
    expect(totals.taxCents).toBe(62_499_937_500);
    expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
  });
});
