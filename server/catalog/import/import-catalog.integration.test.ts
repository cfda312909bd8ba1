import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../../test/database";
import { attributes, productBulkTiers, products } from "../../db/schema";
import { onStoreEvent } from "../../events";
import { productSpecifications } from "../products/attributes";
import { exportCatalog } from "./export-catalog";
import { importCatalogFile, summarizeImport } from "./import-catalog";

const { handle } = withTestDatabase();
let folder: string;

const HEADER = "part_number,name,category,subcategory,brand,price,stock_level,description,tiers,status,diameter";
const goodRow = (part: string, price = "9.50", stock = "12") =>
  `${part},Imported Wheel ${part},abrasives,grinding-wheels,Own Brand,${price},${stock},"A wheel, imported.",100:8.75|500:7.50,active,4-1/2 in`;

async function csvFile(name: string, ...lines: string[]) {
  const file = path.join(folder, name);
  await writeFile(file, `${lines.join("\n")}\n`);
  return { path: file, name };
}

const importFile = (file: { path: string; name: string }, options: Parameters<typeof importCatalogFile>[2] = {}) =>
  importCatalogFile(handle().db, file, options);

const productCount = async () => {
  const [row] = await handle().db.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "catalog-import-"));
  await handle().db.insert(attributes).values({
    subcategorySlug: "grinding-wheels",
    slug: "diameter",
    name: "Diameter",
    kind: "number",
    unitFamily: "length",
    displayUnit: "in",
  });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("importing a catalogue file", () => {
  it("writes the good rows and reports each bad one with its row, column and what is expected", async () => {
    const file = await csvFile(
      "mixed.csv",
      HEADER,
      goodRow("IMP-1"),
      "IMP-2,Wheel,no-such-category,grinding-wheels,Own Brand,9.50,1,,,,",
      "IMP-3,Wheel,abrasives,grinding-wheels,Own Brand,$9.50,1,,,,",
      "IMP-4,Wheel,abrasives,grinding-wheels,Own Brand,9.50,-3,,,,",
      "IMP-5,Wheel,abrasives,grinding-wheels,Own Brand,9.50,1,,500:7.50|100:8.75,,",
      "imp 1,Wheel,abrasives,grinding-wheels,Own Brand,9.50,1,,,,",
      "IMP-6,Wheel,abrasives,grinding-wheels,Own Brand,9.50,1,,,,4.5 kg",
      "",
      goodRow("IMP-7"),
    );
    const report = await importFile(file);
    expect(report).toMatchObject({ rows: 8, created: 2, updated: 0, unchanged: 0, rejected: 6 });
    expect(report.problems.map(({ row, column }) => `${row} ${column}`)).toEqual([
      "3 category",
      "4 price",
      "5 stock_level",
      "6 tiers",
      "7 part_number",
      "8 diameter",
    ]);
    const messages = Object.fromEntries(report.problems.map((problem) => [problem.row, problem.message]));
    expect(messages[4]).toContain("amount in dollars");
    expect(messages[5]).toContain("whole number, 0 or more");
    expect(messages[6]).toContain("go up in quantity");
    expect(messages[7]).toBe("imp 1 is already on row 2: a part number may appear once in a file");
    expect(messages[8]).toMatch(/^Diameter: /);
    const [wheel] = await handle().db.select().from(products).where(eq(products.partNumber, "IMP-1"));
    expect(wheel).toMatchObject({ price: "9.50", stockLevel: 12, description: "A wheel, imported." });
    const tiers = await handle()
      .db.select({ minQuantity: productBulkTiers.minQuantity, unitPrice: productBulkTiers.unitPrice })
      .from(productBulkTiers)
      .where(eq(productBulkTiers.productId, wheel?.id ?? ""))
      .orderBy(productBulkTiers.minQuantity);
    expect(tiers).toEqual([
      { minQuantity: 100, unitPrice: "8.75" },
      { minQuantity: 500, unitPrice: "7.50" },
    ]);
    expect(await productSpecifications(handle().db, wheel?.id ?? "")).toEqual([
      { name: "Diameter", value: "4-1/2 in" },
    ]);
  });

  it("re-importing the same file changes nothing and says so", async () => {
    const file = await csvFile("again.csv", HEADER, goodRow("IMP-1"), goodRow("IMP-7"));
    const heard: unknown[] = [];
    const stop = onStoreEvent("catalogChanged", (event) => heard.push(event));
    const report = await importFile(file);
    stop();
    expect(report).toMatchObject({ rows: 2, created: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(summarizeImport(report)).toBe("Nothing changed: every product is already as in the file.");
    expect(heard).toEqual([]);
  });

  it("an import that doubles the catalogue leaves the planner counting every product", async () => {
    // Left to autovacuum (none on PGlite, once a minute on PostgreSQL) the count stays behind, and
    // the planner looked part numbers up through the trigram index: seconds a batch.
    const before = await productCount();
    const rows = Array.from({ length: before + 1 }, (_, i) => goodRow(`GROW-${i}`));
    const report = await importFile(await csvFile("grow.csv", HEADER, ...rows));
    expect(report.created).toBe(before + 1);
    const result = await handle().db.execute<{ reltuples: number }>(
      sql`select reltuples::float8 as reltuples from pg_class where oid = 'products'::regclass`,
    );
    expect(Number(result.rows[0]?.reltuples)).toBe(await productCount());
  });

  it("a column the file lacks leaves the part's own; an empty cell is the default; a bad cell is the row's problem", async () => {
    const hazard = {
      signalWord: "Warning",
      pictograms: ["GHS07"],
      classification: ["Skin irritation, Category 2"],
      hazardStatements: [{ code: "H315", text: "Causes skin irritation." }],
      precautionaryStatements: [],
      ingredients: [],
      physicalState: "Liquid",
      transport: null,
      revised: "2026-11-30",
    };
    const cell = `"${JSON.stringify(hazard).replaceAll('"', '""')}"`;
    const full = `${HEADER},unit,pack_quantity,min_order_quantity,order_multiple,hazard`;
    const row = (part: string, cells: string) => `${goodRow(part)},${cells}`;
    await importFile(
      await csvFile("units.csv", full, row("KEEP-1", `bx,25,4,2,${cell}`), row("KEEP-2", `FOT,1,10,1,`)),
    );
    const kept = { unit: "BX", packQuantity: 25, minOrderQuantity: 4, orderMultiple: 2, hazard };
    const fields = async (partNumber: string) =>
      (
        await handle()
          .db.select({
            unit: products.unit,
            packQuantity: products.packQuantity,
            minOrderQuantity: products.minOrderQuantity,
            orderMultiple: products.orderMultiple,
            hazard: products.hazard,
          })
          .from(products)
          .where(eq(products.partNumber, partNumber))
      )[0];
    expect(await fields("KEEP-1")).toEqual(kept);
    expect(await fields("KEEP-2")).toMatchObject({ unit: "FT", minOrderQuantity: 10, hazard: null });
    // Without the columns (a file from before them, a price list): nothing of them changes.
    const older = await importFile(await csvFile("older.csv", HEADER, goodRow("KEEP-1", "9.40")));
    expect(older).toMatchObject({ updated: 1, rejected: 0 });
    expect(await fields("KEEP-1")).toEqual(kept);
    // A multiple written alone is checked against the minimum the part keeps.
    const multiple = await importFile(
      await csvFile("multiple.csv", `${HEADER},order_multiple`, `${goodRow("KEEP-1")},3`),
    );
    expect(multiple.problems).toEqual([
      {
        row: 2,
        column: "order_multiple",
        message:
          "The minimum order quantity must be a multiple of the order multiple (3), e.g. 3; the part's minimum (4) is kept, as the file has no column for it",
      },
    ]);
    // With the columns and empty cells: each, 1, 1, 1 and no hazard.
    const empty = await importFile(await csvFile("empty.csv", full, row("KEEP-1", ",,,,")));
    expect(empty).toMatchObject({ updated: 1, rejected: 0 });
    expect(await fields("KEEP-1")).toEqual({
      unit: "EA",
      packQuantity: 1,
      minOrderQuantity: 1,
      orderMultiple: 1,
      hazard: null,
    });
    const bad = await importFile(
      await csvFile(
        "bad-units.csv",
        full,
        row("KEEP-2", "box,1,1,1,"),
        row("KEEP-2B", `EA,1,1,1,"{""signalWord"":1}"`),
      ),
    );
    expect(bad.problems.map(({ row, column, message }) => [row, column, message.slice(0, 40)])).toEqual([
      [2, "unit", "The unit must be one of EA, PR, PK, BX, "],
      [3, "hazard", "The hazard data's signalWord is missing "],
    ]);
  });

  it("a dry run reports what would change and writes nothing", async () => {
    const before = await productCount();
    const file = await csvFile("dry.csv", HEADER, goodRow("DRY-1"), goodRow("IMP-1", "9.10"), "DRY-2,x,,,,,,,,,");
    const report = await importFile(file, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, rows: 3, created: 1, updated: 1, unchanged: 0, rejected: 1 });
    expect(summarizeImport(report)).toMatch(/^Dry run, nothing written\. Would have created 1 product, updated 1/);
    expect(await productCount()).toBe(before);
    const [wheel] = await handle().db.select().from(products).where(eq(products.partNumber, "IMP-1"));
    expect(wheel?.price).toBe("9.50");
  });

  it("a stock-and-price feed changes just those columns of existing products", async () => {
    await handle().db.update(products).set({ name: "Renamed By Hand" }).where(eq(products.partNumber, "IMP-7"));
    const file = await csvFile(
      "feed.csv",
      "part_number,price,stock_level",
      "imp-1,9.25,40",
      "IMP-7,9.50,12",
      "NOPE-1,1.00,1",
      "IMP-1X,abc,1",
      "IMP 7,8.00,5",
    );
    const report = await importFile(file);
    expect(report).toMatchObject({ kind: "stock-and-price", rows: 5, updated: 1, unchanged: 1, rejected: 3 });
    expect(report.problems.map(({ row, column }) => `${row} ${column}`)).toEqual([
      "4 part_number",
      "5 price",
      "6 part_number",
    ]);
    const [one] = await handle().db.select().from(products).where(eq(products.partNumber, "IMP-1"));
    expect(one).toMatchObject({ price: "9.25", stockLevel: 40, name: "Imported Wheel IMP-1" });
    const [seven] = await handle().db.select().from(products).where(eq(products.partNumber, "IMP-7"));
    expect(seven).toMatchObject({ name: "Renamed By Hand", price: "9.50" });
    // A price at or below the product's own bulk tier is refused: the tiers stay as they are.
    const under = await importFile(await csvFile("under.csv", "part_number,price,stock_level", "IMP-1,8.00,1"));
    expect(under.problems).toEqual([
      { row: 2, column: "price", message: expect.stringContaining("must be lower than 8.00") },
    ]);
  });

  it("a batch the database refuses leaves none of its rows written and stops there", async () => {
    await handle().db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.part_number = 'BOOM-4' then raise exception 'refused by a test trigger'; end if;
        return new;
      end $$`);
    await handle().db.execute(
      sql`create trigger refuse_boom before insert on products for each row execute function refuse_boom()`,
    );
    try {
      const file = await csvFile(
        "boom.csv",
        HEADER,
        goodRow("BOOM-1"),
        goodRow("BOOM-2"),
        goodRow("BOOM-3"),
        goodRow("BOOM-4"),
        goodRow("BOOM-5"),
      );
      const report = await importFile(file, { batchSize: 2 });
      expect(report.created).toBe(2);
      expect(report.stopped).toContain("rows 4 to 5 could not be written");
      const written = await handle()
        .db.select({ partNumber: products.partNumber })
        .from(products)
        .where(sql`${products.partNumber} like 'BOOM-%'`)
        .orderBy(products.partNumber);
      expect(written.map((row) => row.partNumber)).toEqual(["BOOM-1", "BOOM-2"]);
    } finally {
      await handle().db.execute(sql`drop trigger refuse_boom on products`);
      await handle().db.execute(sql`drop function refuse_boom`);
    }
  });

  it.each(["csv", "xlsx"] as const)("exports to %s, and importing the export changes nothing", async (format) => {
    const file = path.join(folder, `export.${format}`);
    const count = await exportCatalog(handle().db, format, createWriteStream(file));
    expect(count).toBe(await productCount());
    const report = await importFile({ path: file, name: `export.${format}` });
    expect(report).toMatchObject({ rows: count, created: 0, updated: 0, rejected: 0, unchanged: count });
    expect(summarizeImport(report)).toBe("Nothing changed: every product is already as in the file.");
  });

  it.each(["csv", "xlsx"] as const)(
    "exports text a spreadsheet would run as a formula as text, and imports it back as it was (%s)",
    async (format) => {
      const formulas = [
        ["FORMULA-1", '=HYPERLINK(""http://evil.example"",""Click"")', "+cmd|' /C calc'!A0"],
        ["FORMULA-2", "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0"],
        // A quote before a formula is the spreadsheet's mark for "text", as the import reads it.
        ["FORMULA-3", "'Quoted' wheel", "'=1+1"],
      ];
      const rows = formulas.map(
        ([part, name, description]) =>
          `${part},"${name}",abrasives,grinding-wheels,Own Brand,1.50,3,"${description}",,draft,`,
      );
      const source = await csvFile(`formulas-${format}.csv`, HEADER, ...rows);
      expect(await importFile(source)).toMatchObject({ rejected: 0 });
      const stored = await handle()
        .db.select({ name: products.name, description: products.description })
        .from(products)
        .where(sql`${products.partNumber} like 'FORMULA-%'`)
        .orderBy(products.partNumber);
      expect(stored.map(({ name }) => name)).toEqual([
        '=HYPERLINK("http://evil.example","Click")',
        "@SUM(1+1)*cmd|' /C calc'!A0",
        "'Quoted' wheel",
      ]);
      expect(stored.at(-1)?.description).toBe("=1+1");

      const file = path.join(folder, `formulas-export.${format}`);
      const count = await exportCatalog(handle().db, format, createWriteStream(file));
      const cells: string[] = [];
      if (format === "csv") {
        for await (const record of createReadStream(file).pipe(parse({ relax_column_count: true })))
          cells.push(...(record as string[]));
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(file);
        workbook.worksheets[0]?.eachRow((row) => {
          row.eachCell((cell) => {
            cells.push(String(cell.value));
          });
        });
      }
      expect(cells).toContain('\'=HYPERLINK("http://evil.example","Click")');
      expect(cells).toContain("''Quoted' wheel");
      for (const cell of cells) expect(cell).not.toMatch(/^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/);
      const report = await importFile({ path: file, name: `formulas-export.${format}` });
      expect(report).toMatchObject({ rows: count, created: 0, updated: 0, rejected: 0, unchanged: count });
    },
  );

  it("reads a workbook whose cells are numbers, as a spreadsheet saves them", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Products");
    sheet.addRow(HEADER.split(","));
    sheet.addRow([
      "XL-1",
      "Workbook Wheel",
      "abrasives",
      "grinding-wheels",
      "Own Brand",
      12.5,
      30,
      "",
      "100:11",
      "",
      5,
    ]);
    const file = path.join(folder, "numbers.xlsx");
    await workbook.xlsx.writeFile(file);
    const report = await importFile({ path: file, name: "numbers.xlsx" });
    expect(report).toMatchObject({ created: 1, rejected: 0 });
    const [row] = await handle().db.select().from(products).where(eq(products.partNumber, "XL-1"));
    expect(row).toMatchObject({ price: "12.50", stockLevel: 30 });
    expect(await productSpecifications(handle().db, row?.id ?? "")).toEqual([{ name: "Diameter", value: "5 in" }]);
  });

  it("refuses a malformed file as a whole and writes nothing", async () => {
    const before = await productCount();
    const broken = await csvFile(
      "broken.csv",
      HEADER,
      goodRow("BAD-0"),
      goodRow("BAD-1"),
      `BAD-2,"an unclosed quote,x`,
    );
    await expect(importFile(broken, { batchSize: 1 })).rejects.toMatchObject({
      status: 400,
      message: /not well-formed CSV/,
    });
    const headless = await csvFile("headless.csv", "sku,title", "A,B");
    await expect(importFile(headless)).rejects.toMatchObject({ status: 400, message: /lacks the columns part_number/ });
    const fake = await csvFile("fake.xlsx", HEADER);
    await expect(importFile(fake)).rejects.toMatchObject({ status: 400, message: /not an XLSX workbook/ });
    expect(await productCount()).toBe(before);
  });
});
