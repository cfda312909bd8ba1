import { describe, expect, it } from "vitest";
import { unitPriceFor } from "./tiers";

// The spec's sample: 1 at 2.45, 100 at 1.98, 500 at 1.75, 1000 at 1.55.
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

  it("uses the base price below the first tier and whatever order the tiers come in", () => {
    expect(unitPriceFor(300, [{ minQuantity: 10, unitPriceCents: 250 }], 9)).toBe(300);
    expect(unitPriceFor(245, [...tiers].reverse(), 750)).toBe(175);
  });
});
