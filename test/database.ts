// A fresh, migrated database for each test file: an in-memory PGlite by default, or a new
// database on the PostgreSQL server named by TEST_DATABASE_URL when TEST_DRIVER=postgres.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { storeDay } from "../domain/dates/dates";
import { type DatabaseHandle, openDatabase, setDatabase } from "../server/db/client";
import { migrationsFolder } from "../server/db/migration-journal";

export const testDriver = process.env.TEST_DRIVER === "postgres" ? "postgres" : "pglite";

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DRIVER=postgres needs TEST_DATABASE_URL (npm test starts a server itself).");
  return url;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (not migrated); `drop` removes it. */
export async function createEmptyDatabase(): Promise<{
  /** The connection URL, on PostgreSQL. */
  url?: string;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  if (testDriver === "pglite") {
    return { open: () => openDatabase({}), drop: async () => {} };
  }
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString() }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/**
 * A name that changes with the migrations, with the version of the database engine named by
 * `engineFile`, and with every file under `folders` (the code that writes what a kept copy holds).
 */
export function sourceFingerprint(engineFile: string, folders: readonly string[] = []): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(path.resolve(engineFile)));
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      hash.update(entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(readFileSync(file));
    }
  };
  for (const folder of [migrationsFolder, ...folders]) walk(path.resolve(folder));
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated PostgreSQL database. Migrating a new database takes a second or two, copying a migrated
 * one (`create database … template`) a tenth of that: the first test file to need one migrates a
 * template, named after the migrations, for every file after it. A file that finds the template being
 * made by another waits for it.
 */
async function migratedPostgres(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  // Named for the day too, as PGlite's kept copy is (its migration's day is the backup schedule's first).
  const template = `store_template_${sourceFingerprint("node_modules/pg/package.json")}_${storeDay(new Date()).replaceAll("-", "")}`;
  const exists = async () => {
    const client = new pg.Client({ connectionString: serverUrl() });
    await client.connect();
    try {
      const { rows } = await client.query("select datallowconn from pg_database where datname = $1", [template]);
      return rows[0] as { datallowconn: boolean } | undefined;
    } finally {
      await client.end();
    }
  };
  if (!(await exists())) {
    const url = new URL(serverUrl());
    url.pathname = `/${template}`;
    try {
      await adminQuery(`create database ${template}`);
      const handle = await openDatabase({ databaseUrl: url.toString() });
      try {
        await handle.migrate();
      } catch (error) {
        await handle.close();
        await adminQuery(`drop database if exists ${template} with (force)`);
        throw error;
      }
      await handle.close();
      // Marked ready only once migrated: a template nobody can connect to is one still being made.
      await adminQuery(`alter database ${template} with allow_connections false`);
    } catch (error) {
      if ((error as { code?: string }).code !== "42P04") throw error; // another file is making it
    }
  }
  for (let waited = 0; (await exists())?.datallowconn !== false; waited += 100) {
    if (waited > 60_000) throw new Error(`The test database template ${template} was not made within a minute.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name} template ${template}`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ databaseUrl: url.toString() }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

let keptFiles: { path: string; files: Blob } | undefined;

/**
 * A migrated PGlite database. Creating a PGlite cluster and migrating it takes ~3 s, a copy of
 * one already migrated ~0.4 s: the first test file to need one keeps its files, under a name
 * that changes with the migrations, PGlite's version and the day, for every file after it. (A
 * migration writes the store's day it ran, the backup schedule's first day: a copy kept from the
 * day before failed its test after midnight in the store's time zone.)
 */
async function migratedPglite(): Promise<DatabaseHandle> {
  const folder = path.join(tmpdir(), "store-test-pglite");
  const kept = path.join(
    folder,
    `${sourceFingerprint("node_modules/@electric-sql/pglite/package.json")}-${storeDay(new Date())}.tar`,
  );
  try {
    // Read once by each worker (its files share this module): the copy is ~44 MB, ~0.3 s a read.
    if (keptFiles?.path !== kept) keptFiles = { path: kept, files: new Blob([readFileSync(kept)]) };
    return await openDatabase({ pgliteFiles: keptFiles.files });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const handle = await openDatabase({});
  await handle.migrate();
  const files = await handle.copyFiles?.();
  if (files) {
    // Written whole under another name first: a file beside it may be reading this one.
    mkdirSync(folder, { recursive: true });
    const partial = `${kept}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await files.arrayBuffer()));
    renameSync(partial, kept);
  }
  return handle;
}

/** Opens a migrated database for the file's tests and makes it the one domain code uses. */
export function withTestDatabase(): { handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    if (testDriver === "pglite") {
      handle = await migratedPglite();
    } else {
      ({ handle, drop } = await migratedPostgres());
    }
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
    await drop();
  });
  return {
    handle: () => {
      if (!handle) throw new Error("The test database is not open yet.");
      return handle;
    },
  };
}
