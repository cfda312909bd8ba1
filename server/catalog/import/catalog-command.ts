// `npm run catalog:import -- FILE [--dry-run]` and `npm run catalog:export -- FILE`: the catalogue
// file on the database the store uses (DATABASE_URL, else the PGlite under DATA_DIR, which must not
// be in use by a running store). The exit code says how it went: 0 every row imported, 2 some rows
// were rejected (each listed), 1 the file was refused or the import stopped.
import { createWriteStream } from "node:fs";
import path from "node:path";
import { progressBar } from "../../cli/progress";
import { setDatabase } from "../../db/client";
import { locationFromEnv, openStoreDatabase } from "../../db/store-location";
import { StoreError } from "../../errors";
import { formatOfName } from "./catalog-file-readers";
import { exportCatalog } from "./export-catalog";
import { importCatalogFile, summarizeImport } from "./import-catalog";

const IMPORT_USAGE = "Usage: npm run catalog:import -- FILE [--dry-run]   (FILE a .csv or .xlsx catalogue file)";
const EXPORT_USAGE = "Usage: npm run catalog:export -- FILE   (FILE ending in .csv or .xlsx)";

export function parseImportArguments(args: string[]): { file: string; dryRun: boolean } {
  const files = args.filter((arg) => !arg.startsWith("--"));
  const unknown = args.find((arg) => arg.startsWith("--") && arg !== "--dry-run");
  if (unknown) throw new StoreError("Invalid", `Unknown option ${unknown}. ${IMPORT_USAGE}`);
  if (files.length !== 1) throw new StoreError("Invalid", IMPORT_USAGE);
  return { file: path.resolve(files[0] ?? ""), dryRun: args.includes("--dry-run") };
}

async function withStoreDatabase<T>(work: (db: Awaited<ReturnType<typeof openStoreDatabase>>["db"]) => Promise<T>) {
  const handle = await openStoreDatabase(locationFromEnv());
  // The files an import names are stored where the store keeps them, which on PostgreSQL is the
  // open database (server/media/storage.ts reads it as the store's).
  setDatabase(handle);
  try {
    await handle.migrate();
    return await work(handle.db);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

export async function importMain(args: string[]) {
  try {
    const { file, dryRun } = parseImportArguments(args);
    const bar = progressBar(process.stdout);
    const report = await withStoreDatabase((db) =>
      importCatalogFile(
        db,
        { path: file, name: file },
        {
          dryRun,
          mediaFolder: path.dirname(file),
          onProgress: ({ rows, share }) => bar.update(share, `${rows.toLocaleString("en-US")} rows`),
        },
      ),
    );
    bar.done();
    for (const problem of report.problems) console.log(`Row ${problem.row}, ${problem.column}: ${problem.message}`);
    if (report.unlistedProblems > 0)
      console.log(`… and ${report.unlistedProblems.toLocaleString("en-US")} more problems not listed.`);
    console.log(summarizeImport(report));
    process.exitCode = report.stopped ? 1 : report.rejected > 0 ? 2 : 0;
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? error.message : String(error));
  }
}

export async function exportMain(args: string[]) {
  try {
    if (args.length !== 1 || args[0]?.startsWith("--")) throw new StoreError("Invalid", EXPORT_USAGE);
    const file = path.resolve(args[0] ?? "");
    const format = formatOfName(file);
    const count = await withStoreDatabase((db) => exportCatalog(db, format, createWriteStream(file)));
    console.log(`Wrote ${count.toLocaleString("en-US")} products to ${file}.`);
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? error.message : String(error));
  }
}
