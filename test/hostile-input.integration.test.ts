// A property-based fuzzer against the real server, as a guest and as a signed-in admin with a cart:
// hostile paths on every route, hostile query strings on every page that reads one, and every
// action and API endpoint posted malformed, oversized, wrong-typed and unicode-heavy values in every
// body encoding. Each answer is a clear 4xx (or a 2xx/3xx for what is valid), never a 5xx, and the
// database is exactly as it was.

import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../app/routes";
import { client, type StoreProcess, storeProcess } from "./store-process";
import { zipBomb } from "./zip-files";

const admin = { email: "fuzz-admin@example.com", password: "fuzz-admin-password" };
const seed = 20261123;
let store: StoreProcess;
/** The fuzzing admin's company's API key (their company is not on terms: no order can be placed). */
let apiKey = "";

// Counters that hostile requests are meant to move: sessions are touched as they are used, and
// rate limits count failed attempts. A saved list's name is the buyer's free text, so a fuzzed
// value of 1 to 80 printable characters is a valid name and makes an (empty) list.
// An API key's "last used" is stamped as it is used.
const tablesAllowedToChange = new Set(["session", "rate_limit", "saved_lists", "company_api_keys"]);

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

type Visitor = ReturnType<typeof client>;
let guest: Visitor;
let signedInAdmin: Visitor;
const visitors = () =>
  [
    ["guest", guest],
    ["admin", signedInAdmin],
  ] as const;

/** Text as a URL carries it: lone surrogates (which no URL can encode) become U+FFFD first. */
const encoded = (text: string) => encodeURIComponent(Buffer.from(text).toString());

// Names every JavaScript object answers to: a lookup table indexed by a request's value must not find them.
const objectMembers = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];
// Percent-encodings that do not decode (cut short, not hex, not UTF-8, a surrogate, a NUL).
const brokenEncodings = ["%", "%%", "%E0%A4%A", "%ZZ", "%C0%80", "%ED%A0%80", "%FF%FE", "%00", "a%00b"];

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
    // Runs of operators past PostgreSQL's 32-deep websearch stack, and the tsquery language's own.
    "-".repeat(33),
    "- ".repeat(40),
    `wheel ${"-!".repeat(40)}`,
    "!(a & b) | c:* <-> d <2> 'e'",
    "\u0000",
    "0x10",
    "1e2",
    ...objectMembers,
  ),
);

/** A value as it stands in a URL: any text, encoded, or an encoding that does not decode. */
const hostileUrlText = fc.oneof(
  { weight: 1, arbitrary: hostileText.map(encoded) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...brokenEncodings, ...objectMembers, "..", ".", "%2e%2e", "%2F", "x".repeat(5_000)),
  },
);

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
const routeEntries = (list: RouteEntry[]): RouteEntry[] =>
  list.flatMap((entry) => [entry, ...routeEntries(entry.children ?? [])]);
/** Every route's path, from app/routes.ts: `products/:slug`, `category/:category/:subcategory?`, `*`. */
const patterns = [
  ...new Set([
    "",
    ...routeEntries(routeConfig as RouteEntry[]).flatMap((entry) => (entry.path === undefined ? [] : [entry.path])),
    "assets/*",
    "api/*",
  ]),
];

/** A path for a route with each of its parameters (and `*`) replaced by a hostile segment. */
const hostilePath = fc
  .tuple(
    fc.constantFrom(...patterns),
    fc.array(hostileUrlText, { minLength: 3, maxLength: 3 }),
    fc.constantFrom("", "", "", ".data", "/"),
  )
  .map(([pattern, segments, suffix]) => {
    let next = 0;
    const parts = pattern.split("/").map((part) => (/^:|^\*$/.test(part) ? (segments[next++] ?? "") : part));
    return `/${parts.join("/")}${suffix}`;
  });

