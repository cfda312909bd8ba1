// `npm run restore -- FOLDER [--force]`: brings a backup back into an empty database and DATA_DIR,
// the store stopped (docs/decisions/backups.md, README "Backups").
import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { journalEntries, migrationsUpTo } from "../db/migration-journal";
import {
  describeDatabase,
  filesFolder,
  locationFromEnv,
  openStoreDatabase,
  type StoreLocation,
} from "../db/store-location";
import { copyFiles } from "../media/storage";
import { makePrivate } from "../private-files";
import { BackupError, isEmptyFolder, type Manifest, openBackup } from "./backup-folder";
import { loadDatabase, storeSequences, storeTables } from "./dump";

const USAGE = "Usage: npm run restore -- FOLDER [--force]";

export function parseRestoreArguments(args: string[]): { from: string; force: boolean } {
  let from: string | undefined;
  let force = false;
  for (const arg of args) {
    if (arg === "--force") force = true;
    else if (arg.startsWith("-")) throw new BackupError(`Unknown option ${arg}. ${USAGE}`);
    else if (from) throw new BackupError(`Give one backup folder. ${USAGE}`);
    else from = arg;
  }
  if (!from) throw new BackupError(`Which backup? ${USAGE}`);
  return { from: path.resolve(from), force };
}

/** The store's migrations must begin with the ones the backup's database had, so its rows fit. */
function checkSchemaVersion(from: string, { migrations }: Manifest) {
  const journal = journalEntries();
  if (migrations.count > journal.length)
    throw new BackupError(
      `${from} comes from a newer store (${migrations.count} migrations; this one has ${journal.length}); restore it with that version.`,
    );
  const last = journal[migrations.count - 1];
  if (migrations.count > 0 && String(last?.when) !== migrations.last)
    throw new BackupError(
      `${from} was taken with other migrations than this store's (its last is ${migrations.lastTag}); restore it with the version that took it.`,
    );
}

/** Tables and sequences of the store's schema (and drizzle's record of its migrations). */
async function storeRelationCount(db: Database): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'S', 'v', 'm')`);
  return result.rows[0]?.count ?? 0;
}

/** Drops what the store's migrations created, so the database is as empty as a new one. */
async function dropStoreSchema(db: Database) {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  for (const { name } of await storeTables(db))
    await db.execute(sql`drop table if exists ${sql.identifier("public")}.${sql.identifier(name)} cascade`);
  for (const name of await storeSequences(db))
    await db.execute(sql`drop sequence if exists ${sql.identifier("public")}.${sql.identifier(name)}`);
  // The migrations' own functions (oem_keys); an extension's (pg_trgm's) stay with the extension.
  const functions = await db.execute<{ signature: string }>(sql`
    select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
  for (const { signature } of functions.rows) await db.execute(sql.raw(`drop function if exists ${signature} cascade`));
}

export async function runRestore(
  location: StoreLocation,
  from: string,
  { force = false }: { force?: boolean } = {},
): Promise<Manifest> {
  const backup = await openBackup(from);
  const { manifest } = backup;
  checkSchemaVersion(from, manifest);
  const handle = await openStoreDatabase(location);
  try {
    const relations = await storeRelationCount(handle.db);
    const files = filesFolder(location);
    if ((relations > 0 || !isEmptyFolder(files)) && !force) {
      const what = relations > 0 ? describeDatabase(location) : files;
      throw new BackupError(
        `${what} is not empty; restore into an empty one, or add --force to replace what is there.`,
      );
    }
    await dropStoreSchema(handle.db);
    rmSync(files, { recursive: true, force: true });

    // The backup's rows go into the schema they were read from; later migrations then run on them.
    const earlier = migrationsUpTo(manifest.migrations.count);
    try {
      await handle.migrate(earlier.folder);
    } finally {
      earlier.remove();
    }
    await loadDatabase(handle.db, backup.lines());
    await handle.migrate();
    // Into the place the store reads them from; a bucket keeps what it has (every key names its file).
    await copyFiles(
      { dataDir: from },
      { dataDir: location.dataDir, s3: location.s3, database: handle.driver === "postgres" ? handle.db : undefined },
    );
    // A copy keeps the modes of the backup's files, which may have been written before they were private.
    makePrivate(location.dataDir);
    return manifest;
  } finally {
    await handle.close();
  }
}

export async function main(args: string[]) {
  try {
    const { from, force } = parseRestoreArguments(args);
    const location = locationFromEnv();
    const manifest = await runRestore(location, from, { force });
    console.log(
      `Restored ${manifest.database.rows.toLocaleString("en-US")} rows in ${Object.keys(manifest.database.tables).length} tables and ${manifest.files.count} files into ${describeDatabase(location)} from ${from} (taken ${manifest.createdAt} on ${manifest.driver})`,
    );
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? error.message : String(error));
  }
}
