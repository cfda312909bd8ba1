import { describe, expect, it } from "vitest";
import { normalizePartNumber } from "./part-numbers";

describe("part-number normalisation", () => {
  it.each([
    ["GW-45-001", "GW45001"],
    ["gw 45 001", "GW45001"],
    [" gw-45.001 ", "GW45001"],
    ["fdb–100001", "FDB100001"],
    ["---", ""],
  ])("%j is %j", (input, expected) => {
    expect(normalizePartNumber(input)).toBe(expected);
  });
});
