// The store's own export goes back in unchanged (issue 34): the whole seeded catalogue, with a few
// products the seed does not make (hidden ones, back-orders, uploaded pictures and documents, cells a
// spreadsheet would take for formulas, units of sale with minimums and multiples), exported as CSV and
// as XLSX, then imported as a dry run, reports every row unchanged and none refused; imported for
// real, it leaves the products, their tiers and their attributes as they were, row for row.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../../test/database";
import { productAttributeValues, productBulkTiers, products } from "../../db/schema";
import { seedCatalogIfEmpty } from "../seed/seed";
import { exportCatalog } from "./export-catalog";
import { importCatalogFile } from "./import-catalog";

const { handle } = withTestDatabase();
let folder: string;
let stored: number;

const HEADER =
  "part_number,name,category,subcategory,brand,price,stock_level,description,tiers,status,oem_numbers,related_parts,images,documents,lead_time_days,backorderable,unit,pack_quantity,min_order_quantity,order_multiple,hazard,diameter,abrasive";
// An operator's own hazard data, as a CSV cell: quotes doubled.
const HAZARD = {
  signalWord: "Warning",
  pictograms: ["GHS07"],
  classification: ["Serious eye damage/eye irritation, Category 2A"],
  hazardStatements: [{ code: "H319", text: "Causes serious eye irritation." }],
  precautionaryStatements: [{ code: "P280", text: "Wear eye protection." }],
  ingredients: [{ name: 'Resin, "modified", 2-part', cas: "25068-38-6", percent: "60-80%" }],
  physicalState: "Paste",
  transport: {
    unNumber: "UN3082",
    properShippingName: "Environmentally hazardous substance, liquid, n.o.s.",
    hazardClass: "9",
    packingGroup: "III",
    limitedQuantity: false,
  },
  revised: "2026-11-30",
};
const hazardCell = `"${JSON.stringify(HAZARD).replaceAll('"', '""')}"`;
const UNSEEDED = [
  `RT-DRAFT-1,"Wheel, ""special"" 4.4 in",abrasives,grinding-wheels,@Own Brand,12.40,0,"=SUM(A1) is text
on two lines",10:11.00|50:9.99,draft,-A1|B2,GW-45-001,front.png|/images/products/cleaners-1.svg,SDS=sds.pdf|Drawing=drawing.pdf,21,yes,bx,25,50,25,,4.4 in,Zirconia`,
  "RT-GONE-1,-40 Degree Wheel,abrasives,grinding-wheels,Own Brand,0.50,0,,,discontinued,,,,,,no,,,,,,4-1/2 in,",
  `RT-BACK-1,Back-ordered Wheel,abrasives,grinding-wheels,Own Brand,1234.56,3,+ sharp,2:1200.00,active,,,,,5,yes,CS,12,1,2,${hazardCell},,`,
];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "catalog-round-trip-"));
  await seedCatalogIfEmpty(handle().db);
  await writeFile(
    path.join(folder, "front.png"),
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer(),
  );
  await writeFile(path.join(folder, "sds.pdf"), "%PDF-1.4\n% Safety data sheet\n%%EOF\n");
  await writeFile(path.join(folder, "drawing.pdf"), "%PDF-1.4\n% Drawing\n%%EOF\n");
  const file = path.join(folder, "unseeded.csv");
  await writeFile(file, `${[HEADER, ...UNSEEDED].join("\n")}\n`);
  const report = await importCatalogFile(handle().db, { path: file, name: "unseeded.csv" }, { mediaFolder: folder });
  expect(report).toMatchObject({ problems: [], created: UNSEEDED.length });
  stored = (await handle().db.select({ n: count() }).from(products))[0]?.n ?? 0;
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("exporting the store's catalogue and importing it back", () => {
  it.each(["csv", "xlsx"] as const)(
    "changes nothing and refuses nothing (%s)",
    async (format) => {
      expect(stored).toBe(3000 + UNSEEDED.length);
      const file = path.join(folder, `catalogue.${format}`);
      expect(await exportCatalog(handle().db, format, createWriteStream(file))).toBe(stored);
      const report = await importCatalogFile(
        handle().db,
        { path: file, name: `catalogue.${format}` },
        { dryRun: true },
      );
      expect(report.problems.slice(0, 5)).toEqual([]);
      expect(report).toMatchObject({ rows: stored, created: 0, updated: 0, unchanged: stored, rejected: 0 });
    },
    120_000,
  );

  it("leaves every product, tier and attribute value as it was when imported for real", async () => {
    const { db } = handle();
    const tables = async () => ({
      products: await db.select().from(products).orderBy(asc(products.partNumber)),
      tiers: await db
        .select()
        .from(productBulkTiers)
        .orderBy(asc(productBulkTiers.productId), asc(productBulkTiers.minQuantity)),
      values: await db
        .select()
        .from(productAttributeValues)
        .orderBy(asc(productAttributeValues.productId), asc(productAttributeValues.attributeId)),
    });
    const before = await tables();
    expect(before.products.filter((product) => product.unit !== "EA").length).toBeGreaterThan(100);
    // The seed's hazardous parts and the operator's own go out and come back with their hazard data.
    expect(before.products.filter((product) => product.hazard !== null).length).toBeGreaterThan(50);
    expect(before.products.find((product) => product.partNumber === "RT-BACK-1")?.hazard).toEqual(HAZARD);
    const file = path.join(folder, "catalogue-again.csv");
    await exportCatalog(db, "csv", createWriteStream(file));
    const report = await importCatalogFile(db, { path: file, name: "catalogue-again.csv" });
    expect(report).toMatchObject({ rows: stored, created: 0, updated: 0, unchanged: stored, rejected: 0 });
    const after = await tables();
    expect(after.products).toEqual(before.products);
    expect(after.tiers).toEqual(before.tiers);
    expect(after.values).toEqual(before.values);
  }, 120_000);
});
