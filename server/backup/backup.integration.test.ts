import { randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, testDriver } from "../../test/database";
import { cardOrder, fillCart, signedUpBuyer } from "../../test/store-fixtures";
import { seedCatalogIfEmpty } from "../catalog/seed/seed";
import { type Database, type DatabaseHandle, setDatabase } from "../db/client";
import { journalEntries } from "../db/migration-journal";
import { promoCodes } from "../db/schema";
import { openStoreDatabase, type StoreLocation } from "../db/store-location";
import { type FileSpace, fileStoreFor, mediaKey } from "../media/storage";
import { runBackup } from "./backup-command";
import type { Manifest } from "./backup-folder";
import { backedUpTables, dumpDatabase } from "./dump";
import { runRestore } from "./restore-command";

const scratch = mkdtempSync(path.join(tmpdir(), "store-backup-test-"));
const drops: (() => Promise<void>)[] = [];

/** A new, empty place for a store: a DATA_DIR, and on PostgreSQL an empty database beside it. */
async function newLocation(name: string): Promise<StoreLocation> {
  const dataDir = path.join(scratch, name);
  mkdirSync(dataDir);
  if (testDriver === "pglite") return { dataDir };
  const empty = await createEmptyDatabase();
  drops.push(empty.drop);
  return { dataDir, databaseUrl: empty.url };
}

/** The location's files: in PostgreSQL's table on PostgreSQL, in DATA_DIR/files on PGlite. */
const filesAt = (location: StoreLocation, db: Database, space: FileSpace) =>
  fileStoreFor({ dataDir: location.dataDir, database: location.databaseUrl ? db : undefined }, space);

