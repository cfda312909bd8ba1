import { describe, expect, it } from "vitest";
import { usStates } from "../../app/lib/us-states";
import { DEFAULT_TAX_RATE_PPM, taxedStates, taxRateFor } from "./tax";

describe("taxRateFor", () => {
  it("knows every one of the 50 states", () => {
    expect([...taxedStates].sort()).toEqual([...usStates].sort());
  });

  it.each([
    ["CA", 82500],
    ["NY", 80000],
    ["TX", 62500],
    ["FL", 60000],
    ["AK", 0],
    ["DE", 0],
    ["MT", 0],
    ["NH", 0],
    ["OR", 0],
    ["or", 0],
  ])("taxes %s at %i millionths", (state, rate) => {
    expect(taxRateFor(state)).toBe(rate);
  });

  it.each([undefined, null, "", "XX", "PR"])("falls back to 8%% for %j", (state) => {
    expect(taxRateFor(state)).toBe(DEFAULT_TAX_RATE_PPM);
    expect(DEFAULT_TAX_RATE_PPM).toBe(80000);
  });
});
