import { describe, expect, it } from "vitest";
import { tierProblem } from "../../../domain/catalog/product-input";
import { normalizePartNumber } from "../products/part-numbers";
import { catalogPlan, generateCatalog, productSlug } from "./generator";
import { subcategoryProfiles } from "./profiles";

const catalogue = [...generateCatalog()];

describe("catalogue generator", () => {
  it("writes the same catalogue on every run", () => {
    expect([...generateCatalog()]).toEqual(catalogue);
    expect([...generateCatalog({ seed: 7 })]).not.toEqual(catalogue);
  });

  it("writes the size asked for, with products in every subcategory of the seeded tree", () => {
    expect(catalogue).toHaveLength(3000);
    const filled = new Set(catalogue.map((item) => `${item.product.category}/${item.product.subcategory}`));
    for (const [subcategory, profile] of Object.entries(subcategoryProfiles))
      expect(filled).toContain(`${profile.category}/${subcategory}`);
    expect([...generateCatalog({ size: 100 })]).toHaveLength(100);
  });

  it("weights the abrasives landing's subcategories as the landing's counts do", () => {
    const counts = Object.fromEntries(catalogPlan(3000).map((slot) => [slot.subcategory, slot.count]));
    expect(counts["sanding-belts"]).toBeGreaterThan(counts["grinding-wheels"] ?? 0);
    expect(counts["grinding-wheels"]).toBeGreaterThan(counts["sandpaper-sheets"] ?? 0);
    expect(counts["flap-discs"]).toBeGreaterThan(counts["wire-brushes"] ?? 0);
  });

  it("gives every product a unique part number (also without dashes) and slug", () => {
    const big = [...generateCatalog({ size: 20_000 })];
    expect(new Set(big.map((item) => normalizePartNumber(item.product.partNumber))).size).toBe(big.length);
    expect(new Set(big.map((item) => item.product.slug)).size).toBe(big.length);
  });

  it("includes the products the product rules name, with the sample tiers", () => {
    const byPart = new Map(catalogue.map((item) => [item.product.partNumber, item]));
    expect(byPart.get("GW-45-001")?.product).toMatchObject({ name: "Grinding Wheel 4.5 in", price: "12.99" });
    expect(byPart.get("FD-80-001")?.product).toMatchObject({ name: "Flap Disc 80 Grit 4.5 in", price: "8.49" });
    const sample = byPart.get("CW-45-045");
    expect(sample?.product).toMatchObject({ price: "2.45", stockLevel: 2847 });
    expect(sample?.tiers).toEqual([
      { minQuantity: 100, unitPrice: "1.98" },
      { minQuantity: 500, unitPrice: "1.75" },
      { minQuantity: 1000, unitPrice: "1.55" },
    ]);
  });

  it("names no generated product so that a named product's name is part of it", () => {
    for (const named of ["Grinding Wheel 4.5 in", "Flap Disc 80 Grit 4.5 in", "Cut-Off Wheel 4.5 x .045 in"]) {
      expect(catalogue.filter((item) => item.product.name.toLowerCase().includes(named.toLowerCase()))).toHaveLength(1);
    }
  });

  it("gives buyers the attributes they filter on", () => {
    const specs = (sub: string) =>
      catalogue.filter((item) => item.product.subcategory === sub).map((item) => item.product.specifications ?? {});
    expect(specs("grinding-wheels")[3]).toEqual(
      expect.objectContaining({ Diameter: expect.any(String), Arbor: expect.any(String), Grit: expect.any(String) }),
    );
    expect(specs("grinding-wheels")[3]?.["Max RPM"]).toMatch(/^\d{1,2},\d{3}$/);
    expect(specs("fractional-drill-bits")[0]).toEqual(
      expect.objectContaining({ Size: expect.stringMatching(/^\d+\/\d+ in$/), Material: expect.any(String) }),
    );
    expect(specs("number-drill-bits")[0]?.Size).toMatch(/^#([1-9]|[1-7]\d|80)$/);
    expect(specs("letter-drill-bits")[0]?.Size).toMatch(/^[A-Z]$/);
    expect(specs("wire-cable")[0]).toEqual(
      expect.objectContaining({ Gauge: expect.stringMatching(/AWG$/), Length: expect.stringMatching(/ft$/) }),
    );
    expect(specs("sanding-belts")[0]).toEqual(
      expect.objectContaining({ Size: expect.any(String), Grit: expect.any(String) }),
    );
  });

  it("prices in whole cents, with bulk tiers that only get cheaper", () => {
    for (const { product, tiers } of catalogue) {
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
      // The import's rule (tierProblem): from 2 units up, each tier cheaper than the one before and the price.
      expect(tierProblem(product.price, tiers)).toBeUndefined();
    }
    expect(catalogue.filter((item) => item.product.stockLevel === 0).length).toBeGreaterThan(100);
  });

  it("relates products within their subcategory", () => {
    const byPart = new Map(catalogue.map((item) => [item.product.partNumber, item.product]));
    for (const { product } of catalogue.slice(0, 200)) {
      for (const related of product.relatedProducts ?? [])
        expect(byPart.get(related)?.subcategory).toBe(product.subcategory);
    }
  });
});

describe("product slugs", () => {
  it("read as the name and part number", () => {
    expect(productSlug("Cut-Off Wheel 4.5 x .045 in", "CW-45-045")).toBe("cut-off-wheel-4-5-x-045-in-cw-45-045");
    expect(productSlug("Fractional Drill Bit 1/4 in HSS", "FDB-100001")).toBe(
      "fractional-drill-bit-1-4-in-hss-fdb-100001",
    );
  });
});
