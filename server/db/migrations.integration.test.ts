import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, testDriver } from "../../test/database";
import { seedCatalogIfEmpty } from "../catalog/seed";
import type { DatabaseHandle } from "./client";
import { products } from "./schema";

const specTables = ["order_items", "orders", "products", "profiles", "promo_codes", "user_roles"];

describe(`migrations on ${testDriver}`, () => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    const empty = await createEmptyDatabase();
    drop = empty.drop;
    handle = await empty.open();
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const tables = async () => {
    const result = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    return result.rows.map((row) => row.table_name);
  };
  const applied = async () => {
    const result = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return result.rows[0]?.n;
  };

  it("creates the spec's tables and the trigram extension from an empty database", async () => {
    expect(await tables()).toEqual([]);
    await handle.migrate();
    expect(await tables()).toEqual(expect.arrayContaining(specTables));
    const extension = await handle.db.execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`);
    expect(extension.rows).toHaveLength(1);
  });

  it("changes nothing when run a second time", async () => {
    const before = { tables: await tables(), applied: await applied() };
    await handle.migrate();
    expect({ tables: await tables(), applied: await applied() }).toEqual(before);
    expect(before.applied).toBeGreaterThanOrEqual(2);
  });

  it("seeds the catalogue once, with the products the decisions name", async () => {
    const written = await seedCatalogIfEmpty(handle.db);
    expect(written).toBe(3000);
    expect(await seedCatalogIfEmpty(handle.db)).toBe(0);
    const [row] = await handle.db.select({ total: count() }).from(products);
    expect(row?.total).toBe(written);
    const named = await handle.db.execute<{ part_number: string; price: string; stock_level: number }>(
      sql`select part_number, price, stock_level from products where part_number in ('GW-45-001', 'FD-80-001', 'CW-45-045') order by part_number`,
    );
    expect(named.rows).toEqual([
      { part_number: "CW-45-045", price: "2.45", stock_level: 2847 },
      { part_number: "FD-80-001", price: "8.49", stock_level: 920 },
      { part_number: "GW-45-001", price: "12.99", stock_level: 640 },
    ]);
  });

  it("rejects a negative stock level at the database", async () => {
    await expect(
      handle.db.execute(sql`update products set stock_level = -1 where part_number = 'GW-45-001'`),
    ).rejects.toThrow();
  });
});
