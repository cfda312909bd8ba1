import { describe, expect, it } from "vitest";
import { deriveAttribute, deriveDefinitions, MAX_CHOICES } from "./attribute-derivation";
import { specificationValues } from "./generator";

describe("attribute definitions derived from written values", () => {
  it("makes a key whose every value is a measure of one family a number shown in the unit written most", () => {
    expect(deriveAttribute("Diameter", ["4 in", "4.5 in", "115 mm", "5 in"], 1)).toMatchObject({
      slug: "diameter",
      kind: "number",
      unitFamily: "length",
      displayUnit: "in",
    });
    expect(deriveAttribute("Weight", ["12 oz", "16 oz", "3 lb"], 2)).toMatchObject({
      unitFamily: "mass",
      displayUnit: "oz",
    });
    expect(deriveAttribute("Capacity", ["5 gal", "55 gal"], 3)).toMatchObject({
      unitFamily: "volume",
      displayUnit: "gal",
    });
  });

  it("reads bare numbers only where the key's name says what they count", () => {
    expect(deriveAttribute("Grit", ["24", "P120"], 1)).toMatchObject({ kind: "number", unitFamily: "grit" });
    expect(deriveAttribute("Max RPM", ["13,300", "8,600"], 1)).toMatchObject({
      unitFamily: "speed",
      displayUnit: "rpm",
    });
    expect(deriveAttribute("Teeth", ["24", "60"], 1)).toMatchObject({ kind: "number", unitFamily: "count" });
    // A grinding wheel's Type 27 is a type, not 27 of anything.
    expect(deriveAttribute("Type", ["27", "1"], 1)).toMatchObject({ kind: "choice", choices: ["27", "1"] });
  });

  it("makes a short list a choice and anything else text", () => {
    expect(deriveAttribute("Point Angle", ["118°", "135° Split Point"], 1)).toMatchObject({ kind: "choice" });
    expect(deriveAttribute("Arbor", ["5/8-11", "7/8 in"], 1)).toMatchObject({ kind: "choice" });
    const many = Array.from({ length: MAX_CHOICES + 1 }, (_, i) => `#${i + 1}`);
    expect(deriveAttribute("Size", many, 1)).toMatchObject({ kind: "text", choices: [] });
  });

  it("keeps the keys' order as positions", () => {
    const drafts = deriveDefinitions(
      new Map([
        ["B", ["x"]],
        ["A", ["1 in"]],
      ]),
    );
    expect(drafts.map((draft) => [draft.name, draft.position])).toEqual([
      ["B", 1],
      ["A", 2],
    ]);
  });

  it("types the generated grinding wheels as a buyer filters them", () => {
    const wheels = deriveDefinitions(specificationValues().get("grinding-wheels") ?? new Map());
    const kinds = Object.fromEntries(
      wheels.map((draft) => [draft.name, [draft.kind, draft.unitFamily, draft.displayUnit]]),
    );
    expect(kinds).toMatchObject({
      Diameter: ["number", "length", "in"],
      Grit: ["number", "grit", null],
      "Max RPM": ["number", "speed", "rpm"],
      Abrasive: ["choice", null, null],
      "Country of Origin": ["choice", null, null],
    });
  });
});
