import { describe, expect, it } from "vitest";
import { formatNumber } from "./numbers";

// The format is Intl's en-US one, which the store used before; each case is checked against it.
const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

describe("formatNumber", () => {
  it.each([0, 1, 4.5, 114.3, 13_300, 1_000_000, 0.3, 1 / 3, 2.0004, 2.0006, -7.25, 999_999.9999, 12_345_678.125])(
    "writes %d as Intl's en-US does",
    (value) => {
      expect(formatNumber(value)).toBe(intl.format(value));
    },
  );

  it("shows a negative that rounds to nothing as zero, where Intl writes -0", () => {
    expect(formatNumber(-0.0001)).toBe("0");
  });

  it("keeps the decimals asked for", () => {
    expect(formatNumber(1234.5678, 0)).toBe("1,235");
    expect(formatNumber(1234.5678, 1)).toBe("1,234.6");
  });
});
