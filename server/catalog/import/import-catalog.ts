// The catalogue import, for the command line and the back office alike: a CSV or XLSX file read as
// a stream, checked row by row (each problem reported with its row and column), and written in
// batches, one transaction each, through saveProducts (the editor's path). A dry run checks and
// counts everything and writes nothing; importing the same file again changes nothing and says so.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { asc, getTableName, inArray, sql } from "drizzle-orm";
import { familyKey } from "../../../domain/catalog/families";
import { type ProductInput, tierProblem } from "../../../domain/catalog/product-input";
import { recordAudit } from "../../admin/audit";
import type { Database, Transaction } from "../../db/client";
import { productAttributeValues, productBulkTiers, products } from "../../db/schema";
import { StoreError } from "../../errors";
import { announce } from "../../events";
import { type MediaStorage, mediaStorage } from "../../media/storage";
import { fillBackorders } from "../../orders/backorder-fill";
import { notifyBackInStock } from "../products/back-in-stock";
import { writeFamilies } from "../products/families";
import { normalizePartNumber } from "../products/part-numbers";
import { type CheckedProduct, checkProducts, saveProducts } from "../products/save-products";
import {
  type CatalogHeader,
  type CellProblem,
  cellsByColumn,
  columnOf,
  extraCellsProblem,
  type FeedRow,
  feedFromRow,
  isBlankRow,
  productFromRow,
  readHeader,
} from "./catalog-file";
import {
  type CatalogFormat,
  checkFileContent,
  checkWorkbookSize,
  csvRows,
  type FileRow,
  formatOfName,
  xlsxRows,
} from "./catalog-file-readers";
import { type FamilyPlan, noFamilies, planFamilies } from "./import-families";
import { dryRunStorage, importRowMedia } from "./import-media";

/** Rows written per transaction: large enough for few round trips, small enough to hold in memory. */
export const IMPORT_BATCH_SIZE = 1_000;
/** Problems listed one by one; past this, the report counts the rest. */
export const MAX_LISTED_PROBLEMS = 1_000;

export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

export interface ImportReport {
  kind: CatalogHeader["kind"];
  dryRun: boolean;
  /** Product rows read (the header and blank rows not counted). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows with a problem: none of their values was written. */
  rejected: number;
  problems: ImportProblem[];
  /** Problems past MAX_LISTED_PROBLEMS, counted only. */
  unlistedProblems: number;
  /** Set when a batch could not be written: the import stopped there, the batches before it stand. */
  stopped?: string;
}

export interface ImportProgress {
  rows: number;
  /** Of the file's rows, 0 to 1. */
  share: number;
}

export interface ImportOptions {
  dryRun?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  /** The admin who imports from the back office: each written batch is in the audit log. */
  adminId?: string;
  batchSize?: number;
  /**
   * The import file's folder: the pictures and documents a row names by a path are read from it and
   * stored. Unset for a back-office upload, which carries no side files (stored /media/… URLs only).
   */
  mediaFolder?: string;
}

/** "Nothing changed: …" when the file matched the store, else what changed. */
export function summarizeImport(report: ImportReport): string {
  const count = (n: number, what: string) => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;
  const verb = report.dryRun ? "Dry run, nothing written. Would have " : "";
  const parts = [
    `${report.dryRun ? "created" : "Created"} ${count(report.created, "product")}`,
    `updated ${report.updated.toLocaleString("en-US")}`,
    `left ${report.unchanged.toLocaleString("en-US")} unchanged`,
  ];
  const rejected = report.rejected > 0 ? ` ${count(report.rejected, "row")} rejected (see the problems).` : "";
  const stopped = report.stopped ? ` Stopped: ${report.stopped}` : "";
  if (report.created + report.updated === 0 && report.rows > 0 && !report.stopped)
    return `${report.dryRun ? "Dry run: n" : "N"}othing ${report.dryRun ? "would change" : "changed"}: every product is already as in the file.${rejected}`;
  return `${verb}${parts.join(", ")} of ${count(report.rows, "row")}.${rejected}${stopped}`;
}

class DryRunRollback extends Error {}

/** A catalogue file whose every row has been read once: well-formed, within the limits. */
export interface CheckedCatalogFile {
  /** Reads the rows again, from the start. */
  rows: () => AsyncGenerator<FileRow>;
  /** Product rows (the header not counted, blank rows counted). */
  total: number;
}

/**
 * Reads `file` (its name gives the format: .csv or .xlsx) once, writing nothing, and refuses it as a
 * whole (StoreError "Invalid") if it is not a catalogue file: a broken quote on row 80,000 is found
 * before any batch is written.
 */
