// The store's own backups (docs/decisions/backups.md): once a day at the admin's time, as a
// background duty, and whenever the admin asks, into BACKUP_DIR (DATA_DIR/backups by default),
// keeping the newest few. The admin's Backups page lists them with their size and their check,
// and hands one out as a .tar.gz.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, isNull, ne, or } from "drizzle-orm";
import { create as createTar } from "tar";
import { type BackupSchedule, backupDueDay, backupsBeyond } from "../../domain/admin/backup-schedule";
import type { Day } from "../../domain/dates/dates";
import { recordAudit } from "../admin/audit";
import { config } from "../config";
import { databaseDriver, db } from "../db/client";
import { journalEntries } from "../db/migration-journal";
import { backupSchedule } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { copyFiles, storePlace } from "../media/storage";
import { runEvery } from "../periodic";
import { defaultBackupFolder } from "./backup-command";
import { filesIn, type Manifest, sha256Of, writeBackup } from "./backup-folder";
import { dumpDatabase } from "./dump";

const defaults: BackupSchedule = { enabled: true, time: "02:00", keep: 7 };

export interface ScheduleState extends BackupSchedule {
  lastRunOn: Day | null;
  lastResult: string | null;
  lastFailed: boolean;
}

export async function readBackupSchedule(): Promise<ScheduleState> {
  const [row] = await db()
    .select({
      enabled: backupSchedule.enabled,
      time: backupSchedule.time,
      keep: backupSchedule.keep,
      lastRunOn: backupSchedule.lastRunOn,
      lastResult: backupSchedule.lastResult,
      lastFailed: backupSchedule.lastFailed,
    })
    .from(backupSchedule)
    .where(eq(backupSchedule.id, true));
  return row ?? { ...defaults, lastRunOn: null, lastResult: null, lastFailed: false };
}

export async function saveBackupSchedule(adminId: string, change: BackupSchedule) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(backupSchedule).where(eq(backupSchedule.id, true)).for("update");
    await tx
      .insert(backupSchedule)
      .values({ id: true, ...change, updatedAt: new Date() })
      .onConflictDoUpdate({ target: backupSchedule.id, set: { ...change, updatedAt: new Date() } });
    await recordAudit(tx, {
      adminId,
      action: "change_backup_schedule",
      entity: "backup_schedule",
      entityId: "store",
      before: before && { enabled: before.enabled, time: before.time, keep: before.keep },
      after: change,
    });
  });
}

export interface BackupListing {
  name: string;
  createdAt: string;
  bytes: number;
  rows: number;
  files: number;
  /** Whether the database file still has the checksum its manifest recorded. */
  intact: boolean;
}

// A backup's check reads its whole database file: done once per file as it is on disk.
const checked = new Map<string, boolean>();

async function isIntact(folder: string, manifest: Manifest): Promise<boolean> {
  const file = path.join(folder, manifest.database.file);
  if (!existsSync(file)) return false;
  const { size, mtimeMs } = statSync(file);
  const key = `${file}:${size}:${mtimeMs}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const intact = (await sha256Of(file)) === manifest.database.sha256;
  checked.set(key, intact);
  return intact;
}

/** The whole backups in the folder (a `.partial` one is still being written), newest first. */
export async function listBackups(folder = config().BACKUP_DIR): Promise<BackupListing[]> {
  if (!existsSync(folder)) return [];
  const listings: BackupListing[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const manifestFile = path.join(folder, entry.name, "manifest.json");
    if (!entry.isDirectory() || !existsSync(manifestFile)) continue;
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
    } catch {
      continue;
    }
    const backup = path.join(folder, entry.name);
    listings.push({
      name: entry.name,
      createdAt: manifest.createdAt,
      bytes: filesIn(backup).bytes,
      rows: manifest.database.rows,
      files: manifest.files.count,
      intact: await isIntact(backup, manifest),
    });
  }
  return listings.sort((a, b) => b.name.localeCompare(a.name));
}

// One backup at a time in this process: the admin's button and the schedule may meet.
let inProgress: Promise<unknown> = Promise.resolve();

/** Backs the store up into the folder now, from this process's own connection; returns the new backup's name. */
export function backUpNow(folder = config().BACKUP_DIR): Promise<{ name: string; manifest: Manifest }> {
  const next = inProgress.then(async () => {
    // Named for the second it starts; a second one within that second gets a suffix.
    const stamped = path.join(folder, path.basename(defaultBackupFolder()));
    let out = stamped;
    for (let n = 2; existsSync(out) || existsSync(`${out}.partial`); n++) out = `${stamped}-${n}`;
    const manifest = await writeBackup(
      out,
      {
        driver: databaseDriver(),
        copyFiles: (backupFolder) => copyFiles(storePlace(), { dataDir: backupFolder }),
        migrationTag: (count) => journalEntries()[count - 1]?.tag ?? null,
      },
      (write) => dumpDatabase(db(), write),
    );
    return { name: path.basename(out), manifest };
  });
  inProgress = next.catch(() => {});
  return next;
}

/** Deletes the backups beyond the newest `keep`; returns their names. */
export async function pruneBackups(keep: number, folder = config().BACKUP_DIR): Promise<string[]> {
  const names = (await listBackups(folder)).map((backup) => backup.name);
  const gone = backupsBeyond(names, keep);
  for (const name of gone) rmSync(path.join(folder, name), { recursive: true, force: true });
  return gone;
}

/**
 * Takes today's scheduled backup when it is due and no process has taken it: the day is claimed in
 * the database first, so of several processes (or a restart) one backs up, once.
 */
export async function runScheduledBackup(now = new Date(), folder = config().BACKUP_DIR): Promise<string | null> {
  const schedule = await readBackupSchedule();
  const day = backupDueDay(now, schedule, schedule.lastRunOn);
  if (!day) return null;
  const claimed = await db()
    .update(backupSchedule)
    .set({ lastRunOn: day })
    .where(and(eq(backupSchedule.id, true), or(isNull(backupSchedule.lastRunOn), ne(backupSchedule.lastRunOn, day))))
    .returning({ id: backupSchedule.id });
  if (claimed.length === 0) return null;
  const record = (lastResult: string, lastFailed: boolean) =>
    db().update(backupSchedule).set({ lastResult, lastFailed }).where(eq(backupSchedule.id, true));
  try {
    const { name, manifest } = await backUpNow(folder);
    const pruned = await pruneBackups(schedule.keep, folder);
    logger.info({ backup: name, rows: manifest.database.rows, pruned }, "scheduled backup written");
    await record(`${name}: ${manifest.database.rows.toLocaleString("en-US")} rows`, false);
    return name;
  } catch (error) {
    logger.error({ err: error }, "scheduled backup failed");
    await record(error instanceof Error ? error.message : String(error), true);
    return null;
  }
}

/** The duty: looks every minute whether today's backup is due. */
export function startScheduledBackups(intervalMs = 60_000): () => void {
  return runEvery(intervalMs, "scheduled backup", () => runScheduledBackup());
}

/** A backup of the folder as a gzipped tar stream, or NotFound for a name that is not one of its backups. */
export async function backupArchive(name: string, folder = config().BACKUP_DIR): Promise<ReadableStream<Uint8Array>> {
  const known = (await listBackups(folder)).some((backup) => backup.name === name);
  if (!known) throw new StoreError("NotFound", "That backup does not exist. It may have been deleted by the schedule.");
  const tar = createTar({ gzip: true, cwd: folder, portable: true }, [name]);
  // tar's stream is a Minipass, not a Node stream: read through its async iteration.
  return Readable.toWeb(Readable.from(tar)) as ReadableStream<Uint8Array>;
}
