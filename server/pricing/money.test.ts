import { describe, expect, it } from "vitest";
import { divideRoundHalfUp, fromCents, toCents } from "./money";

describe("toCents and fromCents", () => {
  it.each([
    ["12.99", 1299],
    ["2.4", 240],
    ["0", 0],
    ["1000000.05", 100000005],
    [" 8.49 ", 849],
  ])("reads %j as %i cents", (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
    expect(toCents(fromCents(cents))).toBe(cents);
  });

  it.each(["", "abc", "1.234", "-1.00", "1e3", "NaN", "99999999999999999999"])("refuses %j", (amount) => {
    expect(() => toCents(amount)).toThrow(RangeError);
  });

  it.each([
    [1299, "12.99"],
    [5, "0.05"],
    [0, "0.00"],
    [-250, "-2.50"],
  ])("writes %i cents as %j", (cents, amount) => {
    expect(fromCents(cents)).toBe(amount);
  });

  it.each([
    [5n, 10n, 1n], // 0.5 rounds up
    [4n, 10n, 0n],
    [15n, 10n, 2n], // 1.5 rounds up
    [825825n, 1000000n, 1n],
  ])("rounds %i / %i half up to %i", (n, d, expected) => {
    expect(divideRoundHalfUp(n, d)).toBe(expected);
  });
});
