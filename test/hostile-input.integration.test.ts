// A property-based fuzzer against the real server, as a guest and as a signed-in admin with a cart:
// malformed, oversized, wrong-typed and unicode-heavy input to every action and API endpoint gets a
// clear 4xx, never a 5xx, and leaves the database exactly as it was.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { client, type StoreProcess, storeProcess } from "./store-process";

const admin = { email: "fuzz-admin@example.com", password: "fuzz-admin-password" };
let store: StoreProcess;

// Counters that hostile requests are meant to move: sessions are touched as they are used, and
// rate limits count failed attempts.
const tablesAllowedToChange = new Set(["session", "rate_limit"]);

/**
 * Every other table's rows, hashed, read with the store stopped (an embedded database has one
 * process at a time).
 */
async function fingerprint(): Promise<Record<string, string>> {
  await store.stop();
  const handle = await store.openDatabase();
  try {
    const tables = await handle.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const prints: Record<string, string> = {};
    for (const { name } of tables.rows) {
      if (tablesAllowedToChange.has(name)) continue;
      const result = await handle.db.execute<{ rows: string; digest: string }>(
        sql`select count(*)::text as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
            from ${sql.identifier(name)} t`,
      );
      const row = result.rows[0];
      prints[name] = `${row?.rows} rows, ${row?.digest}`;
    }
    return prints;
  } finally {
    await handle.close();
  }
}

const hostileText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "' or 1=1; drop table orders; --",
    "<script>alert(1)</script>",
    "%00%ff\u0000\ud800",
    "x".repeat(20_000),
    "-1",
    "0",
    "1e308",
    "NaN",
    "[]",
    "{}",
    '{"lines":[{"partNumber":"NO-SUCH-PART","quantity":1}]}',
    "00000000-0000-4000-8000-000000000000",
  ),
);

/** Each action with its real intents (so the fuzzer reaches the validation behind them) and its fields. */
const actions: [string, string[], string[]][] = [
  ["/api/cart", ["add", "set", "remove", "apply-promo", "quick-order"], ["productId", "quantity", "code", "lines"]],
  [
    "/checkout",
    ["place", "complete"],
    [
      "email",
      "firstName",
      "phone",
      "shipping.line1",
      "shipping.state",
      "shipping.zip",
      "paymentMethod",
      "paymentId",
      "sameAsShipping",
      "billing.city",
    ],
  ],
  [
    "/auth",
    ["sign-in", "sign-up"],
    [
      "email",
      "password",
      "firstName",
      "lastName",
      "shipping.line1",
      "shipping.city",
      "shipping.state",
      "shipping.zip",
      "redirectTo",
    ],
  ],
  ["/auth/forgot-password", [""], ["email"]],
  ["/auth/reset-password", [""], ["token", "password"]],
  ["/admin/login", [""], ["email", "password"]],
  ["/admin/login/code", [""], ["code"]],
  ["/admin/two-factor", ["start", "confirm"], ["password", "code"]],
  [
    "/admin",
    ["approve", "revoke", "create-promo", "edit-promo", "promo-status"],
    ["profileId", "creditLimit", "code", "description", "discountType", "discountValue", "promoId", "active"],
  ],
  ["/admin/orders/ORD1700000000000AAAAA", ["mark-paid", "status", ""], ["status"]],
];

let guest: ReturnType<typeof client>;
let signedInAdmin: ReturnType<typeof client>;

beforeAll(async () => {
  store = await storeProcess({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  guest = client(store);
  signedInAdmin = client(store);
  await store.start();
  const login = await signedInAdmin.post("/admin/login", admin);
  expect(login.status).toBe(302);
  const added = await signedInAdmin.post("/api/cart", {
    intent: "quick-order",
    lines: JSON.stringify({ lines: [{ partNumber: "GW-45-001", quantity: 2 }] }),
  });
  expect(added.status).toBe(200);
}, 180_000);

afterAll(() => store.remove());

it("answers hostile input with a 4xx, never a 5xx, and changes nothing in the database", async () => {
  const before = await fingerprint();
  await store.start();
  for (const [who, visitor] of [
    ["guest", guest],
    ["admin", signedInAdmin],
  ] as const) {
    for (const [pathname, intents, fields] of actions) {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...intents),
          fc.record(Object.fromEntries(fields.map((field) => [field, hostileText])), { requiredKeys: [] }),
          async (intent, values) => {
            const form = { intent, ...values } as Record<string, string>;
            const response = await visitor.post(pathname, form);
            const sent = `${who} ${pathname} ${JSON.stringify(form).slice(0, 300)}`;
            // A refusal: a 4xx with its message, or the browser flow's redirect with a toast (a guest
            // at checkout is sent to sign in), never to a confirmation.
            expect(response.status, sent).toBeGreaterThanOrEqual(300);
            expect(response.status, sent).toBeLessThan(500);
            expect(response.headers.get("location") ?? "", sent).not.toContain("order-confirmation");
          },
        ),
        { numRuns: 30, seed: 20261123 },
      );
    }
    for (const pathname of ["/search", "/api/search/suggest", "/category/abrasives/grinding-wheels"]) {
      await fc.assert(
        fc.asyncProperty(hostileText, hostileText, async (q, page) => {
          const query = new URLSearchParams({ q, page, sort: q, stock: page, brand: q });
          const response = await visitor.get(`${pathname}?${query}`);
          expect(response.status, `${who} ${pathname} q=${q.slice(0, 80)}`).toBeLessThan(500);
        }),
        { numRuns: 20, seed: 20261123 },
      );
    }
  }
  // The test card processor's confirm call takes JSON: any shape, any values.
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.json(),
        fc
          .record({ clientSecret: hostileText, number: hostileText, expiry: hostileText, cvc: hostileText })
          .map((body) => JSON.stringify(body)),
        hostileText,
      ),
      async (body) => {
        const response = await guest.postJson("/api/payments/test/confirm", body);
        expect(response.status, body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(response.status, body.slice(0, 300)).toBeLessThan(500);
        expect(await response.json()).toHaveProperty("message");
      },
    ),
    { numRuns: 30, seed: 20261123 },
  );
  // The admin's session and cart came through it all.
  const cart = await (await signedInAdmin.get("/api/cart")).json();
  expect(cart.cart).toMatchObject({ count: 2, subtotal: "25.98" });
  expect((await signedInAdmin.get("/admin")).status).toBe(200);

  expect(await fingerprint()).toEqual(before);
}, 300_000);
