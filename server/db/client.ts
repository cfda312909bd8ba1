// Opens the store's database: embedded PGlite under DATA_DIR by default, PostgreSQL when a
// URL is given. Both speak the same schema and migrations.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "../logger";
import { makePrivate } from "../private-files";
import { migrationsFolder } from "./migration-journal";
import * as schema from "./schema";

// Typed as node-postgres's result; PGlite's results have the same `rows` shape.
export type Database = PgDatabase<NodePgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies the migrations not applied yet; `folder` (tests) names another set than the store's. */
  migrate(folder?: string): Promise<void>;
  /** PGlite only: a copy of the database's files, to open another database as this one is now. */
  copyFiles?(): Promise<Blob>;
  close(): Promise<void>;
}

// Any constant: only this app takes it, so concurrent starts migrate one at a time.
const MIGRATION_LOCK = 720_301;

/**
 * `pgliteDir` undefined means in memory (tests); a folder keeps the data. `pgliteFiles` starts an
 * in-memory database from another's `copyFiles()`, without creating a database cluster first.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  pgliteFiles?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // No JIT compilation: a broad search's facet count is costed high enough to trigger it, and
    // compiling took ~20 ms of a ~450 ms statement at 100,000 products for no gain at run time.
    // Random reads costed as on an SSD with the catalogue in memory (1.1, not the default 4, which
    // assumes spinning disks): else a search matching a fifth of the catalogue ('type', 'pack')
    // reads every product and tests its words, 90-150 ms, where the word index finds them in 30-65.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Two kept open however long idle (others close after 10 s): a new connection costs the
      // next request a server process's start and its dictionaries' load, ~5 ms.
      min: 2,
      connectionTimeoutMillis: 5_000,
      options: "-c jit=off -c random_page_cost=1.1",
    });
    // An idle connection dropped by the server (restart, failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on("error", (error) => logger.warn({ err: error }, "idle database connection closed"));
    pool.query = queryOnTakenClient(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      async migrate(folder = migrationsFolder) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // One options object: the other constructor forms drop the extensions. An in-memory database is a
  // test's, of a few hundred rows: PGlite touches all of its shared buffers as it starts, and 16 MB
  // instead of PostgreSQL's 128 opens one ~0.4 s sooner (the PGlite lane of `npm test`: ~45 s).
  const client = new PGlite({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteFiles,
    extensions: { pg_trgm },
    ...(options.pgliteDir ? {} : { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] }),
  });
  await client.waitReady;
  // PGlite's file system (emscripten's) gives some files modes of its own (0644, 0666), whatever the
  // process's umask: its folder is made private once open and again once closed; in between, the
  // private DATA_DIR keeps other users out of it.
  const keepPrivate = () => options.pgliteDir && makePrivate(options.pgliteDir);
  keepPrivate();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    migrate: (folder = migrationsFolder) =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
    copyFiles: () => client.dumpDataDir("none"),
    close: async () => {
      await client.close();
      keepPrivate();
    },
  };
}

/**
 * `pool.query`, run on a client taken with `connect()` first. pg-pool's own `query` has a client
 * opened for it when none is idle, and that client's start-up listener keeps the query's callback,
 * so its result, for as long as the connection lives (pg 8.23: `Client#_connect`'s context holds
 * it). The index build's read of a million ids stayed so in one process of two, ~170 MB of its heap
 * for good (two connections are kept however long idle), and a burst of searches there set off a
 * full collection every ~2 s. A client taken first leaves only itself held. As pg-pool does, a
 * failed query's client is closed. Only the promise forms: drizzle, the one caller, uses no other.
 */
function queryOnTakenClient(pool: pg.Pool): pg.Pool["query"] {
  const query = async (...args: Parameters<pg.PoolClient["query"]>) => {
    const client = await pool.connect();
    // pg fails the query itself; without a listener the connection's error would end the process.
    const heard = () => {};
    client.on("error", heard);
    try {
      const result = await client.query(...args);
      client.release();
      return result;
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    } finally {
      client.off("error", heard);
    }
  };
  return query as pg.Pool["query"];
}

/** The PostgreSQL pool behind `db` (drizzle keeps it as its client); undefined on PGlite. */
function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * `count` connections of the PostgreSQL pool behind `db`, each a database of its own (its statements
 * on that one connection, outside any transaction), for work done side by side; given back after.
 * Undefined on PGlite, which has one connection.
 */
export async function withConnections<T>(
  db: Database,
  count: number,
  use: (connections: Database[]) => Promise<T>,
): Promise<T | undefined> {
  const pool = poolOf(db);
  if (!pool) return undefined;
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  try {
    return await use(clients.map((client) => drizzlePg(client, { schema }) as unknown as Database));
  } finally {
    for (const client of clients) client.release();
  }
}

const dialect = new PgDialect();

/**
 * Hands each row of `query` to `take` as it arrives, keeping none: on PostgreSQL streamed on a
 * connection of its own, so a row is garbage once taken, while it is young (the collector copies
 * rows held for long, and sweeps them from its old generation); on PGlite, which answers whole,
 * read whole. When `take` fails, the rows left are passed over and the call fails with it.
 */
export async function eachRow<Row extends Record<string, unknown>>(
  query: SQL,
  take: (row: Row) => void,
): Promise<void> {
  const pool = poolOf(db());
  if (!pool) {
    for (const row of (await db().execute<Row>(query)).rows) take(row as Row);
    return;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  let failed: { error: unknown } | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const rows = new pg.Query<Row>(text, params);
      rows.on("row", (row: Row) => {
        if (failed) return;
        try {
          take(row);
        } catch (error) {
          failed = { error };
        }
      });
      rows.once("end", () => resolve());
      rows.once("error", reject);
      client.query(rows);
    });
  } finally {
    client.release();
  }
  if (failed) throw failed.error;
}

let current: DatabaseHandle | undefined;

/** Makes `handle` the database every domain function uses. */
export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function db(): Database {
  if (!current) throw new Error("The database is not open yet.");
  return current.db;
}

/** Which database the store runs on. */
export function databaseDriver(): DatabaseHandle["driver"] {
  if (!current) throw new Error("The database is not open yet.");
  return current.driver;
}

export async function pingDatabase(): Promise<void> {
  await db().execute(sql`select 1`);
}
