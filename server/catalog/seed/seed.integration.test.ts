// The seed writes by COPY: every product, bulk tier and spec value as the generator made it, in one
// transaction; or, staged, beside the catalogue and swapped in, its tables then made exactly as the
// catalogue's were (columns, indexes, keys, triggers, statistics), with one change-log row per
// product and the rows frozen. A seed that fails leaves the catalogue as it was, and no stage.
import { asc, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../../test/database";
import { catalogueChanges, partFamilies, productAttributeValues, productBulkTiers, products } from "../../db/schema";
import { attributeDefinitionsBySubcategory, typeSpecifications } from "../products/attributes";
import { generateCatalog } from "./generator";
import { writeCatalog } from "./seed";

const { handle } = withTestDatabase();
const SIZE = 2_000;

/** The catalogue as rows keyed by part number, nothing the database made up (ids, times) in them. */
async function catalogueRows() {
  const { db } = handle();
  const rows = await db
    .select({ product: products, family: partFamilies.name })
    .from(products)
    .leftJoin(partFamilies, eq(partFamilies.id, products.familyId))
    .orderBy(asc(products.partNumber));
  const partOf = new Map(rows.map(({ product }) => [product.id, product.partNumber]));
  const tiers = await db.select().from(productBulkTiers);
  const values = await db.select().from(productAttributeValues);
  const keyed = <T extends { productId: string }>(list: T[]) =>
    list
      .map(({ productId, ...row }) => ({ part: partOf.get(productId), ...row }))
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return {
    products: rows.map(({ product: { id, createdAt, familyId, ...product }, family }) => ({ ...product, family })),
    tiers: keyed(tiers),
    values: keyed(values),
  };
}

/**
 * The catalogue's columns, indexes, constraints (other tables' references to it too), enabled
 * triggers and statistics, as PostgreSQL defines them, and any schema besides the store's.
 */
async function catalogueKeys() {
  const { rows } = await handle().db.execute<{ definition: string }>(sql`
    select attrelid::regclass::text || ' ' || attname || ' ' || format_type(atttypid, atttypmod) || ' ' || attnotnull::text
      || ' ' || attgenerated::text || ' ' || coalesce(pg_get_expr(adbin, adrelid), '') as definition
    from pg_attribute left join pg_attrdef on adrelid = attrelid and adnum = attnum
    where attrelid in ('products'::regclass, 'product_attribute_values'::regclass, 'product_bulk_tiers'::regclass)
      and attnum > 0 and not attisdropped
    union all
    select pg_get_statisticsobjdef(oid) from pg_statistic_ext
    where stxrelid in ('products'::regclass, 'product_attribute_values'::regclass, 'product_bulk_tiers'::regclass)
    union all
    select 'schema ' || nspname from pg_namespace where nspname like 'catalogue_seed%'
    union all
    select pg_get_indexdef(indexrelid) as definition from pg_index
    where indrelid in ('products'::regclass, 'product_attribute_values'::regclass, 'product_bulk_tiers'::regclass)
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
    where conrelid in ('products'::regclass, 'product_attribute_values'::regclass, 'product_bulk_tiers'::regclass)
      or confrelid in ('products'::regclass, 'product_attribute_values'::regclass, 'product_bulk_tiers'::regclass)
    union all
    select tgname || ' ' || tgenabled::text from pg_trigger
    where tgrelid in ('products'::regclass, 'product_attribute_values'::regclass) and not tgisinternal
    order by 1`);
  return rows.map((row) => row.definition);
}

describe("seeding by COPY", () => {
  it("writes each product, tier and spec value as generated, and the same rows staged and swapped in", async () => {
    const { db } = handle();
    const keys = await catalogueKeys();
    expect(await writeCatalog(db, { size: SIZE, staged: false })).toBe(SIZE);

    // Every field as generated (tabs, quotes and backslashes included), the columns it leaves out at their defaults.
    const definitions = await attributeDefinitionsBySubcategory(db);
    const written = await catalogueRows();
    const byPart = new Map(written.products.map((row) => [row.partNumber, row]));
    let tiers = 0;
    for (const { product, tiers: itsTiers } of generateCatalog({ size: SIZE })) {
      const typed = typeSpecifications(definitions.get(product.subcategory) ?? [], product.specifications ?? {});
      const row = byPart.get(product.partNumber);
      expect(row).toMatchObject({ ...product, specifications: typed.shown });
      expect(row).toMatchObject({ status: "active", reviewCount: 0, leadTimeDays: null, image: "" });
      expect(written.values.filter((value) => value.part === product.partNumber)).toHaveLength(typed.values.size);
      tiers += itsTiers.length;
    }
    expect(written.tiers).toHaveLength(tiers);
    expect(written.products.filter((row) => row.family !== null).length).toBeGreaterThan(100);

    // Again, staged beside the catalogue and swapped in: the same rows, the same tables after.
    const told: string[] = [];
    const staged = writeCatalog(db, {
      size: SIZE,
      replace: true,
      staged: true,
      onProgress: (n) => told.push(`${n} written`),
      onIndexing: () => told.push("indexing"),
    });
    expect(await staged).toBe(SIZE);
    // Told once every row is written (on PostgreSQL two connections share out the batches).
    expect(told.slice(-2)).toEqual([`${SIZE} written`, "indexing"]);
    expect(told.filter((step) => step === "indexing")).toHaveLength(1);
    expect(await catalogueRows()).toEqual(written);
    expect(await catalogueKeys()).toEqual(keys);
    // The spec values' statistics, made again, hold what ANALYZE gathers (the spec filters are planned from them).
    const { rows: gathered } = await db.execute<{ made: number; filled: number }>(sql`
      select count(*)::int as made, count(d.stxoid)::int as filled
      from pg_statistic_ext e left join pg_statistic_ext_data d on d.stxoid = e.oid
      where e.stxrelid = 'product_attribute_values'::regclass`);
    expect(gathered[0]?.made).toBeGreaterThan(0);
    expect(gathered[0]?.filled).toBe(gathered[0]?.made);
    // Written frozen: pages of spec values are all-visible with no vacuum yet (ANALYZE reads the
    // count; unfrozen, none is). Not every page: COPY marks those it began empty.
    await db.execute(sql`analyze product_attribute_values`);
    const { rows: pages } = await db.execute<{ relpages: number; relallvisible: number }>(
      sql`select relpages, relallvisible from pg_class where oid = 'product_attribute_values'::regclass`,
    );
    expect(pages[0]?.relallvisible).toBeGreaterThan(0);
    // One row per product written (besides the delete's, of the products before).
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(catalogueChanges)
      .innerJoin(products, eq(products.id, catalogueChanges.productId));
    expect(n).toBe(SIZE);
  });

  it("leaves the catalogue as it was when a seed fails part way", async () => {
    const { db } = handle();
    const before = await catalogueRows();
    const keys = await catalogueKeys();
    await expect(
      writeCatalog(db, {
        size: SIZE,
        replace: true,
        staged: true,
        onProgress: () => {
          throw new Error("stopped");
        },
      }),
    ).rejects.toThrow("stopped");
    expect(await catalogueRows()).toEqual(before);
    expect(await catalogueKeys()).toEqual(keys);
  });

  it("fails, leaving the catalogue as it was, when something it does not know depends on the catalogue's tables", async () => {
    const { db } = handle();
    const before = await catalogueRows();
    await db.execute(sql`create view listed_parts as select part_number from products`);
    try {
      const keys = await catalogueKeys();
      await expect(writeCatalog(db, { size: SIZE, replace: true, staged: true })).rejects.toThrow(/depend/);
      expect(await catalogueRows()).toEqual(before);
      expect(await catalogueKeys()).toEqual(keys);
    } finally {
      await db.execute(sql`drop view listed_parts`);
    }
  });
});
