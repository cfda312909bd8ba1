// Writes the generated catalogue: on first start (about 3,000 products) and from `npm run seed`
// (any size, up to a million), so that a failed run leaves nothing half-written. Rows go in by COPY,
// not INSERT (docs/decisions/catalogue-index.md, seeding): the products of a batch stream from the
// generator as they are made, then the batch's bulk tiers and spec values. A large seed is written
// beside the catalogue, on several connections at once on PostgreSQL, and swapped in at the end.
// Each product's specifications are stored typed (product_attribute_values) against its
// subcategory's attributes, which the seed derives from the generator's values when a subcategory
// has none.
import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type Database, type Transaction, withConnections } from "../../db/client";
import { chunks } from "../../db/line-chunks";
import {
  attributes,
  catalogueChanges,
  partFamilies,
  productAttributeValues,
  productBulkTiers,
  products,
  subcategories,
} from "../../db/schema";
import { CATALOGUE_CHANGES_CHANNEL } from "../index/follow";
import {
  type AttributeDefinition,
  attributeDefinitionsBySubcategory,
  attributeValueRows,
  typeSpecifications,
} from "../products/attributes";
import { deriveDefinitions } from "./attribute-derivation";
import { familySizes, type SeededPart, seededFamilies } from "./families";
import { DEFAULT_CATALOGUE_SIZE, DEFAULT_SEED, generateCatalog, specificationValues } from "./generator";

// Products per COPY: each batch's tiers and spec values wait in memory for their own COPY.
const BATCH_SIZE = 20_000;
// A seed this large, replacing the catalogue or into an empty one, is written beside it and
// swapped in: its indexes are built once at the end rather than row by row (a GIN index grows
// slowly one row at a time), side by side on PostgreSQL.
const STAGED_FROM = 100_000;
// The schema a staged seed is written in (docs/decisions/catalogue-index.md, seeding).
const STAGE = "catalogue_seed";
// Connections writing and indexing a staged seed side by side on PostgreSQL: one per core, 2 to 4.
const STAGE_CONNECTIONS = Math.min(4, Math.max(2, availableParallelism()));
// Any constant: only the seed takes it, so two seeds at once stage one after the other.
const STAGE_LOCK = 720_302;

export interface WriteCatalogOptions {
  size?: number;
  seed?: number;
  /** Replaces the catalogue there is, in the same transaction (`npm run seed`). */
  replace?: boolean;
  /**
   * Writes the catalogue beside the one there is and swaps it in (default: from 100,000 products,
   * when it replaces the catalogue or that is empty). The catalogue's tables are locked meanwhile.
   */
  staged?: boolean;
  /** Called after each batch with how many products are written so far. */
  onProgress?: (written: number) => void;
  /** Called once a staged seed's rows are written, as its indexes are built (a minute for a million parts). */
  onIndexing?: () => void;
}

/** A database connection, or a transaction on one. */
type Connection = Database | Transaction;

/**
 * Gives every subcategory of the tree that has no attributes yet the ones its generated products
 * carry; returns every subcategory's attributes.
 */
async function writeSeedAttributes(tx: Transaction): Promise<Map<string, AttributeDefinition[]>> {
  const [tree, defined] = await Promise.all([
    tx.select({ slug: subcategories.slug }).from(subcategories),
    tx.selectDistinct({ subcategory: attributes.subcategorySlug }).from(attributes),
  ]);
  const inTree = new Set(tree.map((row) => row.slug));
  const hasAttributes = new Set(defined.map((row) => row.subcategory));
  const rows = [...specificationValues()]
    .filter(([subcategory]) => inTree.has(subcategory) && !hasAttributes.has(subcategory))
    .flatMap(([subcategory, keys]) =>
      deriveDefinitions(keys).map((draft) => ({ ...draft, subcategorySlug: subcategory })),
    );
  if (rows.length > 0) await tx.insert(attributes).values(rows);
  return attributeDefinitionsBySubcategory(tx);
}

/**
 * Groups the seeded parts alike but for their size into families (./families.ts): writes the
 * families (a family of that name kept from a seed before, `npm run seed` again, takes its parts
 * again); returns each of their parts' family.
 */
