import { describe, expect, it } from "vitest";
import {
  compareHref,
  compareRows,
  MAX_COMPARED,
  nothingToCompareMessage,
  parseCompareParts,
  shownCompareRows,
} from "./compare";

describe("parseCompareParts", () => {
  it("reads comma-separated part numbers in order, trimmed, each once", () => {
    expect(parseCompareParts(" GW-45-001, fd-80-001 ,,GW-45-001")).toEqual({
      parts: ["GW-45-001", "FD-80-001"],
      problem: null,
    });
  });

  it.each([null, "", " , ,"])("says what to do when no part is named (%j)", (value) => {
    expect(parseCompareParts(value)).toEqual({ parts: [], problem: nothingToCompareMessage });
  });

  it("compares the first four of more and says why", () => {
    const { parts, problem } = parseCompareParts("A-1,A-2,A-3,A-4,A-5");
    expect(parts).toEqual(["A-1", "A-2", "A-3", "A-4"]);
    expect(parts).toHaveLength(MAX_COMPARED);
    expect(problem).toBe("You can compare up to 4 parts at a time; this link names 5. The first 4 are compared.");
  });

  it("leaves out what is not a part number and names it", () => {
    const { parts, problem } = parseCompareParts("GW-45-001,<script>,x".padEnd(60, "y"));
    expect(parts).toEqual(["GW-45-001"]);
    expect(problem).toBe(
      '"<script>" is not a part number (letters, digits, spaces, dots, dashes and slashes, at most 40): it is left out.',
    );
    expect(parseCompareParts(`GW-45-001,${"A".repeat(41)}`).parts).toEqual(["GW-45-001"]);
  });
});

describe("compareHref", () => {
  it("keeps the parts in the address, escaped", () => {
    expect(compareHref(["GW-45-001", "AB 1/2"])).toBe("/compare?parts=GW-45-001,AB%201%2F2");
    expect(
      parseCompareParts(new URL(compareHref(["GW-45-001", "AB 1/2"]), "http://x").searchParams.get("parts")),
    ).toEqual({ parts: ["GW-45-001", "AB 1/2"], problem: null });
  });
});

describe("compareRows", () => {
  const wheel = (
    price: string,
    specifications: { name: string; value: string }[],
    stockLevel = 10,
    backorderable = false,
  ) => ({
    price,
    brand: "Norton",
    stockLevel,
    backorderable,
    leadTimeDays: backorderable ? 10 : null,
    specifications,
  });

  it("aligns every specification across the parts and marks the rows that differ", () => {
    const rows = compareRows(
      [
        wheel("12.99", [
          { name: "Diameter", value: "4-1/2 in" },
          { name: "Grit", value: "60" },
        ]),
        wheel("12.99", [{ name: "Grit", value: "80" }], 0),
        wheel(
          "12.99",
          [
            { name: "Grit", value: "60" },
            { name: "Arbor", value: "7/8 in" },
          ],
          0,
          true,
        ),
      ],
      (price) => `$${price}`,
    );
    expect(rows).toEqual([
      { name: "Price", values: ["$12.99", "$12.99", "$12.99"], differs: false },
      { name: "Brand", values: ["Norton", "Norton", "Norton"], differs: false },
      { name: "Availability", values: ["In stock", "Out of stock", "Back-order"], differs: true },
      { name: "Diameter", values: ["4-1/2 in", "", ""], differs: true },
      { name: "Grit", values: ["60", "80", "60"], differs: true },
      { name: "Arbor", values: ["", "", "7/8 in"], differs: true },
    ]);
  });

  it("marks nothing for a single part", () => {
    expect(compareRows([wheel("1.00", [{ name: "Grit", value: "60" }])], String).some((row) => row.differs)).toBe(
      false,
    );
  });
});

describe("shownCompareRows", () => {
  const part = (specifications: { name: string; value: string }[]) => ({
    price: "9.99",
    brand: "Norton",
    stockLevel: 5,
    backorderable: false,
    leadTimeDays: null,
    specifications,
  });
  const rows = compareRows(
    [
      part([
        { name: "Grit", value: "60" },
        { name: "Arbor", value: "7/8 in" },
      ]),
      part([{ name: "Grit", value: "80" }]),
    ],
    String,
  );

  it("shows every row when the switch is off", () => {
    expect(shownCompareRows(rows, false).map((row) => row.name)).toEqual([
      "Price",
      "Brand",
      "Availability",
      "Grit",
      "Arbor",
    ]);
  });

  it("hides the rows where every part has the same value, and keeps a value given against none", () => {
    expect(shownCompareRows(rows, true).map((row) => row.name)).toEqual(["Grit", "Arbor"]);
  });

  it("hides every row of parts that agree everywhere", () => {
    const same = part([{ name: "Grit", value: "60" }]);
    expect(shownCompareRows(compareRows([same, same], String), true)).toEqual([]);
  });
});
