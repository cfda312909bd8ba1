import { describe, expect, it } from "vitest";
import {
  differingAttributes,
  type FamilyAttribute,
  type FamilyMember,
  familyKey,
  familyProblems,
  familyRange,
  familySelector,
  settleFamily,
} from "./families";
import { formatMeasureRange } from "./units";

const inch = 25.4;
const length = (slug: string, name: string): FamilyAttribute => ({
  slug,
  name,
  kind: "number",
  unitFamily: "length",
  displayUnit: "in",
  choices: [],
});
const diameter = length("diameter", "Diameter");
const thickness = length("thickness", "Thickness");
const rpm: FamilyAttribute = {
  slug: "max-rpm",
  name: "Max RPM",
  kind: "number",
  unitFamily: "speed",
  displayUnit: "rpm",
  choices: [],
};
const grit: FamilyAttribute = {
  slug: "grit",
  name: "Grit",
  kind: "text",
  unitFamily: null,
  displayUnit: null,
  choices: [],
};
const size: FamilyAttribute = {
  slug: "size",
  name: "Size",
  kind: "choice",
  unitFamily: null,
  displayUnit: null,
  choices: ["S", "M", "L", "XL", "2XL"],
};
const attributes = [diameter, thickness, grit, rpm];

/** A wheel: diameter and thickness in inches; its rated speed follows from its diameter. */
const wheel = (partNumber: string, d: number, t: number, g = "24"): FamilyMember => ({
  partNumber,
  values: {
    diameter: { kind: "number", value: d * inch },
    thickness: { kind: "number", value: t * inch },
    grit: { kind: "text", value: g },
    "max-rpm": { kind: "number", value: Math.round(60000 / d) },
  },
});

describe("part families", () => {
  it("names one family however it is capitalised or spaced", () => {
    expect(familyKey("  Type 27  Wheels ")).toBe(familyKey("type 27 wheels"));
  });

  it("tells parts apart by the attributes they differ in, not one that follows from another", () => {
    const members = [wheel("A", 4.5, 0.25), wheel("B", 7, 0.25), wheel("C", 7, 0.125), wheel("D", 9, 0.25)];
    // Grit is the same throughout; the rated speed follows from the diameter.
    expect(differingAttributes(attributes, members)).toEqual(["diameter", "thickness"]);
    // An attribute one part does not give cannot be chosen by.
    const { thickness: _, ...noThickness } = wheel("E", 5, 0.25).values;
    expect(differingAttributes(attributes, [...members, { partNumber: "E", values: noThickness }])).toEqual([
      "diameter",
    ]);
  });

  it("refuses a part whose combination another part has, or that lacks one of the family's attributes", () => {
    const members = [wheel("A", 4.5, 0.25), wheel("B", 7, 0.25), wheel("C", 4.5, 0.25, "36")];
    expect(familyProblems("Wheels", attributes, ["diameter", "thickness"], members)).toEqual([
      {
        partNumber: "C",
        message:
          'C is 4-1/2 in × 1/4 in (Diameter × Thickness), as A is: each part of family "Wheels" needs its own Diameter × Thickness',
      },
    ]);
    const { thickness: _, ...noThickness } = wheel("D", 5, 0.25).values;
    expect(
      familyProblems(
        "Wheels",
        attributes,
        ["thickness"],
        [wheel("A", 4.5, 0.25), { partNumber: "D", values: noThickness }],
      ),
    ).toEqual([
      {
        partNumber: "D",
        message:
          'D has no Thickness, which the parts of family "Wheels" differ in: give it one, or leave it out of the family',
      },
    ]);
  });

  it("keeps the stored attributes while they tell the parts apart, else settles on what differs", () => {
    const members = [wheel("A", 4.5, 0.25), wheel("B", 7, 0.25)];
    // The operator chose diameter x thickness though all are 1/4 in: it stands (a round trip changes nothing).
    expect(settleFamily("Wheels", attributes, ["diameter", "thickness"], members)).toEqual({
      slugs: ["diameter", "thickness"],
      refused: [],
    });
    // A 7 x 1/8 in wheel joins: diameter alone no longer tells them apart.
    expect(settleFamily("Wheels", attributes, ["diameter"], [...members, wheel("C", 7, 0.125)]).slugs).toEqual([
      "diameter",
      "thickness",
    ]);
    // A second 4-1/2 x 1/4 in wheel in another grit: grit would tell it apart, but
    // it is a copy in size; the later one is refused and the rest settle without it.
    const settled = settleFamily("Wheels", [diameter, thickness, rpm], [], [...members, wheel("C", 4.5, 0.25, "36")]);
    expect(settled.slugs).toEqual(["diameter"]);
    expect(settled.refused.map((problem) => problem.partNumber)).toEqual(["C"]);
  });

  it("offers each value once, in order, each leading to the part with it and the shown part's other values", () => {
    const members = [wheel("A", 4.5, 0.25), wheel("B", 7, 0.25), wheel("C", 7, 0.125), wheel("D", 9, 0.125)];
    const [byDiameter, byThickness] = familySelector([diameter, thickness], members, "B");
    expect(byDiameter?.options).toEqual([
      { text: "4-1/2 in", partNumber: "A", current: false, changes: [] },
      { text: "7 in", partNumber: "B", current: true, changes: [] },
      // No 9 x 1/4 in: the 9 in wheel there is, and it says its thickness changes.
      { text: "9 in", partNumber: "D", current: false, changes: ["Thickness 1/8 in"] },
    ]);
    expect(byThickness?.options).toEqual([
      { text: "1/8 in", partNumber: "C", current: false, changes: [] },
      { text: "1/4 in", partNumber: "B", current: true, changes: [] },
    ]);
  });

  it("leads to the nearest size when the shown part's combination does not exist", () => {
    const members = [wheel("A", 4.5, 0.25), wheel("B", 5, 0.125), wheel("C", 9, 0.125)];
    const [, byThickness] = familySelector([diameter, thickness], members, "C");
    // From 9 x 1/8 in, 1/4 in exists only at 4-1/2 in.
    expect(byThickness?.options[1]).toMatchObject({ text: "1/4 in", partNumber: "A", changes: ["Diameter 4-1/2 in"] });
    const [byDiameter] = familySelector([diameter, thickness], members, "A");
    // From 4-1/2 x 1/4 in, 5 in and 9 in are only 1/8 in thick.
    expect(byDiameter?.options.map((option) => option.partNumber)).toEqual(["A", "B", "C"]);
  });

  it("orders choices as the operator listed them", () => {
    const glove = (partNumber: string, value: string): FamilyMember => ({
      partNumber,
      values: { size: { kind: "text", value } },
    });
    const members = [glove("XL", "XL"), glove("S", "S"), glove("2XL", "2XL"), glove("M", "M")];
    const [bySize] = familySelector([size], members, "M");
    expect(bySize?.options.map((option) => option.text)).toEqual(["S", "M", "XL", "2XL"]);
    expect(familyRange([size], members)).toBe("S to 2XL, 4 sizes");
  });

  it("writes a family's range with the unit once", () => {
    const members = [wheel("A", 4.5, 0.25), wheel("B", 7, 0.25), wheel("C", 9, 0.25), wheel("D", 5, 0.25)];
    expect(familyRange([diameter], members)).toBe("4-1/2 to 9 in, 4 sizes");
    expect(familyRange([diameter, thickness], members)).toBe("4-1/2 to 9 in × 1/4 in, 4 sizes");
    expect(formatMeasureRange(118, 135, "angle", "°")).toBe("118° to 135°");
    expect(formatMeasureRange(100, 100, "length", "mm")).toBe("100 mm");
  });
});
