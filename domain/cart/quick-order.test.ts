import { describe, expect, it } from "vitest";
import { looksLikeList, parsePastedLines, quickOrderLines, quickOrderQuantity } from "./quick-order";

describe("quick order", () => {
  it.each([
    ["5", 5],
    ["0", 1],
    ["-2", 1],
    ["abc", 1],
    ["", 1],
    ["2.7", 2],
    [undefined, 1],
  ])("the product page reads quantity %j as %i", (raw, quantity) => {
    expect(quickOrderQuantity(raw)).toBe(quantity);
  });

  it("reads pasted lines with commas, tabs, spaces or no quantity, keeping each quantity as written", () => {
    expect(
      parsePastedLines("GW-45-001, 4\nFD-80-001\t2\n\n  cw-45-045 10  \nXX-1\nYY 2 3, 7\nZZ-9, 0\nQQ-1 -4"),
    ).toEqual([
      { partNumber: "GW-45-001", quantity: "4" },
      { partNumber: "FD-80-001", quantity: "2" },
      { partNumber: "cw-45-045", quantity: "10" },
      { partNumber: "XX-1", quantity: "" },
      { partNumber: "YY 2 3", quantity: "7" },
      { partNumber: "ZZ-9", quantity: "0" },
      { partNumber: "QQ-1", quantity: "-4" },
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

  it("ignores rows whose part number is blank, and reads a blank quantity as 1", () => {
    expect(
      quickOrderLines([
        { partNumber: "  ", quantity: "-3" },
        { partNumber: " GW-45-001 ", quantity: " " },
        { partNumber: "FD-80-001", quantity: "12" },
      ]),
    ).toEqual({
      lines: [
        { partNumber: "GW-45-001", quantity: 1 },
        { partNumber: "FD-80-001", quantity: 12 },
      ],
      problems: [],
    });
  });

  it.each([
    ["0", "Quantity must be at least 1."],
    ["-4", "Quantity must be at least 1."],
    ["2.5", "Quantity must be a whole number."],
    ["abc", "Quantity must be a whole number."],
    ["1e2", "Quantity must be a whole number."],
    ["100001", "Quantity can be at most 100,000."],
  ])("refuses a quantity of %j with why, never turning it into another", (quantity, problem) => {
    expect(
      quickOrderLines([
        { partNumber: "GW-45-001", quantity: "2" },
        { partNumber: "FD-80-001", quantity },
      ]),
    ).toEqual({
      lines: [{ partNumber: "GW-45-001", quantity: 2 }],
      problems: [{ index: 1, partNumber: "FD-80-001", problem }],
    });
  });
});
