// A backup is one folder (docs/decisions/backups.md): manifest.json, database.jsonl.gz (the
// logical dump of server/backup/dump.ts) and files/ (the store's uploaded files, wherever they live,
// laid out as DATA_DIR/files is).
// It is written under a `.partial` name and renamed when complete, so a folder with the final
// name is always a whole backup.
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { chunkedWriter } from "../db/line-chunks";
import { makePrivate } from "../private-files";
import type { DumpLine, DumpSummary } from "./dump";

export const BACKUP_FORMAT = 1;
const DATABASE_FILE = "database.jsonl.gz";
const MANIFEST_FILE = "manifest.json";
const FILES_FOLDER = "files";

/** A backup or restore that cannot go on; its message is the one line the operator reads. */
export class BackupError extends Error {}

export interface Manifest {
  /** The layout of this folder; a store refuses a format it does not know. */
  format: number;
  createdAt: string;
  /** The database it was taken from; a backup restores into either. */
  driver: "pglite" | "postgres";
  /** The schema's version: how many of the store's migrations had run, and the last one's name. */
  migrations: { count: number; last: string | null; lastTag: string | null };
  database: { file: string; sha256: string; rows: number; tables: Record<string, number> };
  files: { count: number; bytes: number };
}

/** Whether `folder` is missing or has nothing in it. */
export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/** How many files `folder` holds (at any depth), and their bytes. */
export function filesIn(folder: string): { count: number; bytes: number } {
  const total = { count: 0, bytes: 0 };
  if (!existsSync(folder)) return total;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    total.count++;
    total.bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

/**
 * Writes a backup to `out`: the lines `dump` writes, then the store's files, which `copyFiles`
 * writes into the backup's folder as into a DATA_DIR (so every file the copied rows name was there
 * when they were read), then the manifest. Nothing is left under `out` when it fails.
 */
export async function writeBackup(
  out: string,
  options: {
    driver: Manifest["driver"];
    copyFiles: (backupFolder: string) => Promise<unknown>;
    migrationTag: (count: number) => string | null;
  },
  dump: (write: (line: DumpLine) => Promise<void>) => Promise<unknown>,
): Promise<Manifest> {
  if (!isEmptyFolder(out)) throw new BackupError(`${out} already exists and is not empty; choose another --out.`);
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const databaseFile = path.join(partial, DATABASE_FILE);
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(databaseFile));
    let summary: DumpSummary | undefined;
    // Lines reach zlib in chunks: a line at a time made a backup of 100,000 parts (765,496 rows)
    // take 35 s, half of it the kernel's.
    const lines = chunkedWriter(async (chunk) => {
      if (!gzip.write(chunk)) await once(gzip, "drain");
    });
    try {
      await dump(async (line) => {
        if (line.startsWith('["end"')) summary = (JSON.parse(line) as [string, DumpSummary])[1];
        await lines.add(`${line}\n`);
      });
      await lines.flush();
      gzip.end();
      await written;
    } catch (error) {
      gzip.destroy();
      await written.catch(() => {});
      throw error;
    }
    if (!summary) throw new BackupError("The database copy ended early; no backup was written.");
    await options.copyFiles(partial);
    // Password hashes, sessions and every order: private, whatever the modes of the files copied in.
    makePrivate(partial);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      driver: options.driver,
      migrations: { ...summary.migrations, lastTag: options.migrationTag(summary.migrations.count) },
      database: {
        file: DATABASE_FILE,
        sha256: await sha256Of(databaseFile),
        rows: Object.values(summary.tables).reduce((sum, count) => sum + count, 0),
        tables: summary.tables,
      },
      files: filesIn(path.join(partial, FILES_FOLDER)),
    };
    writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, out);
    return manifest;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

export interface OpenedBackup {
  manifest: Manifest;
  /** The dump's lines, read from the gzipped file as they are needed. */
  lines: () => AsyncIterable<DumpLine>;
}

/** The file's lines, read once iteration starts (readline drops lines that arrive before it does). */
async function* linesOf(gzipped: string): AsyncGenerator<DumpLine> {
  yield* createInterface({ input: createReadStream(gzipped).pipe(createGunzip()), crlfDelay: Infinity });
}

/** Opens a backup folder, checking its manifest and that its database file is the one the manifest names. */
export async function openBackup(folder: string): Promise<OpenedBackup> {
  const manifestFile = path.join(folder, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new BackupError(`${folder} is not a backup: it has no ${MANIFEST_FILE}.`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${folder} is a backup in format ${manifest.format}; this store reads format ${BACKUP_FORMAT}.`,
    );
  const databaseFile = path.join(folder, manifest.database.file);
  if (!existsSync(databaseFile) || (await sha256Of(databaseFile)) !== manifest.database.sha256)
    throw new BackupError(`${databaseFile} is missing or damaged (its checksum differs from the manifest's).`);
  return {
    manifest,
    lines: () => linesOf(databaseFile),
  };
}
