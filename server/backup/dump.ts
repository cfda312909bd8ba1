// A logical copy of the store's database, the same on PGlite and PostgreSQL (docs/decisions/backups.md):
// every table of the public schema as JSON lines, parents before the tables that refer to them,
// and where each sequence stands. It is read in one read-only, repeatable-read transaction, so
// the copy is the database of one moment, as pg_dump's snapshot would be; on PGlite that
// transaction also holds off every other query until the copy is done.
import { type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client";

/** What the last line of a dump says: rows per table, the sequences and the schema's version. */
export interface DumpSummary {
  tables: Record<string, number>;
  sequences: string[];
  /** How many of the store's migrations the database had, and the journal time of the last one. */
  migrations: { count: number; last: string | null };
}

/**
 * One line per record. Rows are the JSON objects PostgreSQL writes (`to_jsonb`), kept as text so
 * numbers and timestamps come back exactly; the lines around them are JSON arrays:
 * `["table", name, columns]`, `["sequence", name, lastValue, isCalled]`, `["end", summary]`.
 */
export type DumpLine = string;

const ROWS_PER_FETCH = 1000;

type Executor = Pick<Transaction, "execute">;

const table = (name: string) => sql`${sql.identifier("public")}.${sql.identifier(name)}`;
const columnList = (columns: string[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );

/**
 * What a backup leaves out: the catalogue's change log and its sequence (docs/decisions/catalogue-index.md).
 * It is no data of the store's but a note to the processes following it, which build their index from
 * the catalogue when they start; a restore's own writes to the catalogue log themselves as they load.
 * Nor how far each running process had read that log (`catalogue_index_followers`).
 * And `stored_files`: the backup holds the uploaded files as files, wherever the store keeps them
 * (server/backup/backup-folder.ts), rather than a second time as rows.
 */
const notCarried = new Set([
  "catalogue_changes",
  "catalogue_changes_seq_seq",
  "catalogue_index_followers",
  "stored_files",
]);

/** The tables of the public schema, each after the tables it refers to, with their stored (not generated) columns. */
export async function storeTables(executor: Executor): Promise<{ name: string; columns: string[] }[]> {
  const columns = await executor.execute<{ table: string; column: string }>(sql`
    select c.relname as "table", a.attname as "column"
    from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind = 'r'
    order by c.relname, a.attnum`);
  const references = await executor.execute<{ child: string; parent: string }>(sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`);
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows) byTable.set(row.table, [...(byTable.get(row.table) ?? []), row.column]);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.has(name)) throw new Error(`Tables refer to each other in a cycle through ${name}.`);
    visiting.add(name);
    for (const { child, parent } of references.rows) if (child === name) visit(parent);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of byTable.keys()) visit(name);
  return ordered.map((name) => ({ name, columns: byTable.get(name) ?? [] }));
}

/** The tables a backup carries: the store's, less what it leaves out. */
export async function backedUpTables(executor: Executor) {
  return (await storeTables(executor)).filter(({ name }) => !notCarried.has(name));
}

export async function storeSequences(executor: Executor): Promise<string[]> {
  const result = await executor.execute<{ name: string }>(
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return result.rows.map((row) => row.name);
}

/** The store's migrations applied to this database (drizzle's own table), or none. */
async function appliedMigrations(executor: Executor): Promise<DumpSummary["migrations"]> {
  const exists = await executor.execute(sql`select 1 from pg_tables where schemaname = 'drizzle'
    and tablename = '__drizzle_migrations'`);
  if (exists.rows.length === 0) return { count: 0, last: null };
  const result = await executor.execute<{ count: number; last: string | null }>(
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return result.rows[0] ?? { count: 0, last: null };
}

/** Reads a query through a cursor, a batch at a time, so a large table never sits in memory whole. */
async function* cursorRows(tx: Executor, query: SQL): AsyncGenerator<string> {
  await tx.execute(sql`declare backup_rows no scroll cursor for ${query}`);
  try {
    for (;;) {
      const batch = await tx.execute<{ row: string }>(sql.raw(`fetch forward ${ROWS_PER_FETCH} from backup_rows`));
      for (const { row } of batch.rows) yield row;
      if (batch.rows.length < ROWS_PER_FETCH) break;
    }
  } finally {
    await tx.execute(sql`close backup_rows`);
  }
}

/**
 * Writes the whole database to `write`, a line at a time (waiting for each write, so a slow
 * reader slows the copy instead of filling memory). A `write` that throws ends the copy.
 */
export async function dumpDatabase(db: Database, write: (line: DumpLine) => unknown): Promise<DumpSummary> {
  return db.transaction(
    async (tx) => {
      const summary: DumpSummary = { tables: {}, sequences: [], migrations: await appliedMigrations(tx) };
      for (const { name, columns } of await backedUpTables(tx)) {
        await write(JSON.stringify(["table", name, columns]));
        let count = 0;
        const rows = sql`select to_jsonb(r)::text as row from (select ${columnList(columns)} from ${table(name)}) r`;
        for await (const row of cursorRows(tx, rows)) {
          await write(row);
          count++;
        }
        summary.tables[name] = count;
      }
      for (const name of await storeSequences(tx)) {
        if (notCarried.has(name)) continue;
        const result = await tx.execute<{ last: string; called: boolean }>(
          sql`select last_value::text as last, is_called as called from ${table(name)}`,
        );
        const position = result.rows[0];
        await write(JSON.stringify(["sequence", name, position?.last, position?.called]));
        summary.sequences.push(name);
      }
      await write(JSON.stringify(["end", summary]));
      return summary;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const ROWS_PER_INSERT = 1000;
const BYTES_PER_INSERT = 4 * 1024 * 1024;

/**
 * Loads a dump into a database at the dump's schema version, in one transaction: every row, then
 * the sequences where they stood. Throws (and loads nothing) when the dump is cut short or names a
 * table or column this database does not have.
 */
export async function loadDatabase(db: Database, lines: AsyncIterable<DumpLine>): Promise<DumpSummary> {
  return db.transaction(async (tx) => {
    const tables = await storeTables(tx);
    const known = new Map(tables.map(({ name, columns }) => [name, new Set(columns)]));
    // Migrations write rows of their own (the store's settings, the category tree): the backup's
    // replace them. Children go first, so no row is left pointing at a removed parent.
    for (const { name } of [...tables].reverse()) await tx.execute(sql`delete from ${table(name)}`);
    let current: { name: string; columns: string[] } | undefined;
    let batch: string[] = [];
    let batchBytes = 0;
    const loaded: Record<string, number> = {};

    const flush = async () => {
      if (!current || batch.length === 0) return;
      const columns = columnList(current.columns);
      await tx.execute(sql`insert into ${table(current.name)} (${columns})
        select ${columns} from jsonb_populate_recordset(null::${table(current.name)}, ${`[${batch.join(",")}]`}::text::jsonb)`);
      loaded[current.name] = (loaded[current.name] ?? 0) + batch.length;
      batch = [];
      batchBytes = 0;
    };

    for await (const line of lines) {
      if (line.startsWith("{")) {
        if (!current) throw new Error("The backup has a row before any table.");
        batch.push(line);
        batchBytes += line.length;
        if (batch.length >= ROWS_PER_INSERT || batchBytes >= BYTES_PER_INSERT) await flush();
        continue;
      }
      const record = JSON.parse(line) as [string, ...unknown[]];
      await flush();
      if (record[0] === "table") {
        const [, name, columns] = record as [string, string, string[]];
        const has = known.get(name);
        const missing = has ? columns.filter((column) => !has.has(column)) : columns;
        if (!has || missing.length > 0)
          throw new Error(`This database has no table ${name}${has ? ` with columns ${missing.join(", ")}` : ""}.`);
        current = { name, columns };
      } else if (record[0] === "sequence") {
        const [, name, last, called] = record as [string, string, string, boolean];
        await tx.execute(
          sql`select setval(format('public.%I', ${name}::text)::regclass, ${last}::text::bigint, ${called})`,
        );
      } else if (record[0] === "end") {
        const summary = record[1] as DumpSummary;
        for (const [name, count] of Object.entries(summary.tables)) {
          if ((loaded[name] ?? 0) !== count)
            throw new Error(`The backup says ${name} has ${count} rows, but ${loaded[name] ?? 0} were read.`);
        }
        return summary;
      }
    }
    throw new Error("The backup ends before its last line: it is incomplete.");
  });
}