async function writeSeedFamilies(
  tx: Transaction,
  definitions: Map<string, AttributeDefinition[]>,
  parts: SeededPart[],
): Promise<FamilyOfPart[]> {
  const families = seededFamilies(parts);
  if (families.length === 0) return [];
  // Only what a family row holds: its parts are set on the products after (setFamilies).
  const given = families.map((family) => {
    const own = definitions.get(family.subcategory) ?? [];
    return {
      name: family.name,
      attribute_slugs: family.sizes.flatMap((size) =>
        own.filter((definition) => definition.name === size).map((d) => d.slug),
      ),
    };
  });
  // One statement for the families: a large seed makes thousands.
  const { rows } = await tx.execute<{ id: number; name: string }>(sql`
    with given as (
      select name, attribute_slugs from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as given(name text, attribute_slugs jsonb)
    ), made as (
      insert into ${partFamilies} (name, attribute_slugs) select name, attribute_slugs from given
      on conflict do nothing
      returning id, name
    )
    select id, name from made
    union all
    select kept.id, given.name from ${partFamilies} kept join given on lower(kept.name) = lower(given.name)`);
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  return families.flatMap((family) => family.partNumbers.map((part) => ({ part, family: idOf.get(family.name) })));
}

interface FamilyOfPart {
  part: string;
  family: number | undefined;
}

/** Sets the parts' families in `table` (the catalogue's products, or a staged seed's). */
async function setFamilies(database: Connection, table: SQL, families: FamilyOfPart[]) {
  if (families.length === 0) return;
  await database.execute(sql`
    update ${table} as product set family_id = given.family
    from jsonb_to_recordset(${JSON.stringify(families)}::jsonb) as given(part text, family integer)
    where product.part_number = given.part`);
}

// COPY's text format: a tab between fields, \N for null, and these four escaped.
const ESCAPED: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const field = (value: unknown) =>
  value === null || value === undefined ? "\\N" : String(value).replace(/[\\\n\r\t]/g, (c) => ESCAPED[c] ?? c);

/** A table's columns a COPY writes, and one row of them as a line of COPY's text format. */
function copyFormat(table: PgTable, names: string[]) {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const columns = names.map((name) => all[name] as PgColumn);
  return {
    table: getTableName(table),
    columns: columns.map((column) => `"${column.name}"`).join(", "),
    // What INSERT writes for a field left out: the column's default (its SQL defaults are left out here).
    line: (row: Record<string, unknown>) =>
      `${columns
        .map((column, i) => {
          const value = row[names[i] as string] ?? column.default ?? null;
          return field(value === null ? null : column.mapToDriverValue(value));
        })
        .join("\t")}\n`,
  };
}

// Every column the seed may write: not the generated ones, nor those the database fills (created_at);
// the id is made here, so the batch's tiers and values can name their product without reading it back.
const productCopy = copyFormat(products, [
  "id",
  ...Object.entries(getTableColumns(products))
    .filter(([key, column]) => key !== "id" && !column.generated && !is(column.default, SQL))
    .map(([key]) => key),
]);
const tierCopy = copyFormat(productBulkTiers, ["productId", "minQuantity", "unitPrice"]);
const valueCopy = copyFormat(productAttributeValues, ["productId", "attributeId", "numberValue", "textValue"]);

type CopyFormat = ReturnType<typeof copyFormat>;
type CopyIn = (format: CopyFormat, lines: Iterable<string>) => Promise<void>;

/**
 * COPY … FROM STDIN on the connection of `database` (a transaction's, or one of its own), into the
 * catalogue's tables or a staged seed's (`schema`): streamed on PostgreSQL (pg-copy-streams), one
 * batch at a time through PGlite's /dev/blob. Frozen (`freeze`, into tables made or emptied in this
 * transaction): the rows are written as every later reader will find them, visible to all.
 */
