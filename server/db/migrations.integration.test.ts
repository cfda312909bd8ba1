import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, testDriver } from "../../test/database";
import { seedCatalogIfEmpty } from "../catalog/seed/seed";
import type { DatabaseHandle } from "./client";
import { journalEntries, migrationsUpTo } from "./migration-journal";
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

  it("creates the store's tables and the trigram extension from an empty database", async () => {
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

  it("seeds the catalogue once, with the products the product rules name", async () => {
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

/** The store's migrations up to and including `last`, in a folder of their own. */
const migrationsThrough = (last: string) =>
  migrationsUpTo(journalEntries().findIndex((entry) => entry.tag === last) + 1);

describe(`migration 0015 on ${testDriver}`, () => {
  it("links earlier order lines to their products by part number and gives kept checkouts one value per address", async () => {
    const empty = await createEmptyDatabase();
    const handle = await empty.open();
    const before = migrationsThrough("0014_search_by_category");
    try {
      await handle.migrate(before.folder);
      await handle.db.execute(sql`
        insert into "user" (id, name, email, email_verified, created_at, updated_at)
          values ('u1', 'Dana', 'dana@example.com', true, now(), now())`);
      await handle.db.execute(sql`
        insert into products (id, slug, part_number, name, brand, category, subcategory, price)
          values ('00000000-0000-4000-8000-000000000001', 'wheel', 'GW-45-001', 'Wheel', 'Ironridge', 'abrasives', 'grinding-wheels', 12.99)`);
      await handle.db.execute(sql`
        insert into orders (id, user_id, order_number, total_amount, status, shipping_address_line1, shipping_city,
            shipping_state, shipping_zip, email, first_name, last_name, phone, billing_address_line1, billing_city,
            billing_state, billing_zip, subtotal_amount, tax_rate_ppm, tax_amount, payment_method)
          values ('00000000-0000-4000-8000-000000000002', 'u1', 'ORD1700000000000AAAAA', 12.99, 'paid', '1 Main St',
            'Portland', 'OR', '97201', 'dana@example.com', 'Dana', 'Reyes', '5035550142', '1 Main St', 'Portland',
            'OR', '97201', 12.99, 0, 0, 'credit_card')`);
      await handle.db.execute(sql`
        insert into order_items (order_id, product_name, product_sku, quantity, unit_price, total_price) values
          ('00000000-0000-4000-8000-000000000002', 'Wheel', 'GW-45-001', 1, 12.99, 12.99),
          ('00000000-0000-4000-8000-000000000002', 'Gone', 'NO-LONGER-SOLD', 1, 0, 0)`);
      await handle.db.execute(sql`
        insert into checkout_payments (user_id, cart_id, provider, provider_payment_id, amount, checkout)
          values ('u1', '00000000-0000-4000-8000-000000000003', 'test', 'pi_1', 12.99, ${JSON.stringify({
            email: "dana@example.com",
            firstName: "Dana",
            sameAsShipping: false,
            shippingAddressLine1: "1 Main St",
            shippingCity: "Portland",
            shippingState: "OR",
            shippingZip: "97201",
            shippingCountry: "United States",
            billingAddressLine1: "9 Dock Rd",
            billingAddressLine2: "Bay 4",
            billingCity: "Tacoma",
            billingState: "WA",
            billingZip: "98402",
            billingCountry: "United States",
          })}::jsonb)`);

      await handle.migrate();

      const lines = await handle.db.execute<{ product_sku: string; product_id: string | null }>(
        sql`select product_sku, product_id from order_items order by product_sku`,
      );
      expect(lines.rows).toEqual([
        { product_sku: "GW-45-001", product_id: "00000000-0000-4000-8000-000000000001" },
        { product_sku: "NO-LONGER-SOLD", product_id: null },
      ]);
      const kept = await handle.db.execute<{ checkout: unknown }>(sql`select checkout from checkout_payments`);
      expect(kept.rows[0]?.checkout).toEqual({
        email: "dana@example.com",
        firstName: "Dana",
        sameAsShipping: false,
        shipping: { line1: "1 Main St", city: "Portland", state: "OR", zip: "97201", country: "United States" },
        billing: {
          line1: "9 Dock Rd",
          line2: "Bay 4",
          city: "Tacoma",
          state: "WA",
          zip: "98402",
          country: "United States",
        },
      });
    } finally {
      before.remove();
      await handle.close();
      await empty.drop();
    }
  });
});

describe(`migration order_history_and_saved_lists on ${testDriver}`, () => {
  it("gives each earlier order one history row: its status as of its order date", async () => {
    const empty = await createEmptyDatabase();
    const handle = await empty.open();
    const before = migrationsThrough("0017_two_factor");
    try {
      await handle.migrate(before.folder);
      await handle.db.execute(sql`
        insert into orders (id, order_number, order_date, total_amount, status, shipping_address_line1, shipping_city,
            shipping_state, shipping_zip, email, first_name, last_name, phone, billing_address_line1, billing_city,
            billing_state, billing_zip, subtotal_amount, tax_rate_ppm, tax_amount, payment_method)
          values ('00000000-0000-4000-8000-000000000002', 'ORD1700000000000AAAAA', '2026-03-02T15:00:00Z', 12.99,
            'shipped', '1 Main St', 'Portland', 'OR', '97201', 'dana@example.com', 'Dana', 'Reyes', '5035550142',
            '1 Main St', 'Portland', 'OR', '97201', 12.99, 0, 0, 'credit_card')`);
      await handle.migrate();
      const rows = await handle.db.execute<{ order_id: string; status: string; at: string }>(
        sql`select order_id, status, at::text as at from order_status_history`,
      );
      expect(rows.rows).toEqual([
        {
          order_id: "00000000-0000-4000-8000-000000000002",
          status: "shipped",
          at: expect.stringMatching(/^2026-03-02/),
        },
      ]);
    } finally {
      before.remove();
      await handle.close();
      await empty.drop();
    }
  });
});

describe(`migration payment_terms_and_invoices on ${testDriver}`, () => {
  it("makes the terms orders placed before it Net 30 with invoice numbers in order, and numbers on after them", async () => {
    const empty = await createEmptyDatabase();
    const handle = await empty.open();
    const last = journalEntries().findIndex((entry) => entry.tag.endsWith("_payment_terms_and_invoices"));
    const before = migrationsUpTo(last);
    try {
      await handle.migrate(before.folder);
      await handle.db.execute(sql`
        insert into "user" (id, name, email, email_verified, created_at, updated_at)
          values ('u1', 'Dana', 'dana@example.com', true, now(), now())`);
      const order = (number: string, day: string, method: string) => sql`
        insert into orders (user_id, order_number, order_date, total_amount, status, shipping_address_line1,
            shipping_city, shipping_state, shipping_zip, email, first_name, last_name, phone, billing_address_line1,
            billing_city, billing_state, billing_zip, subtotal_amount, tax_rate_ppm, tax_amount, payment_method)
          values ('u1', ${number}, ${day}::timestamptz, 10, 'paid', '1 Main St', 'Portland', 'OR', '97201',
            'dana@example.com', 'Dana', 'Reyes', '5035550142', '1 Main St', 'Portland', 'OR', '97201', 10, 0, 0,
            ${method})`;
      await handle.db.execute(order("ORD1700000000002BBBBB", "2026-10-02T12:00:00Z", "net_30"));
      await handle.db.execute(order("ORD1700000000001AAAAA", "2026-10-01T12:00:00Z", "net_30"));
      await handle.db.execute(order("ORD1700000000003CCCCC", "2026-10-03T12:00:00Z", "credit_card"));

      await handle.migrate();

      const rows = await handle.db.execute<{ order_number: string; terms_days: number | null; invoice: string | null }>(
        sql`select order_number, payment_method, terms_days, invoice_number as invoice from orders order by order_number`,
      );
      // Paid on terms, whatever their length, is named so since 0035_on_terms.
      expect(rows.rows).toEqual([
        { order_number: "ORD1700000000001AAAAA", payment_method: "on_terms", terms_days: 30, invoice: "INV-000001" },
        { order_number: "ORD1700000000002BBBBB", payment_method: "on_terms", terms_days: 30, invoice: "INV-000002" },
        { order_number: "ORD1700000000003CCCCC", payment_method: "credit_card", terms_days: null, invoice: null },
      ]);
      const next = await handle.db.execute<{ n: string }>(sql`select nextval('invoice_number_seq')::text as n`);
      expect(next.rows[0]?.n).toBe("3");
      const settings = await handle.db.execute(sql`select overdue_grace_days from store_settings`);
      expect(settings.rows).toEqual([{ overdue_grace_days: 15 }]);
    } finally {
      before.remove();
      await handle.close();
      await empty.drop();
    }
  });
});

describe(`migration product_reviews on ${testDriver}`, () => {
  it("puts every product's invented stars and review count back to the real count, none", async () => {
    const empty = await createEmptyDatabase();
    const handle = await empty.open();
    const last = journalEntries().findIndex((entry) => entry.tag.endsWith("_product_reviews"));
    const before = migrationsUpTo(last);
    try {
      await handle.migrate(before.folder);
      await handle.db.execute(sql`
        insert into products (slug, part_number, name, brand, category, subcategory, price, rating, review_count)
          values ('wheel', 'GW-45-001', 'Grinding Wheel 4.5 in', 'Cascade Pro', 'abrasives', 'grinding-wheels',
            12.99, 4.6, 128),
          ('disc', 'FD-80-001', 'Flap Disc', 'Ironridge', 'abrasives', 'flap-discs', 8.49, 0, 0)`);

      await handle.migrate();

      const rows = await handle.db.execute<{ part_number: string; rating: string; review_count: number }>(
        sql`select part_number, rating::text, review_count from products order by part_number`,
      );
      expect(rows.rows).toEqual([
        { part_number: "FD-80-001", rating: "0.0", review_count: 0 },
        { part_number: "GW-45-001", rating: "0.0", review_count: 0 },
      ]);
    } finally {
      before.remove();
      await handle.close();
      await empty.drop();
    }
  });
});

describe(`migration companies on ${testDriver}`, () => {
  it("makes every account a company of one, keeping its number, terms, limit, orders, lists and addresses", async () => {
    const empty = await createEmptyDatabase();
    const handle = await empty.open();
    const last = journalEntries().findIndex((entry) => entry.tag.endsWith("_companies"));
    const before = migrationsUpTo(last);
    try {
      await handle.migrate(before.folder);
      await handle.db.execute(sql`
        insert into "user" (id, name, email, email_verified, created_at, updated_at) values
          ('u1', 'Dana', 'dana@example.com', true, now(), now()),
          ('u2', 'Sam', 'sam@example.com', true, now(), now())`);
      await handle.db.execute(sql`
        insert into profiles (user_id, first_name, company_name, account_number, net_30_approved, credit_limit,
            terms_days, po_required)
          values ('u1', 'Dana', 'Reyes Fabrication', 'ACCT-100007', true, 5000, 60, true),
                 ('u2', 'Sam', null, 'ACCT-100008', false, 0, 30, false)`);
      await handle.db.execute(sql`
        insert into orders (user_id, order_number, order_date, total_amount, status, shipping_address_line1,
            shipping_city, shipping_state, shipping_zip, email, first_name, last_name, phone, billing_address_line1,
            billing_city, billing_state, billing_zip, subtotal_amount, tax_rate_ppm, tax_amount, payment_method,
            terms_days, invoice_number, payment_due_date)
          values ('u1', 'ORD1700000000001AAAAA', now(), 1200, 'pending_payment', '1 Main St', 'Portland', 'OR',
            '97201', 'dana@example.com', 'Dana', 'Reyes', '5035550142', '1 Main St', 'Portland', 'OR', '97201',
            1200, 0, 0, 'net_30', 60, 'INV-000001', now())`);
      await handle.db.execute(sql`insert into saved_lists (user_id, name) values ('u1', 'Shop floor')`);
      await handle.db.execute(sql`
        insert into ship_to_addresses (user_id, label, shipping_address_line1, shipping_city, shipping_state,
            shipping_zip, is_default)
          values ('u1', 'Plant', '9 Mill Rd', 'Salem', 'OR', '97301', true)`);

      await handle.migrate();

      const companies = await handle.db.execute<Record<string, unknown>>(sql`
        select m.user_id, m.role, c.name, c.account_number, c.on_terms, c.credit_limit, c.terms_days,
            c.po_required
          from company_members m join companies c on c.id = m.company_id order by m.user_id`);
      expect(companies.rows).toEqual([
        {
          user_id: "u1",
          role: "admin",
          name: "Reyes Fabrication",
          account_number: "ACCT-100007",
          on_terms: true,
          credit_limit: "5000.00",
          terms_days: 60,
          po_required: true,
        },
        {
          user_id: "u2",
          role: "admin",
          name: null,
          account_number: "ACCT-100008",
          on_terms: false,
          credit_limit: "0.00",
          terms_days: 30,
          po_required: false,
        },
      ]);
      const owned = await handle.db.execute<{ kind: string; same: boolean }>(sql`
        select 'order' as kind, o.company_id = m.company_id as same from orders o join company_members m on m.user_id = 'u1'
        union all select 'list', l.company_id = m.company_id from saved_lists l join company_members m on m.user_id = 'u1'
        union all select 'address', a.company_id = m.company_id from ship_to_addresses a join company_members m on m.user_id = 'u1'
        order by kind`);
      expect(owned.rows).toEqual([
        { kind: "address", same: true },
        { kind: "list", same: true },
        { kind: "order", same: true },
      ]);
      const profileColumns = await handle.db.execute<{ column_name: string }>(sql`
        select column_name from information_schema.columns
          where table_name = 'profiles' and column_name in ('account_number', 'credit_limit', 'company_name')`);
      expect(profileColumns.rows).toEqual([]);
    } finally {
      before.remove();
      await handle.close();
      await empty.drop();
    }
  });
});

describe(`migration back_in_stock on ${testDriver}`, () => {
  it("takes the generator's same-day promise out of stored descriptions and key features, and nothing else", async () => {
    const empty = await createEmptyDatabase();
    const handle = await empty.open();
    const last = journalEntries().findIndex((entry) => entry.tag.endsWith("_back_in_stock"));
    const before = migrationsUpTo(last);
    try {
      await handle.migrate(before.folder);
      await handle.db.execute(sql`
        insert into products (slug, part_number, name, brand, category, subcategory, price, description, key_features)
          values ('generated', 'HV-1', 'Hi-Vis Vest', 'Summit', 'safety', 'hi-vis', 12.99,
            'Hi-Vis Vest from Summit, built for trade and industrial use. Meets or exceeds OEM specifications and ships the same day from stock.',
            '["Class 2", "Ships same day when ordered before 3PM EST", "Backed by full warranty"]'),
          ('own', 'OWN-1', 'Own Vest', 'Own', 'safety', 'hi-vis', 9.99,
            'Our own words: it ships the same day from stock.', '["Ships same day, every day"]')`);

      await handle.migrate();

      const rows = await handle.db.execute<{ part_number: string; description: string; key_features: string[] }>(
        sql`select part_number, description, key_features from products order by part_number`,
      );
      expect(rows.rows).toEqual([
        {
          part_number: "HV-1",
          description:
            "Hi-Vis Vest from Summit, built for trade and industrial use. Meets or exceeds OEM specifications.",
          key_features: ["Class 2", "Backed by full warranty"],
        },
        {
          part_number: "OWN-1",
          description: "Our own words: it ships the same day from stock.",
          key_features: ["Ships same day, every day"],
        },
      ]);
    } finally {
      before.remove();
      await handle.close();
      await empty.drop();
    }
  });
});

describe(`migration api_key_scopes on ${testDriver}`, () => {
  it("gives the keys made before it every scope, so they do what they did, and new keys only known scopes", async () => {
    const empty = await createEmptyDatabase();
    const handle = await empty.open();
    const last = journalEntries().findIndex((entry) => entry.tag.endsWith("_api_key_scopes"));
    const before = migrationsUpTo(last);
    try {
      await handle.migrate(before.folder);
      await handle.db.execute(
        sql`insert into companies (id, name) values ('00000000-0000-4000-8000-00000000000a', 'Acme')`,
      );
      await handle.db.execute(sql`
        insert into company_api_keys (company_id, name, prefix, secret_hash)
          values ('00000000-0000-4000-8000-00000000000a', 'ERP', 'cis_abcdefgh', 'hash-1')`);

      await handle.migrate();

      const keys = await handle.db.execute<{ name: string; scopes: string[] }>(
        sql`select name, scopes from company_api_keys`,
      );
      expect(keys.rows).toEqual([
        { name: "ERP", scopes: ["catalog:read", "orders:read", "addresses:read", "orders:write"] },
      ]);
      const insert = (scopes: string) =>
        handle.db
          .execute(sql`
            insert into company_api_keys (company_id, name, prefix, secret_hash, scopes)
              values ('00000000-0000-4000-8000-00000000000a', 'New', 'cis_ijklmnop', ${`hash-${scopes}`}, ${scopes}::text[])`)
          .then(
            () => "written",
            () => "refused",
          );
      expect(await insert("{catalog:read}")).toBe("written");
      expect(await insert("{}")).toBe("refused");
      expect(await insert("{orders:delete}")).toBe("refused");
      // A key is given its scopes when it is made: the column has no default.
      const withoutScopes = await handle.db
        .execute(sql`
          insert into company_api_keys (company_id, name, prefix, secret_hash)
            values ('00000000-0000-4000-8000-00000000000a', 'Bare', 'cis_qrstuvwx', 'hash-bare')`)
        .then(
          () => "written",
          () => "refused",
        );
      expect(withoutScopes).toBe("refused");
    } finally {
      before.remove();
      await handle.close();
      await empty.drop();
    }
  });
});
