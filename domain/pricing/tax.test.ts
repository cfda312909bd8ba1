import { describe, expect, it } from "vitest";
import { usStates } from "../addresses/us-states";
import { DEFAULT_TAX_RATE, parseTaxRate, stateTaxRates, taxRateFor } from "./tax";

describe("taxRateFor", () => {
  it("has a rate for every one of the 50 states and nothing else", () => {
    expect([...stateTaxRates.keys()].sort()).toEqual([...usStates].sort());
  });

  it.each([...usStates])("gives %s its own rate, from 0 to 10%%", (state) => {
    const rate = stateTaxRates.get(state);
    expect(taxRateFor(state)).toBe(rate);
    expect(Number.isSafeInteger(rate)).toBe(true);
    expect(rate).toBeGreaterThanOrEqual(0);
    expect(rate).toBeLessThanOrEqual(100_000);
  });

  it.each([
    // The rates the product rules name
    ["CA", 82_500],
    ["NY", 80_000],
    ["TX", 62_500],
    ["FL", 60_000],
    ["AK", 0],
    ["DE", 0],
    ["MT", 0],
    ["NH", 0],
    ["OR", 0],
    // Statewide base rates, some of them finer than a basis point
    ["WA", 65_000],
    ["IL", 62_500],
    ["MN", 68_750],
    ["MO", 42_250],
    ["NJ", 66_250],
    // Any case, stray spaces
    ["or", 0],
    [" ca ", 82_500],
  ])("taxes %j at %i millionths", (state, rate) => {
    expect(taxRateFor(state)).toBe(rate);
  });

  it.each([undefined, null, "", "  ", "XX", "PR", "DC", "CAL", "constructor", "__proto__"])(
    "falls back to 8%% for %j",
    (state) => {
      expect(taxRateFor(state)).toBe(DEFAULT_TAX_RATE);
    },
  );

  it("defaults to exactly 0.08", () => {
    expect(DEFAULT_TAX_RATE).toBe(80_000);
  });
});

describe("parseTaxRate", () => {
  it.each([
    ["0.0825", 82_500],
    ["0.06875", 68_750],
    ["0", 0],
    ["0.08", 80_000],
    ["1", 1_000_000],
    ["0.000001", 1],
  ])("reads %j as %i millionths", (rate, ppm) => {
    expect(parseTaxRate(rate)).toBe(ppm);
  });

  it.each(["", "8.25%", "-0.08", "0.0000001", "1.01", "abc"])("refuses %j", (rate) => {
    expect(() => parseTaxRate(rate)).toThrow(RangeError);
  });
});
