// A fresh, migrated database for each test file: an in-memory PGlite by default, or a new
// database on the PostgreSQL server named by TEST_DATABASE_URL when TEST_DRIVER=postgres.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
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
 * A migrated PGlite database. Creating a PGlite cluster and migrating it takes ~3 s, a copy of
 * one already migrated ~0.4 s: the first test file to need one keeps its files, under a name
 * that changes with the migrations and PGlite's version, for every file after it.
 */
async function migratedPglite(): Promise<DatabaseHandle> {
  const hash = createHash("sha256");
  hash.update(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      hash.update(entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  const folder = path.join(tmpdir(), "store-test-pglite");
  const kept = path.join(folder, `${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return await openDatabase({ pgliteFiles: new Blob([readFileSync(kept)]) });
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
      const empty = await createEmptyDatabase();
      drop = empty.drop;
      handle = await empty.open();
      await handle.migrate();
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
