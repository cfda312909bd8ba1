import { describe, expect, it } from "vitest";
import { formatMeasure, formatMeasureExactly, parseMeasure } from "./units";

const length = (raw: string, unit = "in") => parseMeasure(raw, "length", unit);

describe("measures", () => {
  it("reads the ways the trade writes one length as the same number", () => {
    const written = ["4-1/2 in", "4 1/2 in", "4.5in", "4.5 in", '4.5"', "4-1/2", "114.3 mm", "11.43 cm"];
    for (const raw of written) expect(length(raw), raw).toMatchObject({ ok: true, value: 114.3 });
  });

  it("reads a bare number in the attribute's own unit", () => {
    expect(length("115", "mm")).toMatchObject({ ok: true, value: 115 });
    expect(length("7/8")).toMatchObject({ ok: true, value: 22.225 });
  });

  it("tells which unit it read and whether it was written", () => {
    expect(length("114.3 mm")).toMatchObject({ unit: "mm", unitWritten: true });
    expect(length('4.5"')).toMatchObject({ unit: "in", unitWritten: true });
    expect(length("4.5")).toMatchObject({ unit: "in", unitWritten: false });
    expect(parseMeasure("16 oz", "mass")).toMatchObject({ ok: true, unit: "oz", unitWritten: true });
  });

  it("shows inches as the trade's fractions and other units as decimals", () => {
    expect(formatMeasure(114.3, "length", "in")).toBe("4-1/2 in");
    expect(formatMeasure(22.225, "length", "in")).toBe("7/8 in");
    expect(formatMeasure(114.3, "length", "mm")).toBe("114.3 mm");
    expect(formatMeasure(25.4 * 0.3, "length", "in")).toBe("0.3 in");
    expect(formatMeasure(13300, "speed", "rpm")).toBe("13,300 rpm");
    expect(formatMeasure(118, "angle", "°")).toBe("118°");
    expect(formatMeasure(60, "grit")).toBe("60");
  });

  it("refuses what is not a measure of the family, saying how to write one", () => {
    expect(length("4.5 furlongs")).toEqual({
      ok: false,
      message: '"4.5 furlongs" is not a length: write it like 4-1/2 in, 4.5 in or 114.3 mm',
    });
    expect(length("5/8-11").ok).toBe(false);
    expect(length("1/0 in").ok).toBe(false);
    expect(length("-2 in").ok).toBe(false);
    expect(parseMeasure("60.5", "grit").ok).toBe(false);
  });

  it("reads grits as FEPA writes them, and thousands with commas", () => {
    expect(parseMeasure("P120", "grit")).toMatchObject({ ok: true, value: 120 });
    expect(parseMeasure("13,300 rpm", "speed")).toMatchObject({ ok: true, value: 13300 });
  });

  it("writes a measure for a file so it reads back as stored: shown as usual, or in the base unit when showing rounds it", () => {
    const nineteenFlOz = parseMeasure("19 fl oz", "volume");
    if (!nineteenFlOz.ok) throw new Error("19 fl oz is a volume");
    expect(formatMeasure(nineteenFlOz.value, "volume", "gal")).toBe("0.148 gal");
    expect(formatMeasureExactly(nineteenFlOz.value, "volume", "gal")).toBe("561.897062 ml");
    expect(parseMeasure("561.897062 ml", "volume", "gal")).toMatchObject({ value: nineteenFlOz.value });
    expect(formatMeasureExactly(114.3, "length", "in")).toBe("4-1/2 in");
    expect(formatMeasureExactly(13300, "speed", "rpm")).toBe("13,300 rpm");
  });
});
