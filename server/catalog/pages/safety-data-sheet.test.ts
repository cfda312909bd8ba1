import { extractText, getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { seededHazard } from "../seed/hazards";
import { renderSafetyDataSheet, SDS_SECTIONS, type SdsProduct } from "./safety-data-sheet";

const supplier = {
  email: "sales@example.com",
  phone: "(503) 555-0142",
  address: ["2250 NW Nicolai St", "Portland, OR 97210"],
};

function product(subcategory: string, attributes: Record<string, string>, name: string): SdsProduct {
  const hazard = seededHazard(subcategory, attributes);
  if (!hazard) throw new Error(`${name} carries no hazard data`);
  return { name, partNumber: "CLN-100003", brand: "Tidewater", use: "Cleaners", hazard };
}

const brakeCleaner = product("cleaners", { Product: "Brake Cleaner", Size: "1 gal" }, "Brake Cleaner Unscented, 1 gal");
const antifreeze = product("bulk-chemicals", { Product: "Antifreeze", Size: "55 gal Drum" }, "Antifreeze, 55 gal Drum");

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

/** The red diamonds drawn: each pictogram strokes its border in the GHS red. */
async function redDiamonds(pdf: Buffer): Promise<number> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { OPS } = await getResolvedPDFJS();
  let count = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const { fnArray, argsArray } = await (await document.getPage(number)).getOperatorList();
    fnArray.forEach((fn, i) => {
      if (fn === OPS.setStrokeRGBColor && argsArray[i]?.[0] === "#e3001b") count++;
    });
  }
  return count;
}

describe("a safety data sheet", () => {
  it("has the 16 sections of the GHS and HazCom 2012 layout, titled as OSHA lists them, in order", async () => {
    const text = await pdfText(await renderSafetyDataSheet(brakeCleaner, supplier));
    const positions = SDS_SECTIONS.map((title, i) => text.indexOf(`Section ${i + 1}. ${title}`));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(SDS_SECTIONS).toHaveLength(16);
    expect(SDS_SECTIONS[0]).toBe("Identification");
    expect(SDS_SECTIONS[15]).toMatch(/^Other information/);
  });

  it("draws each of the part's pictograms, a red diamond named under it", async () => {
    const pdf = await renderSafetyDataSheet(brakeCleaner, supplier);
    expect(brakeCleaner.hazard.pictograms).toEqual(["GHS02", "GHS07", "GHS08", "GHS09"]);
    expect(await redDiamonds(pdf)).toBe(4);
    const text = await pdfText(pdf);
    for (const caption of ["GHS02 Flame", "GHS07 Exclamation mark", "GHS08 Health hazard", "GHS09 Environment"])
      expect(text).toContain(caption);
    expect(await redDiamonds(await renderSafetyDataSheet(antifreeze, supplier))).toBe(2);
  });

  it("is made from the part's own data: its name, statements, ingredients and how it ships", async () => {
    const text = await pdfText(await renderSafetyDataSheet(brakeCleaner, supplier));
    for (const expected of [
      "Product identifier: Brake Cleaner Unscented, 1 gal",
      "Part number: CLN-100003",
      "Signal word: Danger",
      "H225: Highly flammable liquid and vapor.",
      "P210: Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.",
      "67-64-1",
      "UN number: UN1993",
      "UN proper shipping name: Flammable liquid, n.o.s. (acetone, heptane)",
      "Packing group: II",
      "Limited quantity: no",
      "Ships by ground only (hazardous material).",
      "2250 NW Nicolai St",
      "Date of preparation or last revision: 2026-11-23",
    ])
      expect(text).toContain(expected);

    const other = await pdfText(await renderSafetyDataSheet(antifreeze, supplier));
    expect(other).toContain("Signal word: Warning");
    expect(other).toContain("H302: Harmful if swallowed.");
    expect(other).toContain("107-21-1");
    expect(other).toContain("Not regulated as a hazardous material for transport (US DOT, 49 CFR).");
    expect(other).not.toContain("UN number");
  });
});