/** Each page that reads a query string, with the parameters it reads. */
const queries: [string, string[]][] = [
  ["/search", ["q", "category", "brand", "stock", "sort", "page", "diameter", "diameter_min", "abrasive", "units"]],
  ["/compare", ["parts"]],
  ["/api/search/suggest", ["q"]],
  [
    "/category/abrasives/grinding-wheels",
    ["brand", "stock", "sort", "page", "diameter", "diameter_min", "diameter_max", "abrasive", "grit", "units"],
  ],
  ["/category/cutting-tools", ["diameter", "diameter_max", "units", "stock"]],
  ["/checkout", ["state"]],
  ["/auth", ["confirmed", "error", "tab", "redirectTo"]],
  ["/auth/reset-password", ["token", "error"]],
  ["/admin/login", ["redirectTo"]],
  ["/admin", ["q", "page"]],
  ["/admin/orders", ["status", "q", "page"]],
  ["/admin/audit-log", ["page"]],
  ["/admin/reviews", ["show", "page"]],
  ["/admin/tax-certificates", ["show", "page"]],
  ["/admin/quotes", ["show", "sort", "page"]],
  ["/admin/quotes/Q-000001", []],
  ["/admin/quotes/Q-000001/pdf/1", []],
  ["/admin/tax-certificates/00000000-0000-4000-8000-000000000000/file", []],
  ["/account/company/tax-certificates", []],
  ["/admin/search-synonyms", []],
  ["/admin/products", ["q", "category", "status", "stock", "page"]],
  ["/admin/products/new", ["subcategory"]],
  ["/account/credit", []],
  ["/account/company", []],
  ["/api/prices", ["parts"]],
  ["/admin/companies/ACCT-999999/prices", ["edit"]],
  ["/account/company/api-keys", []],
  ["/account/approvals", []],
  ["/quotes/new", ["from", "list", "product", "qty"]],
  ["/account/quotes", []],
  ["/account/quotes/Q-000001", []],
  ["/account/quotes/Q-000001/pdf/1", []],
  ["/checkout", ["quote", "state"]],
  ["/account/credit/statement.pdf", ["from", "to"]],
  ["/account/credit/statement.csv", ["from", "to"]],
  ["/account/invoices/INV-000001.pdf", []],
  ["/account/receipts/ORD1700000000000AAAAA.pdf", []],
];

/** What GET /api/v1/products reads: its own parameters and grinding wheels' attributes, values and ranges. */
const productQueryNames = [
  "q",
  "category",
  "subcategory",
  "brand",
  "in_stock",
  "sort",
  "page",
  "per_page",
  "diameter",
  "diameter_min",
  "diameter_max",
  "abrasive",
  "abrasive_min",
  "grit",
  "perPage",
];

/** A query string in any shape: known and hostile names, repeated, with hostile values. */
const hostileQuery = (names: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...names, ...names, "__proto__", "constructor"), hostileUrlText), {
      minLength: 1,
      maxLength: 6,
    })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("&"));