export async function checkCatalogFile(file: { path: string; name: string }): Promise<CheckedCatalogFile> {
  const format: CatalogFormat = formatOfName(file.name);
  const { size } = await stat(file.path);
  await checkFileContent(file.path, format, size);
  if (format === "xlsx") await checkWorkbookSize(file.path, size);
  const rows = () => (format === "csv" ? csvRows(createReadStream(file.path)) : xlsxRows(file.path, size));
  let total = 0;
  for await (const { cells } of rows()) {
    if (total === 0) {
      const header = readHeader(cells);
      if (!header.ok) throw new StoreError("Invalid", header.message);
    }
    total++;
  }
  return { rows, total: Math.max(0, total - 1) };
}

/** Checks and imports `file`; a refused file throws a StoreError ("Invalid") and changes nothing. */
export async function importCatalogFile(
  db: Database,
  file: { path: string; name: string },
  options: ImportOptions = {},
): Promise<ImportReport> {
  return importCheckedFile(db, await checkCatalogFile(file), options);
}

/** Imports a file `checkCatalogFile` accepted. */
export async function importCheckedFile(db: Database, file: CheckedCatalogFile, options: ImportOptions = {}) {
  const families = await planFamilies(db, file.rows());
  return importRows(db, file.rows(), { ...options, total: Math.max(1, file.total), families });
}

