// The back office at scale: 10,000 customers and 100,000 orders (with 250,000 items) written
// straight in SQL, then each admin read timed (median and worst of several runs).
import { sql } from "drizzle-orm";
import { customerStats, searchCustomers } from "../server/admin/customers";
import { listOrders } from "../server/admin/orders";
import { type DatabaseHandle, setDatabase } from "../server/db/client";

export const CUSTOMERS = 10_000;
export const ORDERS = 100_000;

async function fill(handle: DatabaseHandle) {
  const { db } = handle;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'scale-' || n, 'Buyer ' || n, 'buyer' || n || '@scale.test', true, now(), now()
    from generate_series(1, ${CUSTOMERS}) n`);
  // 2,000 companies of five buyers each; every seventh company is on terms.
  await db.execute(sql`
    insert into companies (name, on_terms, credit_limit)
    select 'Company ' || k, k % 7 = 0, case when k % 7 = 0 then 25000 else 0 end
    from generate_series(0, 1999) k`);
  await db.execute(sql`
    insert into profiles (user_id, first_name, last_name)
    select 'scale-' || n, (array['Dana','Sam','Lee','Kim','Ana'])[1 + n % 5], 'Buyer' || n
    from generate_series(1, ${CUSTOMERS}) n`);
  await db.execute(sql`
    insert into company_members (user_id, company_id, role)
    select 'scale-' || n, c.id, case when n <= 2000 then 'admin' else 'buyer' end
    from generate_series(1, ${CUSTOMERS}) n join companies c on c.name = 'Company ' || (n % 2000)`);
  await db.execute(sql`
    insert into orders (user_id, company_id, order_number, order_date, total_amount, status, shipping_address_line1,
      shipping_city, shipping_state, shipping_zip, email, first_name, last_name, company_name, phone,
      billing_address_line1, billing_city, billing_state, billing_zip, subtotal_amount, discount_amount,
      tax_rate_ppm, tax_amount, payment_method, paid_at)
    select 'scale-' || (1 + n % ${CUSTOMERS}), m.company_id,
      'ORD' || (1700000000000 + n * 1000) || lpad(n::text, 5, '0'),
      now() - (n || ' minutes')::interval, 108.00,
      (array['pending_payment','paid','processing','shipped','completed','cancelled'])[1 + n % 6],
      '1 Main St', 'Portland', 'OR', '97201', 'buyer' || (1 + n % ${CUSTOMERS}) || '@scale.test', 'Dana', 'Buyer',
      'Company ' || ((1 + n % ${CUSTOMERS}) % 2000), '5035550142', '1 Main St', 'Portland', 'OR', '97201', 100.00, 0,
      80000, 8.00, case when n % 3 = 0 then 'on_terms' else 'credit_card' end, case when n % 3 = 0 then null else now() end
    from generate_series(1, ${ORDERS}) n join company_members m on m.user_id = 'scale-' || (1 + n % ${CUSTOMERS})`);
  await db.execute(sql`
    insert into order_items (order_id, product_name, product_sku, quantity, allocated_quantity, unit_price, total_price)
    select o.id, 'Part ' || k, 'P-' || k, 1, 1, 40.00, 40.00
    from orders o cross join generate_series(1, 2) k`);
  await db.execute(sql`analyze`);
}

async function timed(run: () => Promise<unknown>, times = 7) {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)] ?? 0, worst: samples.at(-1) ?? 0 };
}

/** Fills the (empty, migrated) database and returns one line per admin read. */
export async function benchAdminScale(handle: DatabaseHandle): Promise<string[]> {
  const started = performance.now();
  await fill(handle);
  const fillSeconds = ((performance.now() - started) / 1000).toFixed(1);
  setDatabase(handle);
  const reads: [string, () => Promise<unknown>][] = [
    ["dashboard stats", () => customerStats()],
    ["customers, first page", () => searchCustomers({ q: "", page: 1 })],
    ["customers, search 'company 12'", () => searchCustomers({ q: "company 12", page: 1 })],
    ["customers, page 300", () => searchCustomers({ q: "", page: 300 })],
    ["orders, first page", () => listOrders({ q: "", page: 1 })],
    ["orders, status shipped", () => listOrders({ status: "shipped", q: "", page: 1 })],
    ["orders, search e-mail", () => listOrders({ q: "buyer4242@", page: 1 })],
    ["orders, search number prefix", () => listOrders({ q: "ORD17000421", page: 1 })],
    ["orders, page 2,000", () => listOrders({ q: "", page: 2000 })],
  ];
  const lines = [
    `  filled ${CUSTOMERS.toLocaleString("en-US")} customers and ${ORDERS.toLocaleString("en-US")} orders in ${fillSeconds}s`,
  ];
  for (const [name, run] of reads) {
    const { median, worst } = await timed(run);
    lines.push(
      `  ${name.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms   worst ${worst.toFixed(1).padStart(6)} ms`,
    );
  }
  setDatabase(undefined);
  return lines;
}