/** Runs `use` with the location's database open (and, on PGlite, DATA_DIR locked), then closes it. */
async function withDatabase<T>(location: StoreLocation, use: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openStoreDatabase(location);
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

const comparedTables = ["orders", "order_items", "profiles", "companies", "company_members", "user", "promo_codes"];

/** Every row of `tables` (all columns, generated ones too), in the order of their first columns. */
async function rowsOf(db: Database, tables: string[]) {
  const rows: Record<string, unknown[]> = {};
  for (const name of tables) {
    rows[name] = (await db.execute(sql`select * from ${sql.identifier(name)} order by 1, 2`)).rows;
  }
  return rows;
}

/** Rows per table, for every table a backup carries. */
async function countsOf(db: Database) {
  const counts: Record<string, number> = {};
  for (const { name } of await backedUpTables(db)) {
    const [row] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from ${sql.identifier(name)}`))
      .rows;
    counts[name] = row?.count ?? -1;
  }
  return counts;
}

/** Files as the store keeps them: a product's document (named by its content) and a tax certificate. */
const documentBytes = randomBytes(4096);
type KeptFile = { space: FileSpace; key: string; bytes: Buffer };
const document: KeptFile = { space: "media", key: mediaKey(documentBytes, "pdf"), bytes: documentBytes };
const certificate: KeptFile = {
  space: "tax-certificates",
  key: "5e0c71f2a94b8d3c6e1f0a27.webp",
  bytes: randomBytes(1500),
};
const secondCertificate: KeptFile = { ...certificate, key: "a1b2c3d4e5f60718293a4b5c.webp", bytes: randomBytes(900) };

async function storeFile(location: StoreLocation, db: Database, file: KeptFile) {
  await filesAt(location, db, file.space).put(file.key, file.bytes, "application/octet-stream");
}

/** The file's bytes where the location keeps them, or undefined. */
async function fileAt(location: StoreLocation, file: KeptFile) {
  return withDatabase(location, async (db) => {
    const found = await filesAt(location, db, file.space).get(file.key);
    return found && Buffer.from(await new Response(found.body).arrayBuffer());
  });
}
const strangeText = `Ünïcødé “quotes” 'single' \\back\\slash\nnew line\ttab 🚀 {"json": [1]} NULL`;

let source: StoreLocation;
let backupFolder: string;
let manifest: Manifest;

beforeAll(async () => {
  source = await newLocation("source");
  const handle: DatabaseHandle = await openStoreDatabase(source);
  try {
    await handle.migrate();
    setDatabase(handle);
    await seedCatalogIfEmpty(handle.db);
    await handle.db.insert(promoCodes).values({
      code: "SAVE10",
      description: strangeText,
      discountType: "percentage",
      discountValue: "10",
      maxUses: 100,
      expiresAt: new Date("2031-01-01T00:00:00.123Z"),
    });
    const dana = await signedUpBuyer("dana@example.com");
    const sam = await signedUpBuyer("sam@example.com", { firstName: "Sam", lastName: strangeText });
    await cardOrder(dana, [
      ["GW-45-001", 3],
      ["CW-45-045", 120],
    ]);
    await cardOrder(dana, [["FD-80-001", 7]], { promo: "SAVE10" });
    await cardOrder(sam, [["GW-45-001", 1]]);
    await fillCart(sam, [["CW-45-045", 1000]]);
    // Microseconds, which a JavaScript Date cannot hold, must come back too.
    await handle.db.execute(
      sql`update orders set order_date = '2026-11-20 10:00:00.123456+00' where email = 'sam@example.com'`,
    );
    await storeFile(source, handle.db, document);
    await storeFile(source, handle.db, certificate);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }

  backupFolder = path.join(scratch, "backups/first");
  manifest = await runBackup(source, backupFolder);
}, 120_000);

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`backup and restore on ${testDriver}`, () => {
  it("writes a manifest naming the driver, the schema's version and what was copied", async () => {
    const journal = journalEntries();
    expect(manifest).toMatchObject({
      format: 1,
      driver: testDriver,
      migrations: { count: journal.length, last: String(journal.at(-1)?.when), lastTag: journal.at(-1)?.tag },
      files: { count: 2, bytes: document.bytes.length + certificate.bytes.length },
    });
    // The files are in the backup as in a DATA_DIR, wherever the store kept them; on PostgreSQL
    // they were in its table, not in the folder, and the table is not also copied as rows.
    const inBackup = (file: KeptFile) =>
      readFileSync(path.join(backupFolder, "files", file.space, file.key.slice(0, 2), file.key));
    expect(inBackup(document).equals(document.bytes)).toBe(true);
    expect(inBackup(certificate).equals(certificate.bytes)).toBe(true);
    if (testDriver === "postgres") expect(readdirSync(source.dataDir)).not.toContain("files");
    expect(manifest.database.tables).not.toHaveProperty("stored_files");
    expect(manifest.database.tables).toMatchObject({
      orders: 3,
      order_items: 4,
      promo_codes: 1,
      user: 2,
      profiles: 2,
      companies: 2,
      company_members: 2,
    });
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    expect(JSON.parse(readFileSync(path.join(backupFolder, "manifest.json"), "utf8"))).toEqual(manifest);
  });

  // Restores of the seeded store take a while: its products carry their typed values (some
  // 20,000 rows besides the 3,000 products).
  it("restores into an empty place every row and file exactly as they were", async () => {
    const target = await newLocation("restored");
    await runRestore(target, backupFolder);

    const tables = [...comparedTables, "products", "product_bulk_tiers", "carts", "mail_queue"];
    const [before, after] = [
      await withDatabase(source, async (db) => ({ rows: await rowsOf(db, tables), counts: await countsOf(db) })),
      await withDatabase(target, async (db) => ({ rows: await rowsOf(db, tables), counts: await countsOf(db) })),
    ];
    expect(after.counts).toEqual(before.counts);
    for (const name of tables) expect(after.rows[name], name).toEqual(before.rows[name]);
    // The catalogue's change log is not carried: the restore's own writes logged themselves, and
    // the restored store logs its next change after them.
    await withDatabase(target, async (db) => {
      const logged = async () =>
        (await db.execute<{ count: number }>(sql`select count(*)::int as count from catalogue_changes`)).rows[0]
          ?.count ?? 0;
      const loaded = await logged();
      expect(loaded).toBeGreaterThan(0);
      await db.execute(sql`update products set stock_level = stock_level + 1 where part_number = 'GW-45-001'`);
      expect(await logged()).toBe(loaded + 1);
    });
    expect(before.rows.orders).toHaveLength(3);
    expect(after.rows.promo_codes?.[0]).toMatchObject({ description: strangeText, current_uses: 1 });
    expect((await fileAt(target, document))?.equals(document.bytes)).toBe(true);
    expect((await fileAt(target, certificate))?.equals(certificate.bytes)).toBe(true);

    await withDatabase(target, async (db) => {
      // Microseconds, which the Dates compared above cannot show.
      const dates = await db.execute<{ date: string }>(
        sql`select order_date::text as date from orders where email = 'sam@example.com'`,
      );
      expect(dates.rows[0]?.date).toBe("2026-11-20 10:00:00.123456+00");
      // Sequences go on where they stood: the next account number is a new one.
      const next = await db.execute<{ n: string }>(sql`select nextval('account_number_seq')::text as n`);
      const taken = after.rows.companies?.map((company) => (company as { account_number: string }).account_number);
      expect(taken).toHaveLength(2);
      expect(taken).not.toContain(`ACCT-${next.rows[0]?.n}`);
      expect(Number(next.rows[0]?.n)).toBeGreaterThan(100002);
      // The search vector, a generated column, is written again from the restored rows.
      const found = await db.execute(
        sql`select 1 from products where search_vector @@ to_tsquery('english', 'grinding')`,
      );
      expect(found.rows.length).toBeGreaterThan(0);
    });
  }, 90_000);

  it("writes and restores every file private to the store's user, whatever the modes it was copied from", async () => {
    /** Files and folders under `folder` that the group or others may use. */
    const shared = (folder: string) =>
      [folder, ...readdirSync(folder, { recursive: true }).map((name) => path.join(folder, String(name)))]
        .filter((file) => lstatSync(file).mode & 0o077)
        .map((file) => `${path.relative(scratch, file)} ${(lstatSync(file).mode & 0o777).toString(8)}`);
    await withDatabase(source, (db) => storeFile(source, db, secondCertificate));
    // A store's files as an earlier version left them: readable and writable by anyone.
    for (const file of [source.dataDir, ...readdirSync(source.dataDir, { recursive: true })].map((name) =>
      path.resolve(source.dataDir, String(name)),
    ))
      chmodSync(file, lstatSync(file).isDirectory() ? 0o777 : 0o666);

    const out = path.join(scratch, "backups/private");
    await runBackup(source, out);
    expect(shared(out)).toEqual([]);
    expect(shared(source.dataDir)).toEqual([]);
    const target = await newLocation("restored-private");
    chmodSync(target.dataDir, 0o777);
    await runRestore(target, out);
    expect(shared(target.dataDir)).toEqual([]);
    expect((await fileAt(target, secondCertificate))?.equals(secondCertificate.bytes)).toBe(true);
  }, 90_000);

  it("refuses, in one line, to restore over a store that has data, unless told to with --force", async () => {
    const target = await newLocation("occupied");
    await runRestore(target, backupFolder);
    await expect(runRestore(target, backupFolder)).rejects.toThrow(
      /^\S.* is not empty; restore into an empty one, or add --force to replace what is there\.$/,
    );
    const files = await newLocation("files-only");
    mkdirSync(path.join(files.dataDir, "files"));
    writeFileSync(path.join(files.dataDir, "files/kept.txt"), "mine");
    await expect(runRestore(files, backupFolder)).rejects.toThrow(/files is not empty/);

    await withDatabase(target, (db) => db.execute(sql`delete from order_items`));
    await runRestore(target, backupFolder, { force: true });
    await runRestore(files, backupFolder, { force: true });
    await withDatabase(target, async (db) => expect(await countsOf(db)).toEqual(manifest.database.tables));
    expect((await fileAt(files, document))?.equals(document.bytes)).toBe(true);
    expect(() => readFileSync(path.join(files.dataDir, "files/kept.txt"))).toThrow();
  }, 90_000);

  it("refuses a damaged backup, one from a newer store, and an --out that is already used", async () => {
    const damaged = path.join(scratch, "backups/damaged");
    cpSync(backupFolder, damaged, { recursive: true });
    writeFileSync(path.join(damaged, "database.jsonl.gz"), "not gzip");
    const target = await newLocation("untouched");
    await expect(runRestore(target, damaged)).rejects.toThrow(/database\.jsonl\.gz is missing or damaged/);

    const newer = path.join(scratch, "backups/newer");
    cpSync(backupFolder, newer, { recursive: true });
    writeFileSync(
      path.join(newer, "manifest.json"),
      JSON.stringify({ ...manifest, migrations: { ...manifest.migrations, count: 999 } }),
    );
    await expect(runRestore(target, newer)).rejects.toThrow(/comes from a newer store \(999 migrations/);
    await expect(runBackup(source, backupFolder)).rejects.toThrow(/already exists and is not empty/);
  });

  it("copies one moment's database: a row written while the copy runs is not in it", async () => {
    await withDatabase(source, async (db) => {
      let insert: Promise<unknown> | undefined;
      const summary = await dumpDatabase(db, (line) => {
        // On PGlite this insert waits for the copy's transaction; on PostgreSQL it commits at once.
        insert ??= db
          .insert(promoCodes)
          .values({ code: `LATE${line.length}`, discountType: "fixed", discountValue: "1" });
      });
      await insert;
      expect(summary.tables.promo_codes).toBe(1);
      const [row] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from promo_codes`)).rows;
      expect(row?.count).toBe(2);
    });
  });
});
