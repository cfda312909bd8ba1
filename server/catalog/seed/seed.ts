// Writes the generated catalogue: on first start (about 3,000 products) and from `npm run seed`
// (any size, up to a million), inside one transaction so a failed run leaves nothing half-written.
// Rows go in by COPY, not INSERT (docs/decisions/catalogue-index.md, seeding): the products of a
// batch stream from the generator as they are made, then the batch's bulk tiers and spec values.
// Each product's specifications are stored typed (product_attribute_values) against its
// subcategory's attributes, which the seed derives from the generator's values when a subcategory
// has none.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Database, Transaction } from "../../db/client";
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
// A seed this large into an empty catalogue builds the catalogue's indexes once at the end
// rather than row by row (a GIN index grows slowly one row at a time).
const INDEXES_AFTER_FROM = 100_000;

export interface WriteCatalogOptions {
  size?: number;
  seed?: number;
  /** Deletes the catalogue there is first, in the same transaction (`npm run seed`). */
  replace?: boolean;
  /**
   * With the catalogue empty, drops its secondary indexes before writing and builds them again
   * after (default: from 100,000 products). The tables are locked until the seed commits.
   */
  indexesAfter?: boolean;
  /** Called after each batch with how many products are written so far. */
  onProgress?: (written: number) => void;
}

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

