// A product's data sheet is drawn from its own entry: its typed attribute values as the buyer
// reads them (or, for a product from before they were typed, its shown specifications), and it
// follows the product when the product changes.
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { productInputSchema } from "../../../domain/catalog/product-input";
import { withTestDatabase } from "../../../test/database";
import { attributes, products } from "../../db/schema";
import { productSpecifications } from "../products/attributes";
import { checkProducts, saveProducts } from "../products/save-products";
import { productDataSheet, productDocuments } from "./data-sheet";

const { handle } = withTestDatabase();

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

beforeAll(async () => {
  await handle()
    .db.insert(attributes)
    .values([
      {
        subcategorySlug: "hole-saw-kits",
        slug: "largest-saw",
        name: "Largest Saw",
        kind: "number",
        unitFamily: "length",
        displayUnit: "in",
      },
      {
        subcategorySlug: "hole-saw-kits",
        slug: "pieces",
        name: "Pieces",
        kind: "number",
        unitFamily: "count",
        position: 2,
      },
    ]);
  const input = productInputSchema.parse({
    partNumber: "HK-900",
    name: "Hole Saw Kit 9 Piece",
    category: "cutting-tools",
    subcategory: "hole-saw-kits",
    brand: "Own Brand",
    price: "89.00",
    stockLevel: "4",
    description: "Nine bi-metal hole saws and two arbors in a case.",
    attributes: { "largest-saw": "2-1/2 in", pieces: "9" },
  });
  const [checked] = await checkProducts(handle().db, [input]);
  if (!checked?.ok) throw new Error(JSON.stringify(checked));
  await handle().db.transaction((tx) => saveProducts(tx, [checked.product]));
  await handle()
    .db.update(products)
    .set({ keyFeatures: ["Two quick-change arbors"] })
    .where(eq(products.partNumber, "HK-900"));
  // A product as catalogues were seeded before attributes were typed: specifications as text, and
  // documents listed with no file.
  await handle()
    .db.insert(products)
    .values({
      slug: "grinding-wheel-gw-1",
      partNumber: "GW-1",
      name: "Grinding Wheel",
      brand: "Cascade Pro",
      category: "abrasives",
      subcategory: "grinding-wheels",
      price: "12.99",
      specifications: { Grit: "60", "Max RPM": "13,300" },
      documents: [
        { name: "Safety Data Sheet", url: "" },
        { name: "Warranty", url: "javascript:alert(1)" },
        { name: "Manufacturer's Certificate", url: "https://example.com/certificate.pdf" },
      ],
    });
});

describe("a product's data sheet", () => {
  it("lists the product's typed attribute values as its page shows them", async () => {
    const [product] = await handle().db.select().from(products).where(eq(products.partNumber, "HK-900"));
    const specifications = await productSpecifications(handle().db, product?.id ?? "");
    expect(specifications.map((row) => row.name)).toEqual(["Largest Saw", "Pieces"]);
    const sheet = await productDataSheet(product?.slug ?? "");
    const text = await pdfText(sheet?.content ?? Buffer.alloc(0));
    for (const shown of [
      "Hole Saw Kit 9 Piece",
      "Part Number: HK-900",
      "Brand: Own Brand",
      "Nine bi-metal hole saws and two arbors in a case.",
      "Two quick-change arbors",
      ...specifications.map(({ name, value }) => `${name} ${value}`),
    ]) {
      expect(text).toContain(shown);
    }
    expect(sheet?.filename).toBe("HK-900-data-sheet.pdf");
  });

  it("is the same sheet until the product changes, then a new one", async () => {
    const before = await productDataSheet("grinding-wheel-gw-1");
    expect((await productDataSheet("grinding-wheel-gw-1"))?.etag).toBe(before?.etag);
    await handle()
      .db.update(products)
      .set({ description: "Now for stainless steel." })
      .where(eq(products.partNumber, "GW-1"));
    const after = await productDataSheet("grinding-wheel-gw-1");
    expect(after?.etag).not.toBe(before?.etag);
    expect(await pdfText(after?.content ?? Buffer.alloc(0))).toContain("Now for stainless steel.");
  });

  it("is offered first among the documents; one listed without a file, or at another kind of address, is not offered", async () => {
    const [legacy] = await handle().db.select().from(products).where(eq(products.partNumber, "GW-1"));
    expect(productDocuments(legacy ?? { slug: "", partNumber: "", documents: [] })).toEqual([
      { name: "Product Data Sheet", url: "/data-sheets/grinding-wheel-gw-1.pdf", filename: "GW-1-data-sheet.pdf" },
      {
        name: "Manufacturer's Certificate",
        url: "https://example.com/certificate.pdf",
        filename: "GW-1-Manufacturer-s-Certificate.pdf",
      },
    ]);
    expect(await productDataSheet("no-such-product")).toBeUndefined();
  });
});
