import { describe, expect, it } from "vitest";
import { seededFamilies } from "./families";

const wheel = (partNumber: string, diameter: string, thickness: string, grit = "24", origin = "USA") => ({
  partNumber,
  subcategory: "grinding-wheels",
  specifications: {
    Diameter: diameter,
    Thickness: thickness,
    Grit: grit,
    "Max RPM": "13,300",
    "Country of Origin": origin,
  },
});

describe("the starter catalogue's families", () => {
  it("groups parts alike but for their size, each size once, and leaves single parts alone", () => {
    const families = seededFamilies([
      wheel("GW-1", "4.5 in", "1/4 in"),
      wheel("GW-2", "5 in", "1/4 in", "24", "Imported"),
      wheel("GW-3", "4.5 in", "1/4 in"),
      wheel("GW-4", "7 in", "1/4 in"),
      wheel("GW-5", "5 in", "1/8 in"),
      wheel("GW-6", "4.5 in", "1/4 in", "36"),
      { partNumber: "X-1", subcategory: "cleaners", specifications: { Size: "1 gal" } },
    ]);
    expect(families).toEqual([
      {
        name: "Grinding Wheels: Grit 24",
        subcategory: "grinding-wheels",
        sizes: ["Diameter", "Thickness"],
        partNumbers: ["GW-1", "GW-2", "GW-4", "GW-5"],
      },
      // A second 4-1/2 x 1/4 in wheel starts a second family; alone in it, it is in none.
    ]);
  });

  it("names only the sizes its parts differ in", () => {
    const [family] = seededFamilies([wheel("GW-1", "4.5 in", "1/4 in"), wheel("GW-2", "7 in", "1/4 in")]);
    expect(family?.sizes).toEqual(["Diameter"]);
  });
});
