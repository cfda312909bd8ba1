import { describe, expect, it } from "vitest";
import { formatUsd } from "./format";

// The format is Intl's en-US dollars, which the store used before; each case is checked against it.
const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

describe("formatUsd", () => {
  it.each([
    ["12.99", "$12.99"],
    ["2.4", "$2.40"],
    [0, "$0.00"],
    ["1234567.5", "$1,234,567.50"],
  ])("shows %j as %s", (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });

  it.each([1, 1.5, 1.98, 12.99, 1234.5, 1_000_000, 9_999_999.99, -1, -1234.56, 0.004, 19.995])(
    "writes %d as Intl's en-US dollars",
    (value) => {
      expect(formatUsd(value)).toBe(intl.format(value));
    },
  );

  it("shows a negative that rounds to nothing as zero, where Intl writes -$0.00", () => {
    expect(formatUsd(-0.001)).toBe("$0.00");
  });
});
