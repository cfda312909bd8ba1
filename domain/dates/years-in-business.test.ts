import { describe, expect, it } from "vitest";
import { yearsInBusiness } from "./years-in-business";

describe("years in business", () => {
  it("counts only whole years certainly passed, in the store's time zone", () => {
    // Started at the latest on 1999-12-31: on 2026-01-01 in New York, 26 years and a day have passed.
    expect(yearsInBusiness(1999, new Date("2026-01-01T12:00:00Z"))).toBe(26);
    expect(yearsInBusiness(1999, new Date("2026-12-31T12:00:00Z"))).toBe(26);
    // 2027-01-01 03:00 UTC is still New Year's Eve of 2026 in New York.
    expect(yearsInBusiness(1999, new Date("2027-01-01T03:00:00Z"))).toBe(26);
    expect(yearsInBusiness(1999, new Date("2027-01-01T06:00:00Z"))).toBe(27);
  });

  it("names no number without a founding year, or before two whole years", () => {
    expect(yearsInBusiness(undefined, new Date("2026-06-01T12:00:00Z"))).toBeNull();
    expect(yearsInBusiness(2024, new Date("2026-06-01T12:00:00Z"))).toBeNull();
    expect(yearsInBusiness(2023, new Date("2026-06-01T12:00:00Z"))).toBe(2);
  });
});
