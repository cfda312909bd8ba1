import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportedCell, importedCell } from "./spreadsheet-cells";

describe("spreadsheet cells", () => {
  it("writes text that a spreadsheet would run as a formula with a leading quote, numbers as they are", () => {
    expect(exportedCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      '\'=HYPERLINK("http://evil.example","Click")',
    );
    expect(exportedCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    for (const cell of ["@SUM(A1)", "-2+3", "+1", "\t=1", "\r=1", "'quoted"])
      expect(exportedCell(cell)).toBe(`'${cell}`);
    for (const cell of ["-4", "-0.5", "1e3", "Grinding Wheel", "", "a=b"]) expect(exportedCell(cell)).toBe(cell);
  });

  it("gives back every cell as it was once imported, whatever it holds", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", "\t", "\r", "1", "a") })),
        (cell) => {
          expect(importedCell(exportedCell(cell))).toBe(cell);
          expect(exportedCell(cell)).not.toMatch(/^[=+@\t\r]/);
        },
      ),
      { numRuns: 2_000, seed: 20261128 },
    );
  });
});