/** Groups the seeded parts alike but for their size into families (./families.ts). */
async function writeSeedFamilies(
  tx: Transaction,
  definitions: Map<string, AttributeDefinition[]>,
  parts: SeededPart[],
) {
  const families = seededFamilies(parts).map((family) => {
    const own = definitions.get(family.subcategory) ?? [];
    return {
      name: family.name,
      attribute_slugs: family.sizes.flatMap((size) =>
        own.filter((definition) => definition.name === size).map((d) => d.slug),
      ),
      part_numbers: family.partNumbers,
    };
  });
  if (families.length === 0) return;
  // One statement for the families and one for their parts: a large seed makes thousands.
  await tx.execute(sql`
    with given as (
      select name, attribute_slugs, part_numbers
      from jsonb_to_recordset(${JSON.stringify(families)}::jsonb) as given(name text, attribute_slugs jsonb, part_numbers jsonb)
    ), made as (
      insert into ${partFamilies} (name, attribute_slugs) select name, attribute_slugs from given
      on conflict do nothing
      returning id, name
    ), family as (
      -- A family of that name kept from a seed before (npm run seed again) takes its parts again.
      select id, name from made
      union all
      select kept.id, given.name from ${partFamilies} kept join given on lower(kept.name) = lower(given.name)
    )
    update ${products} set family_id = family.id
    from family join given on given.name = family.name, jsonb_array_elements_text(given.part_numbers) as part(number)
    where ${products.partNumber} = part.number`);
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
    statement: `copy ${getTableName(table)} (${columns.map((column) => `"${column.name}"`).join(", ")})`,
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

type CopyIn = (statement: string, lines: Iterable<string>) => Promise<void>;

/**
 * COPY … FROM STDIN on the transaction's own connection: streamed on PostgreSQL (pg-copy-streams),
 * one batch at a time through PGlite's /dev/blob. Frozen (`freeze`, into tables emptied in this
 * transaction): the rows are written as every later reader will find them, visible to all.
 */
function copierOf(tx: Transaction, freeze: boolean): CopyIn {
  // Drizzle keeps the transaction's connection in its session.
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  const options = freeze ? " with (freeze)" : "";
  if (client instanceof pg.Client)
    return (statement, lines) =>
      pipeline(Readable.from(chunks(lines)), client.query(copyFrom(`${statement} from stdin${options}`)));
  const pglite = client as { query: (text: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> };
  return async (statement, lines) => {
    await pglite.query(`${statement} from '/dev/blob'${options}`, [], { blob: new Blob([...chunks(lines)]) });
  };
}

/**
 * For a seed into an empty catalogue: sets aside what makes each row slow to write, to be made
 * again once at the end (far faster in bulk): the secondary indexes of the products, the keys and
 * references of their spec values and bulk tiers, and the change log's triggers, whose one row per
 * product is then written in one statement; and truncates the three tables, for a frozen COPY.
 * Returns what makes it all again, in this transaction.
 */
async function setAsideKeys(tx: Transaction): Promise<() => Promise<void>> {
  const tables = [products, productAttributeValues, productBulkTiers].map((table) => getTableName(table));
  const regclasses = (names: string[]) =>
    sql.join(
      names.map((name) => sql`${name}::regclass`),
      sql`, `,
    );
  // Not the products' primary key: other tables' references need it.
  const { rows: indexes } = await tx.execute<{ name: string; definition: string }>(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid in (${regclasses(tables.slice(0, 1))})
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by 1`);
  // The values' and tiers' keys, and every other table's references to the three (an order line's
  // to its product), which TRUNCATE refuses to leave pointing at a table it empties.
  const { rows: constraints } = await tx.execute<{ table: string; name: string; definition: string }>(sql`
    select conrelid::regclass::text as table, quote_ident(conname) as name, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where contype in ('p', 'f', 'u') and (conrelid in (${regclasses(tables.slice(1))})
      or (contype = 'f' and confrelid in (${regclasses(tables)}) and conrelid not in (${regclasses(tables)})))
    order by contype desc, 1, 2`);
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  for (const key of constraints) await tx.execute(sql.raw(`alter table ${key.table} drop constraint ${key.name}`));
  for (const table of tables.slice(0, 2)) await tx.execute(sql.raw(`alter table ${table} disable trigger user`));
  // Emptied again (they are empty) by TRUNCATE, so that COPY may write the rows frozen: read right
  // after the seed, they were written a second time for their hint bits, and vacuumed once more.
  await tx.execute(sql.raw(`truncate ${tables.join(", ")}`));
  return async () => {
    // A limit, not an allocation: GIN indexes build several times faster with room to sort in.
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    for (const table of tables.slice(0, 2)) await tx.execute(sql.raw(`alter table ${table} enable trigger user`));
    await tx.execute(sql`insert into ${catalogueChanges} (product_id) select id from ${products}`);
    await tx.execute(sql`select pg_notify(${CATALOGUE_CHANGES_CHANNEL}, '')`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    for (const key of [...constraints].reverse())
      await tx.execute(sql.raw(`alter table ${key.table} add constraint ${key.name} ${key.definition}`));
  };
}

/** Adds the generated catalogue to the products table; returns how many products it wrote. */
export async function writeCatalog(db: Database, options: WriteCatalogOptions = {}): Promise<number> {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const catalogue = generateCatalog({ size, seed: options.seed ?? DEFAULT_SEED });
  let total = 0;
  await db.transaction(async (tx) => {
    if (options.replace) await tx.execute(sql`delete from ${products}`);
    const [any] = await tx.select({ id: products.id }).from(products).limit(1);
    const rebuild = (options.indexesAfter ?? size >= INDEXES_AFTER_FROM) && !any ? await setAsideKeys(tx) : undefined;
    const definitions = await writeSeedAttributes(tx);
    const copy = copierOf(tx, rebuild !== undefined);
    const sized: SeededPart[] = [];
    for (let done = false; !done; ) {
      const tiers: string[] = [];
      const values: string[] = [];
      let written = 0;
      // Made as COPY reads them: the generator's next product only when the one before is sent.
      const productLines = function* () {
        while (written < BATCH_SIZE) {
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
      await copy(productCopy.statement, productLines());
      if (written === 0) break;
      if (tiers.length > 0) await copy(tierCopy.statement, tiers);
      if (values.length > 0) await copy(valueCopy.statement, values);
      total += written;
      options.onProgress?.(total);
    }
    await writeSeedFamilies(tx, definitions, sized);
    await rebuild?.();
  });
  return total;
}

/** Writes the default catalogue when the products table is empty; returns how many it wrote. */
export async function seedCatalogIfEmpty(db: Database): Promise<number> {
  // One row is enough to know: counting 100,000 of them would hold up every start.
  const [any] = await db.select({ id: products.id }).from(products).limit(1);
  if (any) return 0;
  return writeCatalog(db);
}
