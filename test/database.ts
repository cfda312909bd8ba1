// A fresh, migrated database for each test file: an in-memory PGlite by default, or a new
// database on the PostgreSQL server named by TEST_DATABASE_URL when TEST_DRIVER=postgres.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "../server/db/client";

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

/** Opens a migrated database for the file's tests and makes it the one domain code uses. */
export function withTestDatabase(): { handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    const empty = await createEmptyDatabase();
    drop = empty.drop;
    handle = await empty.open();
    await handle.migrate();
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
