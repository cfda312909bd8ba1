import { describe, expect, it } from "vitest";
import { centsFromBigInt, divideRoundHalfUp, fromCents, requireCents, toCents, toSignedCents } from "./cents";

describe("toCents", () => {
  it.each([
    ["12.99", 1299],
    ["2.4", 240],
    ["0", 0],
    ["0.01", 1],
    ["007.50", 750],
    ["1000000.05", 100_000_005],
    [" 8.49 ", 849],
    ["90071992547409.91", Number.MAX_SAFE_INTEGER],
    // 0.1 + 0.2 style traps: read digit by digit, these stay exact.
    ["0.29", 29],
    ["1.15", 115],
    ["4.35", 435],
  ])("reads %j as %i cents", (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([
    "",
    "  ",
    "abc",
    "1.234",
    "12.990",
    "-1.00",
    "+1.00",
    "1e3",
    "NaN",
    "Infinity",
    ".5",
    "5.",
    "1,000.00",
    "$12.99",
    "90071992547409.92",
    "99999999999999999999",
  ])("refuses %j with a RangeError", (amount) => {
    expect(() => toCents(amount)).toThrow(RangeError);
  });

  it("refuses a value that is not a string", () => {
    expect(() => toCents(12.99 as unknown as string)).toThrow(RangeError);
  });
});

describe("toSignedCents", () => {
  it("reads an amount below zero as well as one above", () => {
    expect(toSignedCents("-1.00")).toBe(-100);
    expect(toSignedCents(" -0.05 ")).toBe(-5);
    expect(toSignedCents("12.99")).toBe(1299);
    expect(() => toSignedCents("--1")).toThrow(RangeError);
    expect(() => toSignedCents("-")).toThrow(RangeError);
  });
});

describe("fromCents", () => {
  it.each([
    [1299, "12.99"],
    [5, "0.05"],
    [50, "0.50"],
    [0, "0.00"],
    [100_000_005, "1000000.05"],
    [-250, "-2.50"],
  ])("writes %i cents as %j", (cents, amount) => {
    expect(fromCents(cents)).toBe(amount);
  });

  it.each([0, 1, 99, 1299, 999_999_000_000])("round-trips %i cents", (cents) => {
    expect(toCents(fromCents(cents))).toBe(cents);
  });

  it.each([12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("refuses %d", (cents) => {
    expect(() => fromCents(cents)).toThrow(RangeError);
  });
});

describe("requireCents and centsFromBigInt", () => {
  it.each([-1, 0.5, Number.NaN, 2 ** 53])("refuses %d as an amount", (value) => {
    expect(() => requireCents(value, "Amount")).toThrow(RangeError);
  });

  it("keeps safe values and refuses the first unsafe one", () => {
    expect(requireCents(0, "Amount")).toBe(0);
    expect(centsFromBigInt(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => centsFromBigInt(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError);
  });
});

describe("divideRoundHalfUp", () => {
  it.each([
    [5n, 10n, 1n], // 0.5 rounds up
    [4n, 10n, 0n],
    [15n, 10n, 2n], // 1.5 rounds up
    [25n, 10n, 3n], // 2.5 rounds up too: not banker's rounding
    [825_825n, 1_000_000n, 1n],
    [0n, 7n, 0n],
    [-5n, 10n, -1n], // halves go away from zero
    [-4n, 10n, 0n],
  ])("rounds %i / %i to %i", (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it.each([0n, -10n])("refuses the denominator %i", (denominator) => {
    expect(() => divideRoundHalfUp(1n, denominator)).toThrow(RangeError);
  });
});
