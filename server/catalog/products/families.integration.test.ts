// Part families through the catalogue file, the editor and the storefront's reading of them
// (docs/decisions/part-families.md): a family column imported, its bad rows refused with the
// reason, exported and imported back unchanged; the product page's selector and a listing's card.
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productInputSchema } from "../../../domain/catalog/product-input";
import { withTestDatabase } from "../../../test/database";
import { saveProductFromEditor } from "../../admin/products";
import { attributes, partFamilies, products, user } from "../../db/schema";
import { exportCatalog } from "../import/export-catalog";
import { importCatalogFile } from "../import/import-catalog";
import { familyCards, productFamily } from "../pages/families";

const { handle } = withTestDatabase();
let folder: string;

const HEADER =
  "part_number,name,category,subcategory,brand,price,stock_level,description,family,diameter,thickness,grit";
const wheel = (part: string, family: string, diameter: string, thickness: string, price = "9.50", grit = "24") =>
  `${part},Wheel ${part},abrasives,grinding-wheels,Own Brand,${price},10,A wheel.,${family},${diameter},${thickness},${grit}`;

async function importLines(name: string, ...lines: string[]) {
  const file = path.join(folder, name);
  await writeFile(file, `${lines.join("\n")}\n`);
  return importCatalogFile(handle().db, { path: file, name });
}

const familyOf = async (partNumbers: string[]) => {
  const rows = await handle()
    .db.select({ partNumber: products.partNumber, family: partFamilies.name })
    .from(products)
    .leftJoin(partFamilies, eq(partFamilies.id, products.familyId))
    .where(inArray(products.partNumber, partNumbers))
    .orderBy(products.partNumber);
  return Object.fromEntries(rows.map((row) => [row.partNumber, row.family]));
};

