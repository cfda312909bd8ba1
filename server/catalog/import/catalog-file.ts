// The catalogue file, CSV or XLSX, as the import reads it and the export writes it: one row per
// product, the columns documented in the README ("Catalogue import and export"). A row becomes a
// ProductInput through the same schema as the back office's editor; each problem names the column.
import { z } from "zod";
import { hazardCellFields } from "../../../domain/catalog/hazard-input";
import {
  type CompleteProductInput,
  formatTiers,
  moneyField,
  type ProductInput,
  parseTiers,
  partNumberField,
  productInputSchema,
  stockLevelField,
} from "../../../domain/catalog/product-input";

export const REQUIRED_COLUMNS = [
  "part_number",
  "name",
  "category",
  "subcategory",
  "brand",
  "price",
  "stock_level",
  "description",
] as const;
export const OPTIONAL_COLUMNS = [
  "tiers",
  "status",
  "oem_numbers",
  "related_parts",
  "images",
  "documents",
  "lead_time_days",
  "backorderable",
  "family",
  "unit",
  "pack_quantity",
  "min_order_quantity",
  "order_multiple",
  "hazard",
] as const;
/** The daily ERP file: only these columns, and only these columns of existing products change. */
export const FEED_COLUMNS = ["part_number", "price", "stock_level"] as const;

/** Joins the entries of a list cell (OEM numbers, images, documents, related parts, tiers). */
export const LIST_SEPARATOR = "|";
/** Between a document's name and its address: `Data sheet=files/gw-45.pdf`. */
export const DOCUMENT_SEPARATOR = "=";

const ATTRIBUTE_COLUMN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const MAX_COLUMNS = 200;

export type CatalogFileKind = "products" | "stock-and-price";

export interface CatalogHeader {
  kind: CatalogFileKind;
  /** The columns in file order, as named in the header (trimmed, lower case). */
  columns: string[];
  /** The columns that are attribute slugs. */
  attributeColumns: string[];
}

/** One problem of one row: the column it is in and what is expected there. */
export interface CellProblem {
  column: string;
  message: string;
}

const known = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);

/** Reads the header row; a message says what is wrong with the file as a whole. */
export function readHeader(cells: string[]): { ok: true; header: CatalogHeader } | { ok: false; message: string } {
  const columns = cells.map((cell) => cell.trim().toLowerCase());
  while (columns.length > 0 && columns.at(-1) === "") columns.pop();
  if (columns.length === 0) return { ok: false, message: "The file is empty: its first row must name the columns." };
  if (columns.length > MAX_COLUMNS)
    return { ok: false, message: `The file has ${columns.length} columns; at most ${MAX_COLUMNS} are read.` };
  const blank = columns.indexOf("");
  if (blank >= 0) return { ok: false, message: `Column ${blank + 1} of the header row has no name.` };
  const repeated = columns.find((column, i) => columns.indexOf(column) !== i);
  if (repeated) return { ok: false, message: `The header names the column "${repeated}" twice.` };
  if (columns.length === FEED_COLUMNS.length && FEED_COLUMNS.every((column) => columns.includes(column)))
    return { ok: true, header: { kind: "stock-and-price", columns, attributeColumns: [] } };
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    return {
      ok: false,
      message: `The file lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}. A catalogue file needs ${REQUIRED_COLUMNS.join(", ")}; a stock-and-price feed has exactly ${FEED_COLUMNS.join(", ")}.`,
    };
  const attributeColumns = columns.filter((column) => !known.has(column));
  const odd = attributeColumns.find((column) => !ATTRIBUTE_COLUMN.test(column));
  if (odd)
    return {
      ok: false,
      message: `The column "${odd}" is neither a catalogue column nor an attribute slug (lower-case letters, digits and dashes, e.g. diameter).`,
    };
  return { ok: true, header: { kind: "products", columns, attributeColumns } };
}

/** The cells of one row by column name; missing cells are empty. */
export function cellsByColumn(header: CatalogHeader, cells: string[]): Record<string, string> {
  const byColumn: Record<string, string> = {};
  header.columns.forEach((column, i) => {
    byColumn[column] = cells[i] ?? "";
  });
  return byColumn;
}

/** A row with nothing in it: spreadsheets leave them between and after the products. */
export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/** More cells than the header names: the row's values would be read under the wrong columns. */
export function extraCellsProblem(header: CatalogHeader, cells: string[]): CellProblem | undefined {
  const extra = cells.slice(header.columns.length).some((cell) => cell.trim() !== "");
  return extra
    ? {
        column: `column ${header.columns.length + 1}`,
        message: `The row has values beyond the ${header.columns.length} columns the header names`,
      }
    : undefined;
}

const splitList = (text: string) =>
  text
    .split(LIST_SEPARATOR)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");

// The schema's field -> the file's column.
const columnOfField: Record<string, string> = {
  partNumber: "part_number",
  stockLevel: "stock_level",
  leadTimeDays: "lead_time_days",
  packQuantity: "pack_quantity",
  minOrderQuantity: "min_order_quantity",
  orderMultiple: "order_multiple",
  oemNumbers: "oem_numbers",
  relatedParts: "related_parts",
};

