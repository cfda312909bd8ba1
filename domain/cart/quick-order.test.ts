import { describe, expect, it } from "vitest";
import { filledLines, looksLikeList, parsePastedLines, quickOrderQuantity } from "./quick-order";

describe("quick order", () => {
  it.each([
    ["5", 5],
    ["0", 1],
    ["-2", 1],
    ["abc", 1],
    ["", 1],
    ["2.7", 2],
    [undefined, 1],
  ])("reads quantity %j as %i", (raw, quantity) => {
    expect(quickOrderQuantity(raw)).toBe(quantity);
  });

  it("reads pasted lines with commas, tabs, spaces or no quantity", () => {
    expect(parsePastedLines("GW-45-001, 4\nFD-80-001\t2\n\n  cw-45-045 10  \nXX-1\nYY 2 3, 7")).toEqual([
      { partNumber: "GW-45-001", quantity: 4 },
      { partNumber: "FD-80-001", quantity: 2 },
      { partNumber: "cw-45-045", quantity: 10 },
      { partNumber: "XX-1", quantity: 1 },
      { partNumber: "YY 2 3", quantity: 7 },
    ]);
  });

  it("caps a huge paste at 100 lines", () => {
    expect(parsePastedLines(Array.from({ length: 500 }, (_, i) => `P-${i}, 1`).join("\n"))).toHaveLength(100);
  });

  it("tells a list from a single part number", () => {
    expect(looksLikeList("GW-45-001")).toBe(false);
    expect(looksLikeList("GW-45-001, 2")).toBe(true);
    expect(looksLikeList("A\nB")).toBe(true);
  });

  it("ignores rows whose part number is blank", () => {
    expect(
      filledLines([
        { partNumber: "  ", quantity: "3" },
        { partNumber: " GW-45-001 ", quantity: "x" },
      ]),
    ).toEqual([{ partNumber: "GW-45-001", quantity: 1 }]);
  });
});