/** Each action with its real intents (so the fuzzer reaches the validation behind them) and its fields. */
const actions: [string, string[], string[]][] = [
  ["/admin/products/import", ["import"], ["file", "dryRun"]],
  ["/admin/products/import/run", ["import"], ["file", "dryRun"]],
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
      "shipTo",
      "saveShipTo",
      "shipToLabel",
      "poNumber",
      "jobReference",
      "poDuplicateConfirmed",
      "quote",
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
  // Deleting an account: the admin the fuzzer signs in as is refused before anything is written.
  ["/account", [""], ["password"]],
  [
    "/account/addresses",
    ["add", "edit", "delete", "make-default"],
    ["id", "label", "shipping.line1", "shipping.city", "shipping.state", "shipping.zip", "makeDefault"],
  ],
  ["/admin/two-factor", ["start", "confirm"], ["password", "code"]],
  [
    "/admin",
    ["approve", "revoke", "create-promo", "edit-promo", "promo-status", "po-required"],
    [
      "companyId",
      "creditLimit",
      "termsDays",
      "code",
      "description",
      "discountType",
      "discountValue",
      "promoId",
      "active",
      "required",
    ],
  ],
  ["/admin/orders/ORD1700000000000AAAAA", ["mark-paid", "status", ""], ["status", "carrier", "trackingNumber"]],
  ["/admin/settings", [""], ["overdueGraceDays"]],
  // A company's price list: the account does not exist, so every change is refused.
  [
    "/admin/companies/ACCT-999999/prices",
    ["save", "remove", "upload"],
    ["part_number", "category", "brand", "price", "percent_off", "starts_on", "ends_on", "ruleId", "file"],
  ],
  ["/admin/reviews", ["hide", "show"], ["reviewId"]],
  ["/admin/search-synonyms", ["add", "save", "delete", ""], ["id", "phrases"]],
  // Writing a review: a guest is sent to sign in, the admin (who bought nothing) is refused.
  ["/products/grinding-wheel-4-5-in-gw-45-001", [""], ["rating", "title", "body"]],
  // The product editor's every field, list rows and attributes included; the fuzzer's values for a
  // new product are refused (a random price, category or part number is never all valid at once).
  [
    "/admin/products/new",
    [""],
    [
      "partNumber",
      "name",
      "category",
      "subcategory",
      "brand",
      "price",
      "stockLevel",
      "leadTimeDays",
      "status",
      "description",
      "tiers[0].minQuantity",
      "tiers[0].unitPrice",
      "oemNumbers[0]",
      "relatedParts[0]",
      "images[0]",
      "documents[0].name",
      "documents[0].url",
      "attributes.diameter",
      "__intent__",
      // The upload fields, sent as text here (a file field given text is no file chosen).
      "newImages",
      "newDocument",
      "newDocumentName",
    ],
  ],
  [
    "/admin/products/NO-SUCH-PART/edit",
    [""],
    [
      "partNumber",
      "name",
      "price",
      "leadTimeDays",
      "tiers[1].unitPrice",
      "status",
      "newImages",
      "newDocument",
      "newDocumentName",
    ],
  ],
  // Without a position no new category can be valid, so the tables stay as they were; the
  // category and subcategory named in the paths do not exist, so every change there is refused.
  ["/admin/categories", ["create-category"], ["slug", "name", "description", "active"]],
  [
    "/admin/categories/no-such-category",
    ["update-category", "delete-category", "create-subcategory"],
    ["slug", "name", "description", "position", "active", "categorySlug"],
  ],
  [
    "/admin/categories/no-such-category/no-such-subcategory",
    ["update-subcategory", "delete-subcategory", "save-attribute", "move-attribute"],
    [
      "slug",
      "name",
      "description",
      "position",
      "active",
      "categorySlug",
      "attributeId",
      "kind",
      "unitFamily",
      "displayUnit",
      "choices",
      "direction",
    ],
  ],
  ["/api/reorder", ["order", "top-product", "list"], ["orderNumber", "itemId", "productName", "listId", "lineId"]],
  ["/api/lists", [""], ["listId", "newName", "productId", "quantity"]],
  // Asking to hear when a part is back: a guest is told to sign in; the admin names no product.
  ["/api/back-in-stock/00000000-0000-4000-8000-000000000000", [""], ["productId"]],
  ["/account/lists", [""], ["name", "lines", "file"]],
  [
    "/account/lists/00000000-0000-4000-8000-000000000000",
    ["rename", "delete", "set-quantity", "remove-line"],
    ["name", "lineId", "quantity"],
  ],
  // The admin the fuzzer signs in as is the admin of their own company of one.
  [
    "/account/company",
    ["invite", "change-role", "remove", "revoke", "set-limits"],
    ["email", "role", "userId", "invitationId", "orderLimit", "monthlyLimit"],
  ],
  ["/account/approvals", ["approve", "reject", "withdraw"], ["submissionId", "note"]],
  // Revoking only: any name of 1 to 80 characters makes a key, as it should.
  ["/account/company/api-keys", ["revoke"], ["keyId"]],
  ["/company/join/made-up-token", ["join", "accept"], ["firstName", "lastName", "password", "closing"]],
  [
    "/account/company/tax-certificates",
    ["upload", "remove"],
    ["state", "certificateNumber", "expiresOn", "file", "certificateId"],
  ],
  ["/admin/tax-certificates", ["approve", "reject"], ["certificateId", "reason"]],
  // Answering a request for quote: there is none, so every answer is refused.
  [
    "/admin/quotes/Q-999999",
    [""],
    [
      "version",
      "validUntil",
      "message",
      "lines[0].requestLineId",
      "lines[0].outcome",
      "lines[0].partNumber",
      "lines[0].quantity",
      "lines[0].unitPrice",
      "lines[0].note",
      "lines[1].outcome",
    ],
  ],
  ["/api/payments/test/confirm", [""], ["clientSecret", "number", "expiry", "cvc"]],
  ["/api/payments/stripe/webhook", [""], ["id", "type"]],
  // A request for quote: a hostile source, list, part, quantity, day or ship-to is refused (the
  // fuzzer never sends a real ship-to of the admin's company, so no quote is written).
  ["/quotes/new", [""], ["source", "listId", "partNumber", "quantity", "lines", "neededBy", "shipTo", "notes", "file"]],
  // The buyer's moves on a quote that does not exist: each is refused as not found.
  ["/account/quotes/Q-999999", ["accept", "revise", "decline", "withdraw"], ["version", "comment"]],
];

/** A route's pattern as a test of a concrete path: `admin/orders/:orderNumber` matches `/admin/orders/ORD1…`. */
const matches = (pattern: string, pathname: string) =>
  new RegExp(
    `^/${pattern
      .split("/")
      .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? `[^/]${part.endsWith("?") ? "*" : "+"}` : part))
      .join("/")}$`,
  ).test(pathname);

// A parameter's value that names nothing in the store, so a fuzzed post changes nothing.
const madeUpParameter = (name: string) =>
  /Id$|^token$/.test(name) ? "00000000-0000-4000-8000-000000000000" : `no-such-${name.replace(/\W/g, "")}`;
// What a form of the store is likely to send, for a route the list above does not name.
const likelyFields = ["intent", "id", "email", "password", "name", "quantity", "productId", "file", "q", "token"];
// Signing out needs no field: as the admin it would end the session every other call here uses.
const guestOnly = new Set(["auth/sign-out"]);

/**
 * Every route of app/routes.ts whose module has an action, by the list above where it names the
 * route (its intents and fields reach the validation behind them), else at a path whose parameters
 * name nothing, with the fields a form is likely to send: a new route is fuzzed without a word here.
 */
