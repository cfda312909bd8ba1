// `npm run backup -- [--out FOLDER]`: one consistent backup of the store's database and uploaded
// files, taken while the store runs or not (docs/decisions/backups.md, README "Backups").
import { existsSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/data-dir-lock";
import { journalEntries } from "../db/migration-journal";
import {
  describeDatabase,
  locationFromEnv,
  openStoreDatabase,
  pgliteFolder,
  type StoreLocation,
} from "../db/store-location";
import { copyFiles } from "../media/storage";
import { dumpFromRunningStore } from "./backup-endpoint";
import { BackupError, type Manifest, writeBackup } from "./backup-folder";
import { type DumpLine, dumpDatabase } from "./dump";

const USAGE = "Usage: npm run backup -- [--out FOLDER]";

/** `backups/store-2026-11-20T10-00-00Z` under the current folder. */
export function defaultBackupFolder(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return path.resolve("backups", `store-${stamp}`);
}

export function parseBackupArguments(args: string[]): { out: string } {
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = (args[i] ?? "").split("=", 2);
    if (flag !== "--out") throw new BackupError(`Unknown option ${flag}. ${USAGE}`);
    out = inline ?? args[++i];
    if (!out) throw new BackupError(`--out needs a folder. ${USAGE}`);
  }
  return { out: path.resolve(out ?? defaultBackupFolder()) };
}

/** Copies the database: itself when it can, through the running store when PGlite is the store's. */
async function dumpStore(location: StoreLocation, write: (line: DumpLine) => Promise<void>) {
  let handle: Awaited<ReturnType<typeof openStoreDatabase>>;
  try {
    handle = await openStoreDatabase(location);
  } catch (error) {
    if (error instanceof DataDirLockedError) return dumpFromRunningStore(location.dataDir, write);
    throw error;
  }
  try {
    await dumpDatabase(handle.db, write);
  } finally {
    await handle.close();
  }
}

/** Copies the store's files into the backup, from PostgreSQL's table, the bucket or DATA_DIR/files. */
async function backUpFiles(location: StoreLocation, backupFolder: string) {
  // PGlite's files are in the folder, so only PostgreSQL is opened here (PGlite may be the running store's).
  const handle =
    location.databaseUrl && !location.s3 ? await openDatabase({ databaseUrl: location.databaseUrl }) : undefined;
  try {
    await copyFiles({ dataDir: location.dataDir, s3: location.s3, database: handle?.db }, { dataDir: backupFolder });
  } finally {
    await handle?.close();
  }
}

export async function runBackup(location: StoreLocation, out: string): Promise<Manifest> {
  if (!location.databaseUrl && !existsSync(pgliteFolder(location)))
    throw new BackupError(`${location.dataDir} has no database to back up.`);
  return writeBackup(
    out,
    {
      driver: location.databaseUrl ? "postgres" : "pglite",
      copyFiles: (backupFolder) => backUpFiles(location, backupFolder),
      migrationTag: (count) => journalEntries()[count - 1]?.tag ?? null,
    },
    (write) => dumpStore(location, write),
  );
}

export async function main(args: string[]) {
  try {
    const { out } = parseBackupArguments(args);
    const location = locationFromEnv();
    const manifest = await runBackup(location, out);
    console.log(
      `Backed up ${manifest.database.rows.toLocaleString("en-US")} rows in ${Object.keys(manifest.database.tables).length} tables and ${manifest.files.count} files from ${describeDatabase(location)} to ${out}`,
    );
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? error.message : String(error));
  }
}