async function importRows(
  db: Database,
  rows: AsyncGenerator<FileRow>,
  options: ImportOptions & { total: number; families?: FamilyPlan },
): Promise<ImportReport> {
  const families = options.families ?? noFamilies;
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const dryRun = options.dryRun ?? false;
  let header: CatalogHeader | undefined;
  const report: ImportReport = {
    kind: "products",
    dryRun,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    problems: [],
    unlistedProblems: 0,
  };
  const reject = (row: number, problems: CellProblem[]) => {
    report.rejected++;
    for (const problem of problems) {
      if (report.problems.length < MAX_LISTED_PROBLEMS) report.problems.push({ row, ...problem });
      else report.unlistedProblems++;
    }
  };
  // Normalized part number -> the row it first appeared on: a second row with it is refused.
  const firstRowOf = new Map<string, number>();
  let batch: { row: number; input: ProductInput }[] = [];
  let feedBatch: { row: number; input: FeedRow }[] = [];
  const grew = dryRun ? async () => {} : vacuumingAsItGrows(db);
  let storage: MediaStorage | undefined;
  const rowStorage = () => {
    storage ??= dryRun ? dryRunStorage(mediaStorage()) : mediaStorage();
    return storage;
  };

  // While one batch is written, the next is read and checked row by row: the file's parsing
  // overlaps the database's work. One batch is written at a time, in file order.
  let writing: Promise<void> | undefined;
  const flush = async () => {
    await writing;
    if (report.stopped) return;
    const products = batch;
    const feed = feedBatch;
    batch = [];
    feedBatch = [];
    writing = (async () => {
      const written =
        header?.kind === "stock-and-price"
          ? await writeFeedBatch(db, feed, { dryRun, reject, adminId: options.adminId })
          : await writeProductBatch(db, products, firstRowOf, { dryRun, reject, adminId: options.adminId });
      report.created += written.created;
      report.updated += written.updated;
      report.unchanged += written.unchanged;
      await grew(written.created);
      options.onProgress?.({ rows: report.rows, share: Math.min(1, report.rows / options.total) });
    })();
    // Its failure surfaces where it is awaited (the next batch, or the end), not as unhandled.
    writing.catch(() => {});
  };

  for await (const { row, cells } of rows) {
    if (!header) {
      const read = readHeader(cells);
      if (!read.ok) throw new StoreError("Invalid", read.message);
      header = read.header;
      report.kind = header.kind;
      continue;
    }
    if (isBlankRow(cells)) continue;
    report.rows++;
    const byColumn = cellsByColumn(header, cells);
    const extra = extraCellsProblem(header, cells);
    const key = normalizePartNumber(byColumn.part_number ?? "");
    const first = firstRowOf.get(key);
    if (key !== "" && first === undefined) firstRowOf.set(key, row);
    const mapped = header.kind === "stock-and-price" ? feedFromRow(byColumn) : productFromRow(header, byColumn);
    const problems = [...(extra ? [extra] : []), ...(mapped.ok ? [] : mapped.problems)];
    if (first !== undefined)
      problems.unshift({
        column: "part_number",
        message: `${byColumn.part_number?.trim()} is already on row ${first}: a part number may appear once in a file`,
      });
    const family = families.refusedRows.get(row);
    if (family) problems.push({ column: "family", message: family });
    if (problems.length > 0 || !mapped.ok) {
      reject(row, problems);
      continue;
    }
    if (header.kind === "stock-and-price") feedBatch.push({ row, input: mapped.input as FeedRow });
    else {
      const input = mapped.input as ProductInput;
      const withMedia =
        input.images.length + input.documents.length > 0
          ? await importRowMedia(input, options.mediaFolder, rowStorage())
          : { ok: true as const, input };
      if (!withMedia.ok) {
        reject(row, withMedia.problems);
        continue;
      }
      batch.push({ row, input: withMedia.input });
    }
    if (batch.length + feedBatch.length >= batchSize) {
      await flush();
      if (report.stopped) break;
    }
  }
  if (!header) throw new StoreError("Invalid", "The file is empty: its first row must name the columns.");
  if (batch.length + feedBatch.length > 0) await flush();
  await writing;
  // Problems only the database sees are found a batch later than those of the row itself.
  report.problems.sort((a, b) => a.row - b.row);
  return report;

  // A batch that fails to write (the database refused it) stops the import; the earlier ones stand.
  async function guarded<T extends { created: number; updated: number; unchanged: number }>(
    first: number,
    last: number,
    write: () => Promise<T>,
  ): Promise<T | { created: 0; updated: 0; unchanged: 0 }> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof DryRunRollback) throw error;
      report.stopped = `rows ${first} to ${last} could not be written (${error instanceof Error ? error.message : String(error)}); none of them was written${report.created + report.updated > 0 ? ", the rows before them were" : ""}. Fix the cause and import the file again: rows already written will be left unchanged.`;
      return { created: 0, updated: 0, unchanged: 0 };
    }
  }

  async function writeProductBatch(
    database: Database,
    pending: { row: number; input: ProductInput }[],
    known: Map<string, number>,
    how: { dryRun: boolean; reject: typeof reject; adminId?: string },
  ) {
    if (pending.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    // Related parts may name products of this file, on earlier rows or in this batch.
    const relatedInFile = new Set(
      pending.flatMap(({ input }) => input.relatedParts).filter((part) => known.has(normalizePartNumber(part))),
    );
    const checked = await checkProducts(
      database,
      pending.map(({ input }) => input),
      relatedInFile,
    );
    const good: CheckedProduct[] = [];
    for (const [i, result] of checked.entries()) {
      const { row } = pending[i] as { row: number };
      if (result.ok) good.push(result.product);
      else
        how.reject(
          row,
          result.problems.map((problem) => ({ column: columnOf(problem.field), message: problem.message })),
        );
    }
    if (good.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    const first = pending[0]?.row ?? 0;
    const last = pending.at(-1)?.row ?? 0;
    return guarded(first, last, () =>
      inBatchTransaction(database, how.dryRun, async (tx) => {
        await writeFamilies(
          tx,
          good.flatMap(({ input }) => {
            const family = input.family ? families.families.get(familyKey(input.family)) : undefined;
            return family ? [family] : [];
          }),
        );
        const saved = await saveProducts(tx, good);
        if (how.adminId && saved.changedIds.length > 0)
          await recordAudit(tx, {
            adminId: how.adminId,
            action: "catalog.import",
            entity: "products",
            entityId: `rows ${first}-${last}`,
            before: null,
            after: { created: saved.created, updated: saved.updated },
          });
        return {
          created: saved.created.length,
          updated: saved.updated.length,
          unchanged: saved.unchanged.length,
        };
      }),
    );
  }

  async function writeFeedBatch(
    database: Database,
    pending: { row: number; input: FeedRow }[],
    how: { dryRun: boolean; reject: typeof reject; adminId?: string },
  ) {
    if (pending.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    const first = pending[0]?.row ?? 0;
    const last = pending.at(-1)?.row ?? 0;
    return guarded(first, last, () =>
      inBatchTransaction(database, how.dryRun, async (tx) => {
        const changes = await feedChanges(tx, pending, how.reject);
        if (changes.changed.length > 0) {
          await tx.execute(sql`
            update ${products} set price = feed.price, stock_level = feed.stock_level
            from jsonb_to_recordset(${JSON.stringify(changes.changed)}::jsonb)
              as feed(id uuid, price numeric(12, 2), stock_level integer)
            where ${products.id} = feed.id`);
          await fillBackorders(tx, changes.restockedIds);
          await notifyBackInStock(tx, changes.restockedIds);
          if (how.adminId)
            await recordAudit(tx, {
              adminId: how.adminId,
              action: "catalog.stock-and-price",
              entity: "products",
              entityId: `rows ${first}-${last}`,
              before: changes.before,
              after: changes.changed.map(({ partNumber, price, stock_level }) => ({ partNumber, price, stock_level })),
            });
        }
        return { created: 0, updated: changes.changed.length, unchanged: changes.unchanged };
      }),
    );
  }
}

/** What a feed batch changes: unknown part numbers and prices below a product's own bulk tiers are rejected. */
async function feedChanges(
  tx: Transaction,
  pending: { row: number; input: FeedRow }[],
  reject: (row: number, problems: CellProblem[]) => void,
) {
  const keys = pending.map(({ input }) => normalizePartNumber(input.partNumber));
  const current = await tx
    .select({
      id: products.id,
      partKey: products.partKey,
      partNumber: products.partNumber,
      price: products.price,
      stockLevel: products.stockLevel,
    })
    .from(products)
    .where(inArray(products.partKey, keys));
  const byKey = new Map(current.map((product) => [product.partKey ?? "", product]));
  const tierRows = current.length
    ? await tx
        .select()
        .from(productBulkTiers)
        .where(
          inArray(
            productBulkTiers.productId,
            current.map((product) => product.id),
          ),
        )
        .orderBy(asc(productBulkTiers.minQuantity))
    : [];
  const changed: { id: string; partNumber: string; price: string; stock_level: number }[] = [];
  const restockedIds: string[] = [];
  const before: { partNumber: string; price: string; stock_level: number }[] = [];
  let unchanged = 0;
  for (const { row, input } of pending) {
    const product = byKey.get(normalizePartNumber(input.partNumber));
    if (!product) {
      reject(row, [
        {
          column: "part_number",
          message: `There is no product ${input.partNumber}: a stock-and-price feed changes existing products only`,
        },
      ]);
      continue;
    }
    const tiers = tierRows.filter((tier) => tier.productId === product.id);
    const problem = tierProblem(input.price, tiers);
    if (problem) {
      reject(row, [{ column: "price", message: `${problem} (the product's bulk tiers stay as they are)` }]);
      continue;
    }
    if (Number(product.price) === Number(input.price) && product.stockLevel === input.stockLevel) {
      unchanged++;
      continue;
    }
    changed.push({ id: product.id, partNumber: product.partNumber, price: input.price, stock_level: input.stockLevel });
    if (product.stockLevel === 0 && input.stockLevel > 0) restockedIds.push(product.id);
    before.push({ partNumber: product.partNumber, price: product.price, stock_level: product.stockLevel });
  }
  return { changed, before, unchanged, restockedIds };
}

/**
 * Does what autovacuum would do, when an import needs it. Called with each batch's count of created
 * products, the function returned vacuums and analyzes the tables once the products created since
 * the last time outnumber those counted then: an empty catalogue after the first batch, then at
 * twice, four times... its size (a few times per import). Autovacuum looks once a minute: a
 * catalogue that was empty stayed unvacuumed long into a 100,000-row import, and the planner,
 * reading a new trigram index's statistics (VACUUM keeps them), looked a batch's part numbers up
 * through that index instead of the unique one, each number scanning the index's pending entries:
 * 1 ms became 1 to 6 s a batch (BENCHMARKS.md, Catalogue import). The store's own part-number
 * lookups are spared the same.
 */
function vacuumingAsItGrows(db: Database): (created: number) => Promise<void> {
  let counted: number | undefined;
  let uncounted = 0;
  return async (created) => {
    if (created === 0) return;
    if (counted === undefined) {
      const result = await db.execute<{ reltuples: number }>(
        sql`select reltuples::float8 as reltuples from pg_class where oid = ${getTableName(products)}::regclass`,
      );
      // -1: never counted.
      counted = Math.max(0, Number(result.rows[0]?.reltuples ?? 0));
    }
    uncounted += created;
    if (uncounted < counted) return;
    // The attribute values too: the listings' spec filters are planned from their statistics.
    await db.execute(sql`vacuum (analyze) ${products}, ${productAttributeValues}`);
    counted += uncounted;
    uncounted = 0;
  };
}

/**
 * Runs `write` in one transaction, announcing the change once it commits. A dry run's transaction
 * is rolled back after the counting, so it reports exactly what a real run would do.
 */
async function inBatchTransaction<T extends { created: number; updated: number; unchanged: number }>(
  db: Database,
  dryRun: boolean,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await write(tx);
      if (dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  if (!result) throw new Error("The batch wrote nothing.");
  if (!dryRun && result.created + result.updated > 0) announce("catalogChanged", { productIds: [] });
  return result;
}