/** The column a problem with `field` (a schema path, or `attributes.<slug>`) belongs to. */
export function columnOf(field: string): string {
  const [first = "", second] = field.split(".");
  if (first === "attributes" && second) return second;
  return columnOfField[first] ?? first;
}

/** Reads one row of a catalogue file as the editor's product input. */
export function productFromRow(
  header: CatalogHeader,
  cells: Record<string, string>,
): { ok: true; input: ProductInput } | { ok: false; problems: CellProblem[] } {
  const problems: CellProblem[] = [];
  const tiers = parseTiers(cells.tiers ?? "");
  if (!tiers.ok) problems.push({ column: "tiers", message: tiers.message });
  const documents: { name: string; url: string }[] = [];
  for (const entry of splitList(cells.documents ?? "")) {
    const at = entry.indexOf(DOCUMENT_SEPARATOR);
    if (at <= 0) {
      problems.push({
        column: "documents",
        message: `"${entry}" is not NAME=FILE, e.g. Data sheet=sheets/gw-45.pdf|SDS=sheets/gw-45-sds.pdf`,
      });
      break;
    }
    documents.push({ name: entry.slice(0, at).trim(), url: entry.slice(at + 1).trim() });
  }
  const hazard = cells.hazard === undefined ? undefined : hazardCellFields(cells.hazard);
  if (hazard && !hazard.ok) problems.push({ column: "hazard", message: hazard.message });
  const status = (cells.status ?? "").trim().toLowerCase();
  const parsed = productInputSchema.safeParse({
    partNumber: cells.part_number,
    name: cells.name,
    category: cells.category,
    subcategory: cells.subcategory,
    brand: cells.brand,
    price: cells.price,
    stockLevel: cells.stock_level,
    leadTimeDays: cells.lead_time_days ?? "",
    backorderable: cells.backorderable ?? "",
    // A column the file lacks leaves the part's own as it is (undefined); an empty cell is the default.
    unit: cells.unit,
    packQuantity: cells.pack_quantity,
    minOrderQuantity: cells.min_order_quantity,
    orderMultiple: cells.order_multiple,
    hazard: hazard?.ok ? hazard.fields : undefined,
    description: cells.description,
    tiers: tiers.ok ? tiers.tiers : [],
    status: status === "" ? undefined : status,
    oemNumbers: splitList(cells.oem_numbers ?? ""),
    relatedParts: splitList(cells.related_parts ?? ""),
    images: splitList(cells.images ?? ""),
    documents,
    // A file without the column leaves each part's family as it is.
    family: header.columns.includes("family") ? (cells.family ?? "") : undefined,
    attributes: Object.fromEntries(header.attributeColumns.map((column) => [column, cells[column] ?? ""])),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path.map(String).join("."));
      // One message per column is enough to fix it; the schema may find several (each tier's price).
      if (!problems.some((problem) => problem.column === column)) problems.push({ column, message: issue.message });
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, input: parsed.data };
}

const feedRowSchema = z.object({
  partNumber: partNumberField,
  price: moneyField("price"),
  stockLevel: stockLevelField,
});
export type FeedRow = z.output<typeof feedRowSchema>;

/** Reads one row of a stock-and-price feed. */
export function feedFromRow(
  cells: Record<string, string>,
): { ok: true; input: FeedRow } | { ok: false; problems: CellProblem[] } {
  const parsed = feedRowSchema.safeParse({
    partNumber: cells.part_number,
    price: cells.price,
    stockLevel: cells.stock_level,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      column: columnOf(issue.path.map(String).join(".")),
      message: issue.message,
    })),
  };
}

/** A product as a row of the file: the inverse of `productFromRow`. */
export function rowOfProduct(input: CompleteProductInput, attributeColumns: string[]): Record<string, string> {
  return {
    part_number: input.partNumber,
    name: input.name,
    category: input.category,
    subcategory: input.subcategory,
    brand: input.brand,
    price: input.price,
    stock_level: String(input.stockLevel),
    lead_time_days: input.leadTimeDays === null ? "" : String(input.leadTimeDays),
    backorderable: input.backorderable ? "yes" : "no",
    unit: input.unit,
    pack_quantity: String(input.packQuantity),
    min_order_quantity: String(input.minOrderQuantity),
    order_multiple: String(input.orderMultiple),
    hazard: input.hazard ? JSON.stringify(input.hazard) : "",
    description: input.description,
    tiers: formatTiers(input.tiers),
    status: input.status,
    oem_numbers: input.oemNumbers.join(LIST_SEPARATOR),
    related_parts: input.relatedParts.join(LIST_SEPARATOR),
    images: input.images.join(LIST_SEPARATOR),
    documents: input.documents
      .map((document) => `${document.name}${DOCUMENT_SEPARATOR}${document.url}`)
      .join(LIST_SEPARATOR),
    family: input.family ?? "",
    ...Object.fromEntries(attributeColumns.map((column) => [column, input.attributes[column] ?? ""])),
  };
}
