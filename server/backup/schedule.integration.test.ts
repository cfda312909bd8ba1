import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { signedUpBuyer } from "../../test/store-fixtures";
import { db } from "../db/client";
import { adminAuditLog } from "../db/schema";
import { StoreError } from "../errors";
import { backupArchive, listBackups, readBackupSchedule, runScheduledBackup, saveBackupSchedule } from "./schedule";

withTestDatabase();

const folder = () => mkdtempSync(path.join(tmpdir(), "store-scheduled-backups-"));
// Days after the store's first (the migration counts the day it ran as backed up); 02:00 in New
// York on these December days is 07:00 UTC.
const before = new Date("2036-12-02T06:59:00Z");
const at = (day: number) => new Date(`2036-12-${String(day).padStart(2, "0")}T07:00:00Z`);

describe("scheduled backups", () => {
  it("start on, at 02:00, keeping 7, with the first the night after the store's first start", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect(await readBackupSchedule()).toMatchObject({ enabled: true, time: "02:00", keep: 7, lastRunOn: today });
    expect(await runScheduledBackup(new Date(), folder())).toBeNull();
  });

  it("back up once a day from the schedule's time, however many processes ask at once", async () => {
    const backups = folder();
    expect(await runScheduledBackup(before, backups)).toBeNull();
    const taken = await Promise.all([runScheduledBackup(at(2), backups), runScheduledBackup(at(2), backups)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await runScheduledBackup(new Date("2036-12-02T20:00:00Z"), backups)).toBeNull();
    const [listed, ...others] = await listBackups(backups);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({ name: taken.find(Boolean), intact: true });
    expect(listed?.rows).toBeGreaterThan(0);
    expect(listed?.bytes).toBeGreaterThan(0);
    expect(await readBackupSchedule()).toMatchObject({ lastRunOn: "2036-12-02", lastFailed: false });
  });

  it("keep the newest as many as the schedule says, deleting the oldest", async () => {
    const backups = folder();
    const admin = await signedUpBuyer("backup-admin@example.com");
    await saveBackupSchedule(admin.id, { enabled: true, time: "02:00", keep: 2 });
    const names = [];
    for (const day of [10, 11, 12]) names.push(await runScheduledBackup(at(day), backups));
    expect(names.every(Boolean)).toBe(true);
    expect(readdirSync(backups).sort()).toEqual(names.slice(1).sort());
    const [audit] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "change_backup_schedule"));
    expect(audit?.after).toEqual({ enabled: true, time: "02:00", keep: 2 });
  });

  it("do not run while the schedule is off", async () => {
    const backups = folder();
    const admin = await signedUpBuyer("backup-admin-off@example.com");
    await saveBackupSchedule(admin.id, { enabled: false, time: "02:00", keep: 2 });
    expect(await runScheduledBackup(at(20), backups)).toBeNull();
    expect(readdirSync(backups)).toEqual([]);
    await saveBackupSchedule(admin.id, { enabled: true, time: "02:00", keep: 7 });
  });
});

describe("a listed backup", () => {
  it("says when its database file no longer matches its checksum", async () => {
    const backups = folder();
    const name = await runScheduledBackup(at(25), backups);
    writeFileSync(path.join(backups, String(name), "database.jsonl.gz"), "not the dump");
    expect((await listBackups(backups))[0]).toMatchObject({ name, intact: false });
  });

  it("downloads as a .tar.gz of its folder; a name that is not a backup is not found", async () => {
    const backups = folder();
    const name = String(await runScheduledBackup(at(26), backups));
    const archive = Buffer.from(await new Response(await backupArchive(name, backups)).arrayBuffer());
    const tar = gunzipSync(archive).toString("latin1");
    expect(tar).toContain(`${name}/manifest.json`);
    expect(tar).toContain(`${name}/database.jsonl.gz`);
    for (const bad of ["../..", `${name}/../..`, "manifest.json", "nope"]) {
      const refused = await backupArchive(bad, backups).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StoreError);
      expect((refused as StoreError).kind).toBe("NotFound");
    }
  });
});