const actionTargets: [string, string[], string[], boolean][] = routeEntries(routeConfig as RouteEntry[])
  .filter((entry) => entry.path !== undefined)
  .filter((entry) =>
    /export (?:async )?function action\b|export const action\b/.test(
      readFileSync(path.join(import.meta.dirname, "../app", entry.file), "utf8"),
    ),
  )
  .flatMap((entry): [string, string[], string[], boolean][] => {
    const pattern = entry.path ?? "";
    // A catch-all (`*`, `api/v1/*`) is fuzzed at a path no other route takes.
    const named = pattern.includes("*") ? [] : actions.filter(([pathname]) => matches(pattern, pathname));
    const guest = guestOnly.has(pattern);
    if (named.length > 0)
      return named.map(([pathname, intents, fields]) => [pathname, intents, fields, guest] as const);
    const pathname = `/${pattern
      .split("/")
      .map((part) =>
        part === "*"
          ? "no-such-path"
          : part.startsWith(":")
            ? madeUpParameter(part.slice(1, part.endsWith("?") ? -1 : undefined))
            : part,
      )
      .join("/")}`;
    return [[pathname, [""], likelyFields, guest]];
  });

// Field names a form of the store never sends: object members, paths Conform cannot read, and an
// array index that would have it build an array of a hundred million entries.
const hostileFieldNames = fc.constantFrom(
  ...objectMembers,
  "shipping.__proto__.polluted",
  "constructor.prototype.polluted",
  "a]b",
  "a..b",
  "[0]",
  "x[99999999]",
  "lines[1e9]",
  "",
);

