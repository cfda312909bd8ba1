// The catalogue export: every product, in the import's format, read from the database a page at a
// time and written as it is read, so exporting then importing the file changes nothing.
import { once } from "node:events";
import type { Writable } from "node:stream";
import { stringify } from "csv-stringify";
import { asc, gt, inArray } from "drizzle-orm";
import type { CompleteProductInput } from "../../../domain/catalog/product-input";
import type { Database } from "../../db/client";
import { partFamilies, productAttributeValues, productBulkTiers, products } from "../../db/schema";
import { exportedCell } from "../../spreadsheet-cells";
import {
  type AttributeDefinition,
  attributeDefinitionsBySubcategory,
  formatAttributeValue,
} from "../products/attributes";
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, rowOfProduct } from "./catalog-file";
import type { CatalogFormat } from "./catalog-file-readers";

const PAGE_SIZE = 1_000;

/** Every product as the import reads it, a page at a time in part-number order. */
async function* productPages(db: Database, definitions: AttributeDefinition[]): AsyncGenerator<CompleteProductInput[]> {
  const definitionOf = new Map(definitions.map((definition) => [definition.id, definition]));
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(products)
      .where(after === undefined ? undefined : gt(products.partNumber, after))
      .orderBy(asc(products.partNumber))
      .limit(PAGE_SIZE);
    if (page.length === 0) return;
    after = page.at(-1)?.partNumber;
    const ids = page.map((product) => product.id);
    const familyIds = [...new Set(page.flatMap((product) => (product.familyId === null ? [] : [product.familyId])))];
    const [tiers, values, families] = await Promise.all([
      db
        .select()
        .from(productBulkTiers)
        .where(inArray(productBulkTiers.productId, ids))
        .orderBy(asc(productBulkTiers.minQuantity)),
      db.select().from(productAttributeValues).where(inArray(productAttributeValues.productId, ids)),
      familyIds.length > 0
        ? db
            .select({ id: partFamilies.id, name: partFamilies.name })
            .from(partFamilies)
            .where(inArray(partFamilies.id, familyIds))
        : [],
    ]);
    const familyName = new Map(families.map((family) => [family.id, family.name]));
    yield page.map((product) => {
      const shown: Record<string, string> = {};
      for (const value of values) {
        const definition = definitionOf.get(value.attributeId);
        if (value.productId !== product.id || !definition) continue;
        shown[definition.slug] = formatAttributeValue(
          definition,
          value.numberValue !== null
            ? { kind: "number", value: value.numberValue }
            : { kind: "text", value: value.textValue ?? "" },
          { exact: true },
        );
      }
      return {
        partNumber: product.partNumber,
        name: product.name,
        category: product.category,
        subcategory: product.subcategory,
        brand: product.brand,
        price: product.price,
        stockLevel: product.stockLevel,
        leadTimeDays: product.leadTimeDays,
        backorderable: product.backorderable,
        unit: product.unit,
        packQuantity: product.packQuantity,
        minOrderQuantity: product.minOrderQuantity,
        orderMultiple: product.orderMultiple,
        hazard: product.hazard,
        description: product.description,
        tiers: tiers
          .filter((tier) => tier.productId === product.id)
          .map((tier) => ({ minQuantity: tier.minQuantity, unitPrice: tier.unitPrice })),
        status: product.status,
        oemNumbers: product.oemNumbers,
        relatedParts: product.relatedProducts,
        images: product.images,
        documents: product.documents,
        family: product.familyId === null ? "" : (familyName.get(product.familyId) ?? ""),
        familyAttributes: [],
        attributes: shown,
      };
    });
  }
}

/** Writes every product to `output` as CSV or XLSX; returns how many. `output` is ended. */
export async function exportCatalog(db: Database, format: CatalogFormat, output: Writable): Promise<number> {
  const definitions = [...(await attributeDefinitionsBySubcategory(db)).values()].flat();
  // One column per attribute slug: subcategories that share a slug (diameter) share its column.
  const attributeColumns = [...new Set(definitions.map((definition) => definition.slug))].sort();
  const columns = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS, ...attributeColumns];
  let count = 0;
  if (format === "csv") {
    const csv = stringify({ header: true, columns });
    csv.pipe(output);
    for await (const page of productPages(db, definitions)) {
      for (const product of page) {
        const row = Object.entries(rowOfProduct(product, attributeColumns)).map(([column, cell]) => [
          column,
          exportedCell(cell),
        ]);
        if (!csv.write(Object.fromEntries(row))) await once(csv, "drain");
        count++;
      }
    }
    csv.end();
    await once(output, "finish");
    return count;
  }
  const { default: excel } = await import("exceljs"); // loaded when first used (docs/decisions/server-inside-the-ssr-build.md)
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet("Products");
  sheet.addRow(columns).commit();
  for await (const page of productPages(db, definitions)) {
    for (const product of page) {
      const row = rowOfProduct(product, attributeColumns);
      sheet.addRow(columns.map((column) => exportedCell(row[column] ?? ""))).commit();
      count++;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
