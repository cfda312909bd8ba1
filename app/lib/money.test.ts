import { describe, expect, it } from "vitest";
import { formatUsd } from "./money";

describe("formatUsd", () => {
  it.each([
    ["12.99", "$12.99"],
    ["2.4", "$2.40"],
    [0, "$0.00"],
    ["1234567.5", "$1,234,567.50"],
  ])("shows %j as %s", (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });
});
