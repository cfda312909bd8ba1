// What the seeded catalogue shows that nobody uploaded: every part's line drawing, made from its
// typed attributes, and every hazardous part's safety data sheet, made from its hazard data; an
// operator's own SDS takes the drawn one's place.
import { eq, isNotNull } from "drizzle-orm";
import { XMLValidator } from "fast-xml-parser";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { escapeXml } from "../../../domain/text/xml";
import { withTestDatabase } from "../../../test/database";
import { products } from "../../db/schema";
import { drawProduct } from "../drawings/line-drawings";
import { seedCatalogIfEmpty } from "../seed/seed";
import { productDocuments } from "./data-sheet";
import { productDrawing } from "./product-drawing";
import { productSafetyDataSheet } from "./safety-data-sheet";

const { handle } = withTestDatabase();

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
}, 180_000);

describe("the seeded catalogue's drawings", () => {
  it("give every part a line drawing that is valid SVG, named for it and dimensioned from its attributes", async () => {
    const rows = await handle()
      .db.select({
        slug: products.slug,
        name: products.name,
        subcategory: products.subcategory,
        images: products.images,
        specifications: products.specifications,
      })
      .from(products);
    expect(rows).toHaveLength(3000);
    // No part was seeded with a picture: each shows its drawing.
    expect(rows.filter((row) => row.images.length > 0)).toEqual([]);
    let written = 0;
    for (const row of rows) {
      const specifications = Object.entries(row.specifications).map(([name, value]) => ({ name, value }));
      const svg = drawProduct({ ...row, specifications });
      expect(XMLValidator.validate(svg), row.slug).toBe(true);
      expect(svg).toContain(`aria-label="${escapeXml(row.name)}"`);
      if (svg.includes("<text")) written++;
    }
    // Every drawer writes what the part's attributes say; a part with none it knows is an outline.
    expect(written / rows.length).toBeGreaterThan(0.97);
    // The drawing served is the one made from the typed values, as the page lists them.
    for (const row of rows.slice(0, 50)) {
      const specifications = Object.entries(row.specifications).map(([name, value]) => ({ name, value }));
      expect((await productDrawing(row.slug))?.svg).toBe(drawProduct({ ...row, specifications }));
    }
  });
});

describe("the seeded catalogue's safety data sheets", () => {
  it("give every hazardous part an SDS made from its hazard data, listed among its documents", async () => {
    const hazardous = await handle()
      .db.select({
        slug: products.slug,
        partNumber: products.partNumber,
        documents: products.documents,
        hazard: products.hazard,
      })
      .from(products)
      .where(isNotNull(products.hazard));
    expect(hazardous.length).toBeGreaterThan(100);
    for (const product of hazardous) {
      const answer = await productSafetyDataSheet(product.slug);
      if (answer?.kind !== "drawn") throw new Error(`${product.slug} has no drawn SDS`);
      expect(answer.sheet.content.subarray(0, 5).toString()).toBe("%PDF-");
      expect(productDocuments(product).map((document) => document.name)).toEqual([
        "Product Data Sheet",
        "Safety Data Sheet (SDS)",
      ]);
    }
    const [sample] = hazardous;
    if (!sample?.hazard) throw new Error("no hazardous part");
    const answer = await productSafetyDataSheet(sample.slug);
    if (answer?.kind !== "drawn") throw new Error(`${sample.slug} has no drawn SDS`);
    const { text } = await extractText(new Uint8Array(answer.sheet.content), { mergePages: true });
    expect(text).toContain(`Part number: ${sample.partNumber}`);
    expect(text).toContain(sample.hazard.hazardStatements[0]?.text ?? "");
    // A part that is not hazardous has none.
    expect(await productSafetyDataSheet("grinding-wheel-4-5-in-gw-45-001")).toBeUndefined();
  });

  it("give way to the SDS an operator uploaded: it is listed, and the stable address leads to it", async () => {
    const [part] = await handle()
      .db.select({ slug: products.slug, partNumber: products.partNumber, hazard: products.hazard })
      .from(products)
      .where(eq(products.subcategory, "aerosol"))
      .limit(1);
    if (!part) throw new Error("no aerosol");
    const documents = [{ name: "SDS (manufacturer)", url: "/media/0123456789abcdef01234567.pdf" }];
    await handle().db.update(products).set({ documents }).where(eq(products.slug, part.slug));
    expect(await productSafetyDataSheet(part.slug)).toEqual({ kind: "uploaded", url: documents[0]?.url });
    expect(productDocuments({ ...part, documents }).map((document) => document.name)).toEqual([
      "Product Data Sheet",
      "SDS (manufacturer)",
    ]);
  });
});
