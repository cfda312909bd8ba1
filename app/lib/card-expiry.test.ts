import { describe, expect, it } from "vitest";
import { formatCardExpiry } from "./card-expiry";

describe("formatCardExpiry", () => {
  it.each([
    ["1229", "12/29"],
    ["12/29", "12/29"],
    ["12 / 29", "12/29"],
    ["122", "12/2"],
    ["12", "12"],
    ["1", "1"],
    ["12/2999", "12/29"],
    ["ab", ""],
  ])("shows %j as %j", (typed, shown) => {
    expect(formatCardExpiry(typed)).toBe(shown);
  });
});