const MULTIPART = "multipart/form-data; boundary=fuzz";
const part = (name: string, value: string) =>
  `--fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** How a body is sent: its Content-Type (none at all included) and its bytes. */
type Encoding = (form: Record<string, string>, oddName: string) => { type?: string; body: BodyInit };
const encodings: Record<string, Encoding> = {
  urlencoded: (form) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(form).toString() }),
  multipart: (form) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) body.append(name, value);
    return { body };
  },
  "multipart with a file": (form) => ({
    type: MULTIPART,
    body: `${Object.entries(form)
      .map(([name, value]) => part(name, value))
      .join(
        "",
      )}--fuzz\r\nContent-Disposition: form-data; name="email"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n--fuzz--\r\n`,
  }),
  "multipart, no boundary": (form) => ({ type: "multipart/form-data", body: new URLSearchParams(form).toString() }),
  "multipart, empty boundary": () => ({ type: "multipart/form-data; boundary=", body: "--\r\n\r\n--" }),
  "multipart, other boundary": (form) => ({
    type: "multipart/form-data; boundary=other",
    body: `${Object.entries(form)
      .map(([name, value]) => part(name, value))
      .join("")}--fuzz--\r\n`,
  }),
  "multipart, truncated": (form) => ({
    type: MULTIPART,
    body: Object.entries(form)
      .map(([name, value]) => part(name, value))
      .join("")
      .slice(0, -7),
  }),
  "multipart, part without a name": () => ({
    type: MULTIPART,
    body: "--fuzz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--fuzz--\r\n",
  }),
  json: (form) => ({ type: "application/json", body: JSON.stringify(form) }),
  // Every field twice (a list where one value is read) and as the other types JSON can carry.
  "repeated fields": (form) => ({
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams([...Object.entries(form), ...Object.entries(form)]).toString(),
  }),
  "json, wrong types": (form) => ({
    type: "application/json",
    body: JSON.stringify(
      Object.fromEntries(
        Object.entries(form).map(([name, value], n) => [name, [[value], -1e308, { value }, null][n % 4]]),
      ),
    ),
  }),
  "truncated json": (form) => ({ type: "application/json", body: JSON.stringify(form).slice(0, -1) }),
  "text/plain": (form) => ({
    type: "text/plain",
    body: Object.entries(form)
      .map(([name, value]) => `${name}=${value}`)
      .join("\r\n"),
  }),
  "no Content-Type": (form) => ({ body: new TextEncoder().encode(new URLSearchParams(form).toString()) }),
  "octet-stream": (form) => ({ type: "application/octet-stream", body: JSON.stringify(form) }),
  "form in UTF-16": (form) => ({
    type: "application/x-www-form-urlencoded; charset=utf-16",
    body: Buffer.from(new URLSearchParams(form).toString(), "utf16le"),
  }),
  "odd field names": (form, oddName) => ({
    type: "application/x-www-form-urlencoded",
    body: `${new URLSearchParams(form)}&${encoded(oddName)}=1&${encoded(oddName)}.x=2`,
  }),
};
const encodingNames = Object.keys(encodings);
// Mostly the encodings a browser sends, so the values reach the validation behind them.
const encodingName = fc.oneof(
  { weight: 6, arbitrary: fc.constant("urlencoded") },
  { weight: 2, arbitrary: fc.constant("multipart") },
  { weight: 6, arbitrary: fc.constantFrom(...encodingNames) },
);
const method = fc.constantFrom("POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE");

/** The status, with what was sent, for an assertion message. */
const what = (who: string, sent: string) => `${who} ${sent.slice(0, 300)}`;

beforeAll(async () => {
  // Every fuzzed call comes from one address: the catalogue API's limit per address is tested apart.
  store = await storeProcess({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    API_CALLS_PER_ADDRESS: "100000",
  });
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
  const page = await signedInAdmin.post("/account/company/api-keys", { intent: "create", name: "Fuzzer" });
  apiKey = (await page.text()).match(/cis_[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  expect(apiKey).not.toBe("");
}, 180_000);

afterAll(() => store.remove());

describe("hostile input, as a guest and as a signed-in admin with a cart", () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await fingerprint();
    await store.start();
  }, 120_000);

  it("answers every route's path, with any segment, with a 4xx or a page, never a 5xx", async () => {
    for (const [who, visitor] of visitors()) {
      await fc.assert(
        fc.asyncProperty(hostilePath, async (pathname) => {
          const response = await visitor.get(pathname);
          expect(response.status, what(who, pathname)).toBeLessThan(500);
        }),
        { numRuns: 150, seed },
      );
    }
  }, 120_000);

  it("answers every query string of every page with a 4xx or a page, never a 5xx", async () => {
    for (const [who, visitor] of visitors()) {
      for (const [pathname, names] of queries) {
        await fc.assert(
          fc.asyncProperty(hostileQuery(names), async (query) => {
            const response = await visitor.get(`${pathname}?${query}`);
            expect(response.status, what(who, `${pathname}?${query}`)).toBeLessThan(500);
          }),
          { numRuns: 25, seed },
        );
      }
    }
  }, 120_000);

  it("says which spec filters of a link it could not use, and shows the listing anyway", async () => {
    const listingWith = async (query: string) => {
      const response = await guest.get(`/category/abrasives/grinding-wheels?${query}`);
      expect(response.status, query.slice(0, 200)).toBe(200);
      return (await response.text()).replaceAll("&quot;", '"');
    };
    expect(await listingWith("diameter_min=9in&diameter_max=4in")).toContain(
      "Diameter: the minimum (9 in) is more than the maximum (4 in), so the range was left out.",
    );
    expect(await listingWith("diameter=ten")).toContain(
      'Diameter: "ten" is not a number this filter takes, so it was left out.',
    );
    expect(await listingWith("no-such-attribute=1&utm_source=x")).not.toContain("could not be used");
    expect(await listingWith(Array.from({ length: 800 }, (_, i) => `grit=${i}`).join("&"))).toContain(
      "Grit: at most 30 values can be chosen; the rest were left out.",
    );
    expect(await listingWith(`abrasive=${"%00".repeat(300)}&diameter=${"9".repeat(400)}`)).toContain("Grinding Wheels");
    const search = await guest.get("/search?q=wheel&diameter_min=abc&diameter_max=1e308mm");
    expect(search.status).toBe(200);
  }, 60_000);

  it("fuzzes every route of app/routes.ts that has an action, and names no route that has none", () => {
    const fuzzed = actionTargets.map(([pathname]) => pathname);
    expect(actions.filter(([pathname]) => !fuzzed.includes(pathname)).map(([pathname]) => pathname)).toEqual([]);
    expect(fuzzed).toContain("/auth/sign-out");
  });

  it("refuses every action's hostile values, in every body encoding, with a 4xx or a redirect with a message", async () => {
    const post = (visitor: Visitor, pathname: string, verb: string, { type, body }: ReturnType<Encoding>) =>
      visitor.send(pathname, { method: verb, body, headers: type ? { "content-type": type } : {} });
    for (const [who, visitor] of visitors()) {
      for (const [pathname, intents, fields, guestOnly] of actionTargets) {
        if (guestOnly && who !== "guest") continue;
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...intents),
            fc.record(Object.fromEntries(fields.map((field) => [field, hostileText])), { requiredKeys: [] }),
            encodingName,
            method,
            hostileFieldNames,
            async (intent, values, encoding, verb, oddName) => {
              const form = { intent, ...values } as Record<string, string>;
              const response = await post(
                visitor,
                pathname,
                verb,
                encodings[encoding]?.(form, oddName) ?? { body: "" },
              );
              const sent = what(who, `${verb} ${pathname} as ${encoding} ${JSON.stringify(form)}`);
              // A refusal: a 4xx with its message, or the browser flow's redirect with a toast (a guest
              // at checkout is sent to sign in), never to a confirmation.
              expect(response.status, sent).toBeGreaterThanOrEqual(300);
              expect(response.status, sent).toBeLessThan(500);
              expect(response.headers.get("location") ?? "", sent).not.toContain("order-confirmation");
            },
          ),
          { numRuns: 40, seed },
        );
      }
    }
  }, 180_000);

  it("answers the card confirm call's JSON, of any shape, with a 4xx and a message", async () => {
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
          const response = await guest.send("/api/payments/test/confirm", {
            method: "POST",
            body,
            headers: { "content-type": "application/json" },
          });
          expect(response.status, body.slice(0, 300)).toBeGreaterThanOrEqual(400);
          expect(response.status, body.slice(0, 300)).toBeLessThan(500);
          expect(await response.json()).toHaveProperty("message");
        },
      ),
      { numRuns: 30, seed },
    );
  });

  it("answers the JSON API's hostile bodies, headers, queries and paths with a JSON 4xx naming the problem", async () => {
    const line = fc.record(
      { partNumber: fc.oneof(hostileText, fc.constant("GW-45-001")), quantity: fc.oneof(fc.integer(), hostileText) },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.json(),
      hostileText,
      fc
        .record(
          {
            lines: fc.oneof(fc.array(line, { maxLength: 3 }), hostileText),
            shipToId: fc.oneof(hostileText, fc.uuid()),
            poNumber: hostileText,
            jobReference: hostileText,
            allowDuplicatePo: fc.oneof(fc.boolean(), hostileText),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    );
    // Header values as fetch sends them (visible ASCII), short of Node's 16 KB limit on headers.
    const headerText = hostileText.map((text) => text.replace(/[^\x20-\x7e]/g, "").slice(0, 300));
    const key = fc.oneof(fc.constant(apiKey), fc.constant(apiKey), headerText);
    const idempotency = fc.option(headerText);
    const verb = fc.constantFrom("GET", "GET", "POST", "POST", "PUT", "DELETE");
    const endpoint = fc.oneof(
      fc.constant("/api/v1/orders"),
      fc.constant("/api/v1/addresses"),
      hostileQuery(["page", "perPage"]).map((query) => `/api/v1/orders?${query}`),
      hostileQuery(productQueryNames).map((query) => `/api/v1/products?${query}`),
      hostileQuery(["parts", "quantity"]).map((query) => `/api/v1/prices?${query}`),
      // Encodings that do not decode are the path test's (above): they never reach the API.
      hostileText.map((number) => `/api/v1/orders/${encoded(number)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        endpoint,
        verb,
        body,
        key,
        idempotency,
        async (pathname, chosen, sent, bearer, idempotencyKey) => {
          const get = chosen === "GET";
          const response = await fetch(`${store.base}${pathname}`, {
            method: chosen,
            body: get ? undefined : sent,
            headers: {
              authorization: `Bearer ${bearer}`,
              "content-type": "application/json",
              ...(idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey }),
            },
          });
          const what = `${chosen} ${pathname} ${sent.slice(0, 200)}`;
          const text = await response.text();
          expect(response.status, what).toBeLessThan(500);
          // Node itself answers a request line past its 16 KB of headers with a bare 431, before the store.
          if (response.status === 431) return;
          expect(response.headers.get("content-type") ?? "", what).toContain("application/json");
          if (response.status >= 400) expect(JSON.parse(text).error.message, what).toEqual(expect.any(String));
        },
      ),
      { numRuns: 150, seed },
    );
    const huge = await fetch(`${store.base}/api/v1/orders`, {
      method: "POST",
      body: JSON.stringify({ lines: [], shipToId: "x".repeat(70_000) }),
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "idempotency-key": "huge" },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      error: { code: "body_too_large", message: "Request too large: at most 64 KB may be sent here." },
    });
  }, 120_000);

  it("answers the catalogue API's hostile queries, with a key or without, with JSON naming the parameter", async () => {
    // Mostly in scope (a subcategory), so attribute values reach the filters' reader.
    const query = fc.oneof(
      hostileQuery(productQueryNames),
      hostileQuery(productQueryNames).map((rest) => `subcategory=grinding-wheels&${rest}`),
      hostileQuery(productQueryNames).map((rest) => `category=abrasives&${rest}`),
    );
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (sent, keyed) => {
        const response = await fetch(`${store.base}/api/v1/products?${sent}`, {
          headers: keyed ? { authorization: `Bearer ${apiKey}` } : {},
        });
        const what = `${keyed ? "key" : "visitor"} ${sent.slice(0, 300)}`;
        const text = await response.text();
        expect(response.status, what).toBeLessThan(500);
        if (response.status === 431) return;
        expect(response.headers.get("content-type") ?? "", what).toContain("application/json");
        const answer = JSON.parse(text);
        if (response.status === 200) {
          expect(answer, what).toMatchObject({ total: expect.any(Number), items: expect.any(Array) });
          expect(response.headers.get("cache-control"), what).toBe(keyed ? "private, no-store" : "public, max-age=60");
          return;
        }
        expect([400, 404, 429], what).toContain(response.status);
        expect(answer.error.message, what).toEqual(expect.any(String));
        if (response.status !== 429) expect(answer.error.field, what).toEqual(expect.any(String));
      }),
      { numRuns: 120, seed },
    );
    // Through the running server, a visitor's answer is kept and served again (gzipped by the
    // store's cache, not twice by the server), revalidates with its ETag, and names what it varies by.
    const listing = `${store.base}/api/v1/products?subcategory=grinding-wheels&diameter=4.5in&sort=price_asc&per_page=5`;
    const first = await fetch(listing, { headers: { "accept-encoding": "gzip" } });
    const again = await fetch(listing, { headers: { "accept-encoding": "gzip" } });
    expect(first.status).toBe(200);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("vary")).toContain("Authorization");
    expect(await again.json()).toEqual(await first.json());
    const etag = again.headers.get("etag") ?? "";
    expect((await fetch(listing, { headers: { "if-none-match": etag } })).status).toBe(304);
    const keyed = await fetch(listing, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(keyed.headers.get("x-page-cache")).toBeNull();
    expect(keyed.headers.get("cache-control")).toBe("private, no-store");
    // Each refusal names its parameter, through the running server.
    const refused = async (sent: string) => {
      const response = await fetch(`${store.base}/api/v1/products?${sent}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(response.status, sent).toBe(400);
      return (await response.json()).error;
    };
    expect(await refused("per_page=101")).toMatchObject({ field: "per_page" });
    expect(await refused("subcategory=grinding-wheels&diameter_min=9in&diameter_max=4in")).toMatchObject({
      field: "diameter_min",
    });
    expect(await refused(`subcategory=grinding-wheels&abrasive=${"%00".repeat(300)}`)).toMatchObject({
      field: "abrasive",
    });
    expect(await refused(`subcategory=grinding-wheels&diameter=${"9".repeat(400)}`)).toMatchObject({
      field: "diameter",
    });
  }, 120_000);

  it("refuses hostile catalogue uploads (wrong type, huge, malformed CSV or XLSX, a zip bomb) with a clear 4xx", async () => {
    const upload = (visitor: Visitor, pathname: string, name: string, content: Buffer) => {
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(content)]), name);
      return visitor.send(pathname, { method: "POST", body });
    };
    const header = "part_number,name,category,subcategory,brand,price,stock_level,description";
    const files: [string, Buffer, number, RegExp][] = [
      ["setup.exe", Buffer.from("MZ\x90\x00"), 400, /is not a catalogue file: send a .csv or an .xlsx file/],
      ["photo.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 400, /not CSV text/],
      ["broken.csv", Buffer.from(`${header}\nGW-1,"an unclosed quote\n`), 400, /not well-formed CSV/],
      ["columns.csv", Buffer.from("sku,title\nA,B\n"), 400, /lacks the columns part_number/],
      ["broken.xlsx", Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(200, 7)]), 400, /not a readable XLSX/],
      ["bomb.xlsx", zipBomb(20), 400, /unpacks to more than 400 MB/],
      ["lying-bomb.xlsx", zipBomb(20, { lie: true }), 400, /unpacks to more than 400 MB/],
      ["huge.csv", Buffer.alloc(51 * 1024 * 1024, 0x61), 413, /Request too large/],
    ];
    for (const pathname of ["/admin/products/import", "/admin/products/import/run"]) {
      for (const [name, content, status, message] of files) {
        const response = await upload(signedInAdmin, pathname, name, content);
        expect(response.status, `${pathname} ${name}`).toBe(status);
        expect(await response.text(), `${pathname} ${name}`).toMatch(message);
      }
      expect((await upload(guest, pathname, "catalogue.csv", Buffer.from(header))).status).toBe(401);
    }
  }, 120_000);

  it("refuses hostile price lists (binary, malformed CSV, wrong columns, huge) with a clear 4xx, writing nothing", async () => {
    const pathname = "/admin/companies/ACCT-999999/prices";
    const upload = (visitor: Visitor, name: string, content: Buffer) => {
      const body = new FormData();
      body.append("intent", "upload");
      body.append("file", new Blob([new Uint8Array(content)]), name);
      return visitor.send(pathname, { method: "POST", body, headers: { accept: "text/html" } });
    };
    const header = "part_number,category,brand,price,percent_off,starts_on,ends_on";
    const files: [string, Buffer, number, RegExp][] = [
      ["photo.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 400, /not CSV text/],
      ["broken.csv", Buffer.from(`${header}\nGW-1,"an unclosed quote\n`), 400, /could not be read as CSV/],
      ["columns.csv", Buffer.from("sku,title\nA,B\n"), 400, /first row must name the columns part_number/],
      ["huge.csv", Buffer.alloc(2 * 1024 * 1024, 0x61), 413, /Request too large/],
    ];
    for (const [name, content, status, message] of files) {
      const response = await upload(signedInAdmin, name, content);
      expect(response.status, name).toBe(status);
      expect(await response.text(), name).toMatch(message);
    }
    expect((await upload(guest, "prices.csv", Buffer.from(header))).status).toBe(401);
  }, 60_000);

  it("refuses hostile files sent with the product editor with a 4xx and its message, saving nothing", async () => {
    const product = {
      partNumber: "HOSTILE-UP-1",
      name: "Hostile Upload Wheel",
      category: "abrasives",
      subcategory: "grinding-wheels",
      brand: "Own Brand",
      price: "12.00",
      stockLevel: "1",
      status: "draft",
      description: "",
    };
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const files: [string, string, Buffer, number, RegExp][] = [
      [
        "newImages",
        "notes.txt",
        Buffer.from("just notes"),
        400,
        /notes\.txt: This file is not a picture the store can read/,
      ],
      ["newImages", "damaged.png", Buffer.concat([png, Buffer.alloc(300, 9)]), 400, /damaged\.png: /],
      ["newImages", "huge.png", Buffer.concat([png, Buffer.alloc(81 * 1024 * 1024)]), 413, /Request too large/],
      ["newDocument", "sheet.pdf", Buffer.from("<html>not a pdf</html>"), 400, /is not a PDF/],
    ];
    for (const [field, name, content, status, message] of files) {
      const body = new FormData();
      for (const [key, value] of Object.entries(product)) body.append(key, value);
      if (field === "newDocument") body.append("newDocumentName", "Data sheet");
      body.append(field, new Blob([new Uint8Array(content)]), name);
      const response = await signedInAdmin.send("/admin/products/new", { method: "POST", body });
      expect(response.status, name).toBe(status);
      expect(await response.text(), name).toMatch(message);
    }
  }, 120_000);

  it("refuses hostile tax-exempt certificates with a 4xx and its message, keeping nothing", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const files: [string, Buffer, number, RegExp][] = [
      ["notes.pdf", Buffer.from("just notes"), 400, /neither a PDF nor a JPEG, PNG or WebP/],
      ["page.pdf", Buffer.from("<html><script>alert(1)</script></html>"), 400, /neither a PDF nor a JPEG/],
      ["logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 400, /neither a PDF nor a JPEG/],
      ["damaged.png", Buffer.concat([png, Buffer.alloc(300, 9)]), 400, /neither a PDF nor a JPEG|damaged/],
      [
        "big.pdf",
        Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(10 * 1024 * 1024 + 100, 0x20)]),
        400,
        /at most 10 MB/,
      ],
      ["huge.pdf", Buffer.alloc(12 * 1024 * 1024, 0x25), 413, /Request too large/],
    ];
    for (const [name, content, status, message] of files) {
      const body = new FormData();
      for (const [key, value] of Object.entries({
        intent: "upload",
        state: "TX",
        certificateNumber: "TX-1234567",
        expiresOn: "2099-12-31",
      }))
        body.append(key, value);
      body.append("file", new Blob([new Uint8Array(content)]), name);
      const response = await signedInAdmin.send("/account/company/tax-certificates", { method: "POST", body });
      expect(response.status, name).toBe(status);
      expect(await response.text(), name).toMatch(message);
    }
    const body = new FormData();
    body.append("intent", "upload");
    body.append("file", new Blob([Buffer.from("%PDF-1.4\n")]), "c.pdf");
    const asGuest = await guest.send("/account/company/tax-certificates", { method: "POST", body });
    expect(asGuest.status).toBe(302);
    expect(asGuest.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  }, 120_000);

  it("refuses hostile lists sent with a request for quote with a 4xx and its message, writing nothing", async () => {
    const files: [string, Buffer, number, RegExp][] = [
      ["parts.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]), 400, /holds binary data/],
      ["parts.csv", Buffer.from('GW-45-001, "10\nFD-80-001, 5'), 400, /could not be read|quantity/],
      ["parts.csv", Buffer.from(Array.from({ length: 150 }, () => "GW-45-001, 1").join("\n")), 400, /at most 100/],
      ["parts.csv", Buffer.from("GW-45-001, -4\nFD-80-001, 1e9\n,,"), 400, /Line 1: the quantity/],
      ["parts.csv", Buffer.from("NO-SUCH-PART, 3"), 400, /we do not list part NO-SUCH-PART/],
      ["parts.csv", Buffer.alloc(30_000, 0x41), 400, /too long/],
    ];
    for (const [name, content, status, message] of files) {
      const body = new FormData();
      body.append("source", "paste");
      body.append("shipTo", "profile");
      body.append("file", new Blob([new Uint8Array(content)]), name);
      const response = await signedInAdmin.send("/quotes/new", { method: "POST", body });
      expect(response.status, String(message)).toBe(status);
      expect(await response.text(), String(message)).toMatch(message);
    }
    const body = new FormData();
    body.append("source", "paste");
    body.append("file", new Blob([Buffer.from("GW-45-001, 1")]), "parts.csv");
    const asGuest = await guest.send("/quotes/new", { method: "POST", body });
    expect(asGuest.status).toBe(302);
    expect(asGuest.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  }, 120_000);

  it("leaves the admin's session and cart as they were, and every table unchanged", async () => {
    const cart = await (await signedInAdmin.get("/api/cart")).json();
    expect(cart.cart).toMatchObject({ count: 2, subtotal: "25.98" });
    expect((await signedInAdmin.get("/admin")).status).toBe(200);
    expect(await fingerprint()).toEqual(before);
  }, 120_000);
});