function copierOf(database: Connection, { freeze = false, schema }: { freeze?: boolean; schema?: string }): CopyIn {
  // Drizzle keeps the connection in its session.
  const client = (database as unknown as { session: { client: unknown } }).session.client;
  const options = freeze ? " with (freeze)" : "";
  const into = (format: CopyFormat) => `copy ${schema ? `${schema}.` : ""}${format.table} (${format.columns})`;
  if (client instanceof pg.Client)
    return (format, lines) =>
      pipeline(Readable.from(chunks(lines)), client.query(copyFrom(`${into(format)} from stdin${options}`)));
  const pglite = client as { query: (text: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> };
  return async (format, lines) => {
    await pglite.query(`${into(format)} from '/dev/blob'${options}`, [], { blob: new Blob([...chunks(lines)]) });
  };
}

/** Waits for every one of `work`, then fails with the first that failed: nothing is left running. */
async function allOf<T>(work: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/**
 * Writes the generated catalogue by COPY, a batch at a time on each of `copiers` side by side;
 * returns how many products it wrote, and the parts that may make families, in the generator's order.
 */
async function copyCatalogue(
  options: WriteCatalogOptions,
  definitions: Map<string, AttributeDefinition[]>,
  copiers: CopyIn[],
) {
  const catalogue = generateCatalog({
    size: options.size ?? DEFAULT_CATALOGUE_SIZE,
    seed: options.seed ?? DEFAULT_SEED,
  });
  const sized: SeededPart[] = [];
  let total = 0;
  let done = false;
  const copyBatch = async (copy: CopyIn) => {
    const tiers: string[] = [];
    const values: string[] = [];
    let written = 0;
    // Made as COPY reads them: the generator's next product only when the one before is sent.
    const productLines = function* () {
      while (written < BATCH_SIZE && !done) {
        const next = catalogue.next();
        if (next.done) {
          done = true;
          return;
        }
        const { product, tiers: itsTiers } = next.value;
        const id = randomUUID();
        const typed = typeSpecifications(definitions.get(product.subcategory) ?? [], product.specifications ?? {});
        yield productCopy.line({ ...product, id, specifications: typed.shown });
        for (const tier of itsTiers) tiers.push(tierCopy.line({ ...tier, productId: id }));
        for (const value of attributeValueRows(id, typed.values))
          values.push(
            valueCopy.line({
              productId: value.product_id,
              attributeId: value.attribute_id,
              numberValue: value.number_value,
              textValue: value.text_value,
            }),
          );
        const { partNumber, subcategory, specifications = {} } = product;
        if (familySizes[subcategory]) sized.push({ partNumber, subcategory, specifications });
        written++;
      }
    };
    await copy(productCopy, productLines());
    if (tiers.length > 0) await copy(tierCopy, tiers);
    if (values.length > 0) await copy(valueCopy, values);
    return written;
  };
  await allOf(
    copiers.map(async (copy) => {
      try {
        while (!done) {
          const written = await copyBatch(copy);
          if (written === 0) break;
          total += written;
          options.onProgress?.(total);
        }
      } catch (error) {
        done = true; // the others stop after their batch
        throw error;
      }
    }),
  );
  return { total, sized };
}

/** Adds the generated catalogue to the products table; returns how many products it wrote. */
export async function writeCatalog(db: Database, options: WriteCatalogOptions = {}): Promise<number> {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const staged = (options.staged ?? size >= STAGED_FROM) && (options.replace || (await catalogueEmpty(db)));
  if (!staged) return db.transaction((tx) => writeInPlace(tx, options));
  const written = await withConnections(db, STAGE_CONNECTIONS, async (connections) => {
    const [first] = connections as [Database];
    await first.execute(sql`select pg_advisory_lock(${STAGE_LOCK})`);
    try {
      // Made and committed first, for the other connections to write.
      await makeStage(first);
      const total = await db.transaction((tx) => writeStaged(tx, connections, options));
      // Frozen once committed: until then the seed's own transaction, older than every row, kept
      // the rows from being seen as visible to all.
      await sideBySide(
        connections,
        catalogueTables.map((table) => (connection) => connection.execute(sql.raw(`vacuum (freeze) ${table}`))),
      );
      return total;
    } finally {
      await first.execute(sql.raw(`drop schema if exists ${STAGE} cascade`)).catch(() => {});
      await first.execute(sql`select pg_advisory_unlock(${STAGE_LOCK})`).catch(() => {});
    }
  });
  // PGlite's one connection: all of it in the one transaction, its rows written frozen.
  return (
    written ??
    db.transaction(async (tx) => {
      await makeStage(tx);
      return writeStaged(tx, [tx], options);
    })
  );
}

/** Writes the default catalogue when the products table is empty; returns how many it wrote. */
export async function seedCatalogIfEmpty(db: Database): Promise<number> {
  return (await catalogueEmpty(db)) ? writeCatalog(db) : 0;
}

// One row is enough to know: counting 100,000 of them would hold up every start.
async function catalogueEmpty(db: Connection) {
  const [any] = await db.select({ id: products.id }).from(products).limit(1);
  return !any;
}

/** Writes the generated catalogue into the catalogue's tables, in the transaction `tx`. */
async function writeInPlace(tx: Transaction, options: WriteCatalogOptions) {
  if (options.replace) await tx.execute(sql`delete from ${products}`);
  const definitions = await writeSeedAttributes(tx);
  const { total, sized } = await copyCatalogue(options, definitions, [copierOf(tx, {})]);
  await setFamilies(tx, sql`${products}`, await writeSeedFamilies(tx, definitions, sized));
  await tx.execute(sql.raw(`analyze ${catalogueTables.join(", ")}`));
  return total;
}

// The catalogue's tables a seed writes: a staged seed swaps them in. Either leaves them analyzed:
// the catalogue's queries, the spec filters among them, are planned from their statistics.
const catalogueTables = [products, productAttributeValues, productBulkTiers].map((table) => getTableName(table));

/**
 * Makes the stage: a schema of its own holding tables like the catalogue's, with their columns,
 * defaults, generated columns and checks, but no index, key, trigger or statistics yet.
 */
async function makeStage(database: Connection) {
  await database.execute(sql.raw(`drop schema if exists ${STAGE} cascade`));
  await database.execute(sql.raw(`create schema ${STAGE}`));
  for (const table of catalogueTables)
    await database.execute(
      sql.raw(`create table ${STAGE}.${table} (like ${table} including all excluding indexes excluding statistics)`),
    );
}

/**
 * A large seed written beside the catalogue, in the schema made for it (makeStage), and swapped in
 * within the transaction `tx`, which takes the catalogue's tables first: `connections` write the
 * rows and build the indexes side by side, each statement committed on its own (on PGlite, `tx`
 * itself does all of it). Only `tx` writes the catalogue, its attributes and families, and swaps
 * the stage in: a seed that fails leaves the catalogue as it was.
 */
async function writeStaged(tx: Transaction, connections: Connection[], options: WriteCatalogOptions) {
  // On PGlite the stage is made in `tx` itself, so its COPY may write the rows frozen.
  const frozen = connections.includes(tx);
  const [first] = connections as [Connection];
  await tx.execute(sql.raw(`lock table ${catalogueTables.join(", ")} in access exclusive mode`));
  if (options.replace) await tx.execute(sql`delete from ${products}`);
  else if (!(await catalogueEmpty(tx)))
    throw new Error("The catalogue was written to as the seed began: run it again.");
  const definitions = await writeSeedAttributes(tx);
  const copiers = connections.map((connection) => copierOf(connection, { freeze: frozen, schema: STAGE }));
  const { total, sized } = await copyCatalogue(options, definitions, copiers);
  options.onIndexing?.();
  // The indexes built side by side, then made the tables' keys: the products' once their families
  // are set (an index built meanwhile held the update up, and the update the next index), the
  // other tables' meanwhile; the GIN ones, the longest, first.
  const keys = await catalogueKeys(tx);
  const families = await writeSeedFamilies(tx, definitions, sized);
  const build = (indexes: typeof keys.indexes) =>
    indexes
      .sort((a, b) => Number(b.gin) - Number(a.gin))
      .map(
        ({ staged }) =>
          (connection: Connection) =>
            connection.execute(sql.raw(staged)),
      );
  const ofProducts = (index: { table: string }) => index.table === getTableName(products);
  await sideBySide(connections, [
    (connection) => setFamilies(connection, sql.raw(`${STAGE}.${getTableName(products)}`), families),
    ...build(keys.indexes.filter((index) => !ofProducts(index))),
  ]);
  await sideBySide(connections, build(keys.indexes.filter(ofProducts)));
  for (const { table, name, kind } of keys.indexes.filter((index) => index.kind))
    await first.execute(sql.raw(`alter table ${STAGE}.${table} add constraint ${name} ${kind} using index ${name}`));
  // Planned from statistics, the foreign keys' checks as the swap makes them: without, checking a
  // million products' families against them took 108 s once, 1 s another time.
  await sideBySide(
    connections,
    catalogueTables.map((table) => (connection) => connection.execute(sql.raw(`analyze ${STAGE}.${table}`))),
  );
  await tx.execute(sql`analyze ${partFamilies}`);
  await swapIn(tx, keys);
  // One change-log row per product, for the processes following it (../index/follow.ts).
  await tx.execute(sql`insert into ${catalogueChanges} (product_id) select id from ${products}`);
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANGES_CHANNEL}, '')`);
  return total;
}

/** Runs `tasks` in order, each on the first of `connections` free; stops taking them after one fails. */
async function sideBySide(connections: Connection[], tasks: ((connection: Connection) => Promise<unknown>)[]) {
  const queue = [...tasks];
  await allOf(
    connections.map(async (connection) => {
      for (let task = queue.shift(); task; task = queue.shift())
        await task(connection).catch((error: unknown) => {
          queue.length = 0;
          throw error;
        });
    }),
  );
}

/**
 * What makes the catalogue's tables more than their columns, as PostgreSQL defines it now: their
 * indexes (each as built on the stage, and the primary or unique key it backs), triggers and
 * statistics, and the foreign keys to and from them.
 */
async function catalogueKeys(tx: Transaction) {
  const tables = sql.join(
    catalogueTables.map((table) => sql`${table}::regclass`),
    sql`, `,
  );
  // One after another: the transaction has one connection.
  const { rows: indexes } = await tx.execute<{
    table: string;
    name: string;
    definition: string;
    on: string;
    gin: boolean;
    kind: string | null;
  }>(sql`
      select t.relname as table, quote_ident(i.relname) as name, pg_get_indexdef(x.indexrelid) as definition,
        format('%I.%I', n.nspname, t.relname) as on, am.amname = 'gin' as gin,
        case c.contype when 'p' then 'primary key' when 'u' then 'unique' end as kind
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_am am on am.oid = i.relam
      left join pg_constraint c on c.conindid = x.indexrelid and c.contype in ('p', 'u')
      where x.indrelid in (${tables})
      order by 2`);
  const { rows: references } = await tx.execute<{ table: string; name: string; definition: string }>(sql`
      select conrelid::regclass::text as table, quote_ident(conname) as name, pg_get_constraintdef(oid) as definition
      from pg_constraint
      where contype = 'f' and (conrelid in (${tables}) or confrelid in (${tables}))
      order by 1, 2`);
  const { rows: made } = await tx.execute<{ table: string; definition: string; statistics: boolean }>(sql`
      select tgrelid::regclass::text as table, pg_get_triggerdef(oid) as definition, false as statistics
      from pg_trigger where tgrelid in (${tables}) and not tgisinternal
      union all
      select stxrelid::regclass::text, pg_get_statisticsobjdef(oid), true from pg_statistic_ext where stxrelid in (${tables})`);

  return {
    indexes: indexes.map((index) => {
      const on = ` ON ${index.on} USING `;
      if (!index.definition.includes(on)) throw new Error(`Cannot stage the index ${index.definition}.`);
      return { ...index, staged: index.definition.replace(on, ` ON ${STAGE}.${index.table} USING `) };
    }),
    references,
    made,
  };
}

/**
 * In the transaction `tx`, which holds the catalogue's tables: puts the staged tables in place of
 * the catalogue's (emptied), and makes their triggers, statistics and foreign keys as they were.
 * Nothing is dropped but the emptied tables: anything else depending on them makes this fail.
 */
async function swapIn(tx: Transaction, keys: Awaited<ReturnType<typeof catalogueKeys>>) {
  const [{ home } = { home: "public" }] = (
    await tx.execute<{ home: string }>(
      sql`select relnamespace::regnamespace::text as home from pg_class where oid = ${getTableName(products)}::regclass`,
    )
  ).rows;
  for (const key of keys.references) await tx.execute(sql.raw(`alter table ${key.table} drop constraint ${key.name}`));
  await tx
    .execute(sql.raw(`drop table ${catalogueTables.map((table) => `${home}.${table}`).join(", ")}`))
    .catch((error) => {
      // PostgreSQL's own words, not the statement: "cannot drop table products because other objects depend on it".
      const { message, detail } = (error as { cause?: { message?: string; detail?: string } }).cause ?? {};
      throw new Error(
        `The seed cannot take the place of the catalogue's tables: ${message ?? error}${detail ? ` (${detail})` : ""}. The catalogue is left as it was.`,
      );
    });
  for (const table of catalogueTables) await tx.execute(sql.raw(`alter table ${STAGE}.${table} set schema ${home}`));
  await tx.execute(sql.raw(`drop schema ${STAGE}`));
  for (const { definition } of keys.made) await tx.execute(sql.raw(definition));
  // Statistics made anew are empty until their table is analyzed again.
  const withStatistics = [...new Set(keys.made.filter((made) => made.statistics).map((made) => made.table))];
  if (withStatistics.length > 0) await tx.execute(sql.raw(`analyze ${withStatistics.join(", ")}`));
  for (const key of keys.references)
    await tx.execute(sql.raw(`alter table ${key.table} add constraint ${key.name} ${key.definition}`));
}
