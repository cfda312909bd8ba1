import { describe, expect, it } from "vitest";
import { GHS_PICTOGRAMS } from "../../../domain/catalog/hazards";
import { generateCatalog } from "./generator";
import { seededHazard } from "./hazards";

describe("the seeded hazard data", () => {
  it("marks aerosols, solvents, flammables and corrosives, each with its DOT entry", () => {
    expect(seededHazard("aerosol", { Product: "Penetrating Oil", Size: "11 oz" })?.transport).toEqual({
      unNumber: "UN1950",
      properShippingName: "Aerosols, flammable",
      hazardClass: "2.1",
      packingGroup: null,
      limitedQuantity: true,
    });
    expect(seededHazard("cleaners", { Product: "Parts Washer Solvent", Size: "1 gal" })?.transport).toMatchObject({
      unNumber: "UN1268",
      packingGroup: "III",
      limitedQuantity: true,
    });
    // Past 5 L an inner packaging of a packing group III liquid is no limited quantity.
    expect(seededHazard("cleaners", { Product: "Parts Washer Solvent", Size: "5 gal" })?.transport).toMatchObject({
      limitedQuantity: false,
    });
    expect(seededHazard("bulk-chemicals", { Product: "Degreaser Concentrate", Size: "5 gal Pail" })).toMatchObject({
      signalWord: "Danger",
      pictograms: ["GHS05"],
      transport: { unNumber: "UN1719", hazardClass: "8", packingGroup: "II", limitedQuantity: false },
    });
    expect(seededHazard("primers", { Type: "Rust Primer", Size: "1 gal" })?.transport?.unNumber).toBe("UN1263");
    expect(seededHazard("primers", { Type: "Rust Primer", Size: "12 oz Aerosol" })?.transport?.unNumber).toBe("UN1950");
  });

  it("gives irritants an SDS but no DOT entry, and harmless parts nothing", () => {
    expect(seededHazard("adhesives", { Type: "Cyanoacrylate", Size: "1 oz" })).toMatchObject({
      signalWord: "Warning",
      pictograms: ["GHS07"],
      transport: null,
    });
    expect(seededHazard("cleaners", { Product: "Hand Cleaner", Size: "1 gal" })).toBeNull();
    expect(seededHazard("grease", { Type: "Marine", Size: "1 lb Tub" })).toBeNull();
    expect(seededHazard("grinding-wheels", { Diameter: "4.5 in" })).toBeNull();
  });

  it("writes the GHS statements' own texts on every hazardous part the generator makes", () => {
    const hazardous = [...generateCatalog()].flatMap(({ product }) => (product.hazard ? [product] : []));
    expect(hazardous.length).toBeGreaterThan(100);
    for (const { hazard, partNumber } of hazardous) {
      if (!hazard) continue;
      expect(hazard.pictograms.length, partNumber).toBeGreaterThan(0);
      for (const code of hazard.pictograms) expect(Object.keys(GHS_PICTOGRAMS)).toContain(code);
      expect(hazard.hazardStatements.every(({ code, text }) => /^H\d{3}$/.test(code) && text.endsWith("."))).toBe(true);
      expect(hazard.precautionaryStatements.every(({ code }) => /^P\d{3}(\+P\d{3})*$/.test(code))).toBe(true);
      expect(hazard.ingredients.every(({ cas }) => /^\d{2,7}-\d{2}-\d$/.test(cas))).toBe(true);
    }
    const aerosol = hazardous.find((product) => product.subcategory === "aerosol");
    expect(aerosol?.hazard?.hazardStatements).toContainEqual({ code: "H222", text: "Extremely flammable aerosol." });
  });
});