const product = async (partNumber: string) => {
  const [row] = await handle().db.select().from(products).where(eq(products.partNumber, partNumber));
  if (!row) throw new Error(`no ${partNumber}`);
  return row;
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "part-families-"));
  await handle().db.insert(user).values({ id: "admin1", name: "Admin", email: "admin@example.com" });
  const length = { subcategorySlug: "grinding-wheels", kind: "number" as const, unitFamily: "length" as const };
  await handle()
    .db.insert(attributes)
    .values([
      { ...length, slug: "diameter", name: "Diameter", displayUnit: "in", position: 1 },
      { ...length, slug: "thickness", name: "Thickness", displayUnit: "in", position: 2 },
      { subcategorySlug: "grinding-wheels", slug: "grit", name: "Grit", kind: "text", position: 3 },
    ]);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("part families", () => {
  it("imports a family column: the parts' differing attributes become the family's, and a part alike another's is refused", async () => {
    const report = await importLines(
      "families.csv",
      HEADER,
      wheel("FAM-1", "Type 27 Wheels", "4-1/2 in", "1/4 in", "8.50"),
      wheel("FAM-2", "Type 27 Wheels", "7 in", "1/4 in", "11.50"),
      wheel("FAM-3", "type 27 wheels", "7 in", "1/8 in", "10.50"),
      wheel("FAM-4", "Type 27 Wheels", "9 in", "1/8 in", "19.00"),
      // Another 7 x 1/4 in wheel of the same grit: nothing tells it from FAM-2 (a bare number is in inches).
      wheel("FAM-5", "Type 27 Wheels", "7", "1/4", "11.00"),
      "FAM-6,Flap Disc,abrasives,flap-discs,Own Brand,5.00,10,A disc.,Type 27 Wheels,,,",
      wheel("FAM-7", "", "5 in", "1/4 in"),
    );
    expect(report).toMatchObject({ rows: 7, created: 5, rejected: 2 });
    expect(report.problems).toEqual([
      {
        row: 6,
        column: "family",
        message:
          'FAM-5 is 7 in × 1/4 in (Diameter × Thickness), as FAM-2 is: each part of family "Type 27 Wheels" needs its own Diameter × Thickness',
      },
      {
        row: 7,
        column: "family",
        message:
          'The parts of family "Type 27 Wheels" are in subcategory "grinding-wheels", and FAM-6 is in "flap-discs": a family\'s parts share a subcategory',
      },
    ]);
    const families = await handle().db.select().from(partFamilies);
    expect(families).toMatchObject([{ name: "Type 27 Wheels", attributeSlugs: ["diameter", "thickness"] }]);
    expect(await familyOf(["FAM-1", "FAM-2", "FAM-3", "FAM-4", "FAM-7"])).toEqual({
      "FAM-1": "Type 27 Wheels",
      "FAM-2": "Type 27 Wheels",
      "FAM-3": "Type 27 Wheels",
      "FAM-4": "Type 27 Wheels",
      "FAM-7": null,
    });
  });

  it("exports each part's family by name, and the export goes back in changing nothing", async () => {
    const file = path.join(folder, "export.csv");
    await exportCatalog(handle().db, "csv", createWriteStream(file));
    const lines = (await readFile(file, "utf8")).trim().split("\n");
    const columns = lines[0]?.split(",") ?? [];
    expect(columns).toContain("family");
    const fam3 = lines.find((line) => line.startsWith("FAM-3,"))?.split(",");
    expect(fam3?.[columns.indexOf("family")]).toBe("Type 27 Wheels");
    const report = await importCatalogFile(handle().db, { path: file, name: "export.csv" });
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 5, rejected: 0, problems: [] });
  });

  it("gives the product page a selector whose options lead to real parts, and a listing its range", async () => {
    const shown = await product("FAM-2");
    const family = await productFamily(shown, null);
    const page = async (partNumber: string) => `/products/${(await product(partNumber)).slug}`;
    expect(family).toMatchObject({ name: "Type 27 Wheels", size: 4 });
    expect(family?.groups.map((group) => group.name)).toEqual(["Diameter", "Thickness"]);
    expect(family?.groups[0]?.options).toEqual([
      { text: "4-1/2 in", partNumber: "FAM-1", href: await page("FAM-1"), current: false, changes: [] },
      { text: "7 in", partNumber: "FAM-2", href: await page("FAM-2"), current: true, changes: [] },
      // No 9 x 1/4 in wheel: the 9 in one there is, saying its thickness is another.
      {
        text: "9 in",
        partNumber: "FAM-4",
        href: await page("FAM-4"),
        current: false,
        changes: ["Thickness 1/8 in"],
      },
    ]);
    expect(family?.groups[1]?.options.map((option) => [option.text, option.partNumber, option.current])).toEqual([
      ["1/8 in", "FAM-3", false],
      ["1/4 in", "FAM-2", true],
    ]);
    // A draft is no buyer's: it leaves the selector and the range.
    await handle().db.update(products).set({ status: "draft" }).where(eq(products.partNumber, "FAM-4"));
    const cards = await familyCards([shown.familyId ?? 0], null);
    expect([...cards.values()]).toEqual([
      { name: "Type 27 Wheels", range: "4-1/2 to 7 in × 1/8 to 1/4 in, 3 sizes", fromPrice: "8.50" },
    ]);
    expect((await productFamily(shown, null))?.groups[0]?.options.map((option) => option.text)).toEqual([
      "4-1/2 in",
      "7 in",
    ]);
    await handle().db.update(products).set({ status: "active" }).where(eq(products.partNumber, "FAM-4"));
  });

  it("leaves a part's family alone in a file without the column, and takes it out for an empty cell", async () => {
    const withoutColumn = await importLines(
      "no-family.csv",
      "part_number,name,category,subcategory,brand,price,stock_level,description,diameter,thickness,grit",
      "FAM-1,Wheel FAM-1,abrasives,grinding-wheels,Own Brand,8.25,10,A wheel.,4-1/2 in,1/4 in,24",
    );
    expect(withoutColumn).toMatchObject({ updated: 1, rejected: 0 });
    const emptied = await importLines("emptied.csv", HEADER, wheel("FAM-4", "", "9 in", "1/8 in", "19.00"));
    expect(emptied).toMatchObject({ updated: 1, rejected: 0 });
    expect(await familyOf(["FAM-1", "FAM-4"])).toEqual({ "FAM-1": "Type 27 Wheels", "FAM-4": null });
  });

  it("refuses in the editor a choice of attributes that does not tell the family's parts apart", async () => {
    const edited = (values: Record<string, unknown>) =>
      productInputSchema.parse({
        partNumber: "FAM-3",
        name: "Wheel FAM-3",
        category: "abrasives",
        subcategory: "grinding-wheels",
        brand: "Own Brand",
        price: "10.50",
        stockLevel: "10",
        status: "active",
        description: "A wheel.",
        attributes: { diameter: "7 in", thickness: "1/8 in", grit: "24" },
        family: "Type 27 Wheels",
        ...values,
      });
    expect(await saveProductFromEditor("admin1", edited({ familyAttributes: ["diameter"] }), "FAM-3")).toEqual({
      ok: false,
      problems: [
        {
          field: "family",
          message: 'FAM-3 is 7 in (Diameter), as FAM-2 is: each part of family "Type 27 Wheels" needs its own Diameter',
        },
      ],
    });
    // Diameter x grit tells them apart (FAM-2's grit is 24 too, so not yet): a grit of 36 does.
    expect(
      await saveProductFromEditor(
        "admin1",
        edited({
          familyAttributes: ["diameter", "grit"],
          attributes: { diameter: "7 in", thickness: "1/8 in", grit: "36" },
        }),
        "FAM-3",
      ),
    ).toMatchObject({ ok: true, outcome: "updated" });
    const [family] = await handle().db.select().from(partFamilies);
    expect(family?.attributeSlugs).toEqual(["diameter", "grit"]);
  });
});
