// The company API end to end below HTTP's wire: the route modules' loaders and actions called with
// real Requests, on the driver under test, with keys made and revoked as the key page does.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as addresses from "../app/routes/api.v1.addresses";
import * as openapi from "../app/routes/api.v1.openapi";
import * as order from "../app/routes/api.v1.order";
import * as orders from "../app/routes/api.v1.orders";
import * as prices from "../app/routes/api.v1.prices";
import * as productsRoute from "../app/routes/api.v1.products";
import { type ApiScope, apiScopes } from "../domain/companies/api-keys";
import type { CompanyRole } from "../domain/companies/companies";
import { addBusinessDays, storeDay } from "../domain/dates/dates";
import { addShipTo } from "../server/address-book/address-book";
import {
  apiKeyLimit,
  apiKeysPage,
  authenticateApiKey,
  createApiKey,
  invalidKeyMessage,
  revokeApiKey,
} from "../server/api/api-keys";
import { requireScope } from "../server/api/http";
import { openApiDocument } from "../server/api/openapi";
import { addToCart, findOrCreateCart } from "../server/cart/cart";
import { changeMemberRole, removeMember } from "../server/companies/members";
import {
  adminAuditLog,
  companyApiKeys,
  contractPrices,
  orders as ordersTable,
  products,
  user,
} from "../server/db/schema";
import { StoreError } from "../server/errors";
import { placeTermsOrder } from "../server/orders/checkout";
import { cartSummary } from "../server/pricing/price";
import { insertProducts } from "./catalog-fixtures";
import { checkoutInput } from "./checkout-input";
import { withTestDatabase } from "./database";
import { asBuyer, joinByInvitation, profileWithCompany } from "./store-fixtures";

const { handle } = withTestDatabase();
const db = () => handle().db;

type Route = {
  loader?: (args: never) => Promise<Response> | Response;
  action?: (args: never) => Promise<Response> | Response;
};

/** Calls a route module as React Router does: GET and HEAD to its loader, the rest to its action. */
async function call(
  route: Route,
  path: string,
  {
    key,
    method = "GET",
    body,
    headers = {},
    params = {},
  }: {
    key?: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    params?: Record<string, string>;
  } = {},
) {
  const request = new Request(`http://store.test${path}`, {
    method,
    body,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
  const run = method === "GET" || method === "HEAD" ? route.loader : route.action;
  if (!run) throw new Error(`no ${method} handler`);
  const response = await run({ request, params, context: undefined } as never);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : null };
}

const postOrder = (key: string, body: unknown, idempotencyKey?: string) =>
  call(orders, "/api/v1/orders", {
    key,
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
  });

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

let people = 0;
/** A person with a company of one, they its admin; on terms with `creditLimit`; with a ship-to in its book. */
async function companyAdmin(name: string, creditLimit?: string) {
  people += 1;
  const id = `${name.toLowerCase()}-${people}`;
  const email = `${id}@example.com`;
  await db()
    .insert(user)
    .values({ id, name: `${name} Test`, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, {
    firstName: name,
    lastName: "Test",
    phone: "5035550100",
    companyName: `${name} Fabrication`,
    ...(creditLimit ? { creditLimit } : {}),
  });
  const shipTo = await addShipTo(await asBuyer({ id: id }), {
    label: "Dock",
    address: {
      line1: "1 Dock Rd",
      line2: undefined,
      city: "Salem",
      state: "OR",
      zip: "97301",
      country: "United States",
    },
    makeDefault: true,
  });
  return { id, email, companyId, shipToId: shipTo.id };
}

async function member(admin: { id: string }, name: string, role: CompanyRole) {
  people += 1;
  const id = `${name.toLowerCase()}-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name, email, emailVerified: true });
  await profileWithCompany(id, { firstName: name, lastName: "Test" });
  await joinByInvitation(admin, { id, email }, role);
  return { id, email };
}

const stockOf = async (partNumber: string) =>
  (await db().select({ stock: products.stockLevel }).from(products).where(eq(products.partNumber, partNumber)))[0]
    ?.stock;

let wheelId = "";
beforeAll(async () => {
  const [wheel] = await insertProducts([
    {
      slug: "cutoff-wheel-api-cw-1",
      partNumber: "API-CW-1",
      name: "Cut-Off Wheel",
      subcategory: "cut-off-wheels",
      price: "2.45",
      stockLevel: 2847,
      // The specification's sample tiers: 1 at 2.45, 100 at 1.98, 500 at 1.75, 1000 at 1.55.
      tiers: [
        { minQuantity: 100, unitPrice: "1.98" },
        { minQuantity: 500, unitPrice: "1.75" },
        { minQuantity: 1000, unitPrice: "1.55" },
      ],
    },
    {
      slug: "flap-disc-api-fd-1",
      partNumber: "API-FD-1",
      name: "Flap Disc",
      subcategory: "flap-discs",
      price: "8.49",
      stockLevel: 5,
    },
    {
      slug: "draft-api-dr-1",
      partNumber: "API-DR-1",
      name: "Draft Part",
      subcategory: "flap-discs",
      price: "1.00",
      stockLevel: 5,
      status: "draft",
    },
  ]);
  wheelId = wheel?.id ?? "";
});

describe("API keys", () => {
  it("are made by a company admin, shown once, kept as a hash, listed with who and when, and audited", async () => {
    const ada = await companyAdmin("Ada");
    const now = new Date("2026-11-26T09:00:00Z");
    const created = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes }, now);
    expect(created.key).toMatch(/^cis_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const [row] = await db().select().from(companyApiKeys).where(eq(companyApiKeys.id, created.id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));

    const page = await apiKeysPage(await asBuyer(ada));
    expect(page.keys).toEqual([
      {
        id: created.id,
        name: "ERP",
        prefix: created.prefix,
        scopes: [...apiScopes],
        createdAt: now,
        createdBy: ada.email,
        lastUsedAt: null,
        revokedAt: null,
        revokedBy: null,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain(created.key.slice(12));

    const used = await call(productsRoute, "/api/v1/products", { key: created.key });
    expect(used.status).toBe(200);
    expect((await apiKeysPage(await asBuyer(ada))).keys[0]?.lastUsedAt).toBeInstanceOf(Date);

    await revokeApiKey(await asBuyer(ada), created.id);
    expect((await apiKeysPage(await asBuyer(ada))).keys[0]).toMatchObject({ revokedBy: ada.email });
    const audit = await db()
      .select({ action: adminAuditLog.action, adminId: adminAuditLog.adminId, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, ada.companyId));
    expect(audit).toEqual(
      expect.arrayContaining([
        {
          action: "create_api_key",
          adminId: ada.id,
          after: { keyId: created.id, name: "ERP", prefix: created.prefix, scopes: [...apiScopes] },
        },
        {
          action: "revoke_api_key",
          adminId: ada.id,
          after: { keyId: created.id, name: "ERP", prefix: created.prefix, revoked: true },
        },
      ]),
    );
    expect(await outcome(revokeApiKey(await asBuyer(ada), created.id))).toBe("404 That API key does not exist.");
  });

  it("are refused to members who are not the company admin, and to another company's admin", async () => {
    const ada = await companyAdmin("Ada");
    const buyer = await member(ada, "Bo", "buyer");
    const refusal = "403 Only your company admin can manage the company's API keys.";
    expect(await outcome(createApiKey(await asBuyer(buyer), { name: "Mine", scopes: apiScopes }))).toBe(refusal);
    expect(await outcome(apiKeysPage(await asBuyer(buyer)))).toBe(refusal);
    const key = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    expect(await outcome(revokeApiKey(await asBuyer(buyer), key.id))).toBe(refusal);
    const other = await companyAdmin("Oz");
    expect(await outcome(revokeApiKey(await asBuyer(other), key.id))).toBe("404 That API key does not exist.");
    expect(await outcome(revokeApiKey(await asBuyer(other), "not-a-uuid"))).toBe("404 That API key does not exist.");
    expect((await call(productsRoute, "/api/v1/products", { key: key.key })).status).toBe(200);
  });

  it("answer 401 JSON for no key, and the same for a made-up key, a revoked key and a key whose admin left or was demoted", async () => {
    const ada = await companyAdmin("Ada");
    // The catalogue is open to visitors; every other endpoint needs a key.
    expect((await call(productsRoute, "/api/v1/products")).status).toBe(200);
    const none = await call(orders, "/api/v1/orders");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="api"');
    expect(none.headers.get("content-type")).toContain("application/json");
    expect(none.json.error.code).toBe("unauthorized");
    expect(none.json.error.message).toContain("Authorization: Bearer");
    for (const key of ["nonsense", `cis_${"A".repeat(43)}`, "cis_' or 1=1 --"]) {
      const made = await call(productsRoute, "/api/v1/products", { key });
      expect(made.status, key).toBe(401);
      expect(made.json.error.message).toContain("not valid");
    }
    const key = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    await revokeApiKey(await asBuyer(ada), key.id);
    const revoked = await call(orders, "/api/v1/orders", { key: key.key });
    expect(revoked).toMatchObject({
      status: 401,
      json: { error: { code: "unauthorized", message: invalidKeyMessage } },
    });

    // A key is revoked with its maker's removal: it stays so if they are invited back.
    const admin = await member(ada, "Al", "admin");
    const hisKey = await createApiKey(await asBuyer(admin), { name: "His", scopes: apiScopes });
    expect((await call(orders, "/api/v1/orders", { key: hisKey.key })).status).toBe(200);
    await removeMember(await asBuyer(ada), { userId: admin.id });
    const left = await call(orders, "/api/v1/orders", { key: hisKey.key });
    expect(left).toMatchObject({ status: 401, json: { error: { code: "unauthorized", message: invalidKeyMessage } } });

    // A key never acts as its maker's later role: made another role, the maker's keys are revoked.
    const demoted = await member(ada, "Di", "admin");
    const herKey = await createApiKey(await asBuyer(demoted), { name: "Hers", scopes: apiScopes });
    await changeMemberRole(await asBuyer(ada), { userId: demoted.id, role: "buyer" });
    await changeMemberRole(await asBuyer(ada), { userId: demoted.id, role: "admin" });
    const afterDemotion = await call(orders, "/api/v1/orders", { key: herKey.key });
    expect(afterDemotion).toMatchObject({ status: 401, json: { error: { message: invalidKeyMessage } } });
    const keys = (await apiKeysPage(await asBuyer(ada))).keys.filter((key) => [hisKey.id, herKey.id].includes(key.id));
    expect(keys.map((key) => key.revokedBy)).toEqual([ada.email, ada.email]);
  });

  it("are held to their rate limit with a 429 that says how long to wait; another key is not", async () => {
    const ada = await companyAdmin("Ada");
    const busy = await createApiKey(await asBuyer(ada), { name: "Busy", scopes: apiScopes });
    const calm = await createApiKey(await asBuyer(ada), { name: "Calm", scopes: apiScopes });
    for (let i = 0; i < apiKeyLimit.max; i++) await authenticateApiKey(busy.key);
    const refused = await call(productsRoute, "/api/v1/products", { key: busy.key });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(refused.json.error.message).toMatch(
      /^Too many requests with this API key\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await call(productsRoute, "/api/v1/products", { key: calm.key })).status).toBe(200);
  });
});

describe("API key scopes", () => {
  /** Every operation of the OpenAPI document, with the route module that answers it and the scope it names. */
  const operations = () => {
    const document = openApiDocument();
    const modules: Record<string, Route> = {
      "/products": productsRoute,
      "/prices": prices,
      "/addresses": addresses,
      "/orders": orders,
      "/orders/{orderNumber}": order,
    };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { security?: Record<string, string[]>[] }>).map(
        ([method, operation]) => {
          const scopes = (operation.security ?? document.security).flatMap((requirement) => requirement.apiKey ?? []);
          return { path, method: method.toUpperCase(), scope: scopes[0] as ApiScope, scopes, route: modules[path] };
        },
      ),
    );
  };
  const callAs = (key: string, { path, method, route }: ReturnType<typeof operations>[number]) =>
    call(route ?? {}, `/api/v1${path.replace("{orderNumber}", "ORD1700000000000AAAAA")}`, {
      key,
      method,
      params: { orderNumber: "ORD1700000000000AAAAA" },
      ...(method === "POST"
        ? { body: "{}", headers: { "content-type": "application/json", "idempotency-key": "scope-check" } }
        : {}),
    });

  it("name one scope for every operation of the API, and the server holds each key to it with a 403 naming the scope", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const all = operations();
    expect(all.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      "GET /addresses",
      "GET /orders",
      "GET /orders/{orderNumber}",
      "GET /prices",
      "GET /products",
      "POST /orders",
    ]);
    for (const operation of all) {
      expect(operation.scopes, `${operation.method} ${operation.path}`).toHaveLength(1);
      expect(apiScopes).toContain(operation.scope);
      expect(operation.route).toBeDefined();
    }
    for (const scope of apiScopes) {
      const without = await createApiKey(await asBuyer(ada), {
        name: `All but ${scope}`,
        scopes: apiScopes.filter((other) => other !== scope),
      });
      const only = await createApiKey(await asBuyer(ada), { name: `Only ${scope}`, scopes: [scope] });
      for (const operation of all) {
        const what = `${operation.method} ${operation.path} with a key without ${scope}`;
        const answer = await callAs(without.key, operation);
        if (operation.scope === scope) {
          expect(answer.status, what).toBe(403);
          expect(answer.json, what).toEqual({
            error: { code: "insufficient_scope", message: expect.stringContaining(scope), scope },
          });
          expect(answer.headers.get("www-authenticate"), what).toBe(
            `Bearer realm="api", error="insufficient_scope", scope="${scope}"`,
          );
        } else expect(answer.json?.error?.code, what).not.toBe("insufficient_scope");
        const allowed = await callAs(only.key, operation);
        expect(
          allowed.json?.error?.code === "insufficient_scope",
          `${operation.method} ${operation.path} with only ${scope}`,
        ).toBe(operation.scope !== scope);
      }
    }
  });

  it("let a key that may only read the catalogue read prices, but neither read nor place orders", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const reader = await createApiKey(await asBuyer(ada), { name: "Price feed", scopes: ["catalog:read"] });
    const priced = await call(prices, "/api/v1/prices?parts=API-CW-1", { key: reader.key });
    expect(priced.json.prices).toEqual([expect.objectContaining({ partNumber: "API-CW-1", unitPrice: "2.45" })]);
    expect((await call(productsRoute, "/api/v1/products", { key: reader.key })).status).toBe(200);
    const stock = await stockOf("API-CW-1");
    const refused = await postOrder(
      reader.key,
      { lines: [{ partNumber: "API-CW-1", quantity: 1 }], shipToId: ada.shipToId, poNumber: "PO-1" },
      "scope-1",
    );
    expect(refused).toMatchObject({
      status: 403,
      json: {
        error: {
          code: "insufficient_scope",
          scope: "orders:write",
          message:
            "This API key does not have the scope orders:write (place orders on your company's terms). A company admin can create a key with it at /account/company/api-keys.",
        },
      },
    });
    expect(await stockOf("API-CW-1")).toBe(stock);
    expect(await db().select().from(ordersTable).where(eq(ordersTable.companyId, ada.companyId))).toEqual([]);
    expect((await call(orders, "/api/v1/orders", { key: reader.key })).json.error.scope).toBe("orders:read");
    // A key without the catalogue's scope is refused there too, not answered at a visitor's prices.
    const orderer = await createApiKey(await asBuyer(ada), { name: "Orders", scopes: ["orders:read"] });
    const products = await call(productsRoute, "/api/v1/products", { key: orderer.key });
    expect(products).toMatchObject({ status: 403, json: { error: { scope: "catalog:read" } } });
    expect((await call(orders, "/api/v1/orders", { key: orderer.key })).status).toBe(200);
  });

  it("are made as chosen, listed and audited, and the page offers what the maker may give", async () => {
    const ada = await companyAdmin("Ada");
    const made = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: ["orders:read", "catalog:read"] });
    const [row] = await db().select().from(companyApiKeys).where(eq(companyApiKeys.id, made.id));
    expect(row?.scopes).toEqual(["orders:read", "catalog:read"]);
    expect((await apiKeysPage(await asBuyer(ada))).keys[0]).toMatchObject({ scopes: ["orders:read", "catalog:read"] });
    const [audit] = await db()
      .select({ after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, ada.companyId), eq(adminAuditLog.action, "create_api_key")));
    expect(audit?.after).toMatchObject({ scopes: ["orders:read", "catalog:read"] });
    expect((await apiKeysPage(await asBuyer(ada))).grantable).toEqual([...apiScopes]);
  });

  it("never let a key do more than its maker may do at the time of the call", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const viewer = await member(ada, "Vi", "viewer");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const caller = await authenticateApiKey(key);
    // The roles that may make keys may do everything today; a maker who could not place orders
    // (here, the key read as a viewer) keeps a key with orders:write from placing any.
    const asViewer = { ...caller, buyer: await asBuyer(viewer) };
    expect(() => requireScope(asViewer, "orders:write")).toThrow(
      "The person who created this API key may no longer place orders on your company's terms, so the key's scope orders:write no longer applies.",
    );
    expect(() => requireScope(asViewer, "orders:read")).not.toThrow();
    expect(() => requireScope(caller, "orders:write")).not.toThrow();
  });
});

describe("reading through the API", () => {
  it("lists the catalogue's listed parts, drafts left out, at the key's company's prices", async () => {
    const ada = await companyAdmin("Ada");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const first = await call(productsRoute, "/api/v1/products?per_page=1&sort=name", { key });
    expect(first.json).toMatchObject({ page: 1, per_page: 1, total: 2 });
    expect(first.json.items).toEqual([
      {
        part_number: "API-CW-1",
        name: "Cut-Off Wheel",
        price: "2.45",
        stock_level: 2847,
        backorderable: false,
        lead_time_days: null,
        unit: "EA",
        pack_quantity: 1,
        min_order_quantity: 1,
        order_multiple: 1,
        url: expect.stringMatching(/\/products\/cutoff-wheel-api-cw-1$/),
      },
    ]);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const second = await call(productsRoute, "/api/v1/products?per_page=1&page=2&sort=name", { key });
    expect(second.json.items.map((p: { part_number: string }) => p.part_number)).toEqual(["API-FD-1"]);
    const bad = await call(productsRoute, "/api/v1/products?per_page=5000", { key });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: "invalid_parameter", field: "per_page" });
    // A contract price on the wheel: the key's answer shows it, a visitor's the list price.
    await db()
      .insert(contractPrices)
      .values({ companyId: ada.companyId, productId: wheelId, price: "1.60", startsOn: "2000-01-01" });
    const priced = await call(productsRoute, "/api/v1/products?per_page=1&sort=name", { key });
    expect(priced.json.items[0]).toMatchObject({ part_number: "API-CW-1", price: "1.60" });
    const visitor = await call(productsRoute, "/api/v1/products?per_page=1&sort=name");
    expect(visitor.json.items[0]).toMatchObject({ part_number: "API-CW-1", price: "2.45" });
  });

  it("prices parts as the cart does: the tier for the quantity, each price break, unknown parts named", async () => {
    const ada = await companyAdmin("Ada");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const cartId = await findOrCreateCart({ userId: ada.id });
    await addToCart(cartId, wheelId, 500, null);
    const cart = await cartSummary(cartId, { buyer: null });

    const answer = await call(prices, "/api/v1/prices?parts=api-cw-1,API-FD-1,NOPE-1&quantity=500", { key });
    expect(answer.status).toBe(200);
    const [wheel, disc] = answer.json.prices;
    expect(wheel.unitPrice).toBe(cart.lines[0]?.unitPrice);
    expect(wheel).toMatchObject({ partNumber: "API-CW-1", listPrice: "2.45", unitPrice: "1.75", lineTotal: "875.00" });
    expect(wheel.priceBreaks).toEqual([
      { minQuantity: 1, unitPrice: "2.45" },
      { minQuantity: 100, unitPrice: "1.98" },
      { minQuantity: 500, unitPrice: "1.75" },
      { minQuantity: 1000, unitPrice: "1.55" },
    ]);
    expect(disc).toMatchObject({
      partNumber: "API-FD-1",
      unitPrice: "8.49",
      priceBreaks: [{ minQuantity: 1, unitPrice: "8.49" }],
    });
    expect(answer.json.unknownParts).toEqual(["NOPE-1"]);
    const none = await call(prices, "/api/v1/prices", { key });
    expect(none).toMatchObject({ status: 422, json: { error: { code: "validation_failed", field: "parts" } } });
  });

  it("prices at the key's company's contract price, which another company's key never sees", async () => {
    const [acme, rival] = [await companyAdmin("Acme"), await companyAdmin("Rival")];
    await db()
      .insert(contractPrices)
      .values({ companyId: acme.companyId, productId: wheelId, price: "1.60", startsOn: "2000-01-01" });
    const path = "/api/v1/prices?parts=API-CW-1&quantity=10";
    const [ours] = (
      await call(prices, path, {
        key: (await createApiKey(await asBuyer(acme), { name: "ERP", scopes: apiScopes })).key,
      })
    ).json.prices;
    expect(ours).toMatchObject({ listPrice: "2.45", unitPrice: "1.60", lineTotal: "16.00" });
    // From 1,000 the tier (1.55) is lower than the contract price, and wins.
    expect(ours.priceBreaks.at(-1)).toEqual({ minQuantity: 1000, unitPrice: "1.55" });
    const [theirs] = (
      await call(prices, path, {
        key: (await createApiKey(await asBuyer(rival), { name: "ERP", scopes: apiScopes })).key,
      })
    ).json.prices;
    expect(theirs).toMatchObject({ listPrice: "2.45", unitPrice: "2.45" });
  });
});

describe("orders through the API", () => {
  const wheels = (quantity: number, shipToId: string, more: Record<string, unknown> = {}) => ({
    lines: [{ partNumber: "API-CW-1", quantity }],
    shipToId,
    poNumber: "PO-1001",
    ...more,
  });

  it("places an order on the company's terms at the tier price, taking stock, and reads it back", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const book = await call(addresses, "/api/v1/addresses", { key });
    expect(book.json.data).toEqual([
      {
        id: ada.shipToId,
        label: "Dock",
        isDefault: true,
        address: { line1: "1 Dock Rd", city: "Salem", state: "OR", zip: "97301", country: "United States" },
      },
    ]);
    const stock = await stockOf("API-CW-1");
    const placed = await postOrder(key, wheels(100, ada.shipToId), "order-1");
    expect(placed.status).toBe(201);
    expect(placed.json).toMatchObject({
      status: "pending_payment",
      paymentMethod: "terms",
      termsDays: 30,
      poNumber: "PO-1001",
      placedBy: ada.email,
      subtotal: "198.00",
      shipTo: { line1: "1 Dock Rd", city: "Salem", state: "OR", zip: "97301" },
      lines: [{ partNumber: "API-CW-1", name: "Cut-Off Wheel", quantity: 100, unitPrice: "1.98", lineTotal: "198.00" }],
    });
    expect(placed.json.invoiceNumber).toMatch(/^INV-/);
    expect(placed.headers.get("location")).toBe(`/api/v1/orders/${placed.json.orderNumber}`);
    expect(await stockOf("API-CW-1")).toBe((stock ?? 0) - 100);
    const [row] = await db().select().from(ordersTable).where(eq(ordersTable.orderNumber, placed.json.orderNumber));
    expect(row).toMatchObject({ companyId: ada.companyId, userId: ada.id, paymentMethod: "on_terms" });

    const read = await call(order, `/api/v1/orders/${placed.json.orderNumber}`, {
      key,
      params: { orderNumber: placed.json.orderNumber },
    });
    expect(read).toMatchObject({ status: 200, json: placed.json });
    const list = await call(orders, "/api/v1/orders", { key });
    expect(list.json.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([placed.json.orderNumber]);
  });

  it("holds the credit limit, the stock and the company's terms in the order's transaction", async () => {
    const ada = await companyAdmin("Ada", "100");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const stock = await stockOf("API-CW-1");
    const over = await postOrder(key, wheels(100, ada.shipToId), "credit-1");
    expect(over.status).toBe(409);
    expect(over.json.error).toEqual({
      code: "conflict",
      message: "This order of $198.00 would exceed your Net 30 credit limit. Available credit: $100.00.",
    });
    const short = await postOrder(
      key,
      { lines: [{ partNumber: "API-FD-1", quantity: 6 }], shipToId: ada.shipToId },
      "stock-1",
    );
    expect(short.status).toBe(409);
    expect(short.json.error.message).toBe("Only 5 in stock for API-FD-1; ask for 5 or fewer.");
    expect(await stockOf("API-CW-1")).toBe(stock);
    expect(await stockOf("API-FD-1")).toBe(5);
    // A refused request leaves no trace: its key places the order once it fits (40 at $2.45, no tax in Oregon).
    const fits = await postOrder(key, wheels(40, ada.shipToId), "credit-1");
    expect(fits).toMatchObject({ status: 201, json: { total: "98.00" } });

    const cardOnly = await companyAdmin("Cy");
    const cardKey = await createApiKey(await asBuyer(cardOnly), { name: "ERP", scopes: apiScopes });
    const noTerms = await postOrder(cardKey.key, wheels(1, cardOnly.shipToId), "terms-1");
    expect(noTerms).toMatchObject({ status: 403, json: { error: { code: "forbidden" } } });
    expect(await db().select().from(ordersTable).where(eq(ordersTable.companyId, ada.companyId))).toHaveLength(1);
  });

  it("back-orders what the stock lacks of a back-orderable part, each line saying what ships now", async () => {
    await insertProducts([
      {
        slug: "ordered-in-api-bo-1",
        partNumber: "API-BO-1",
        name: "Ordered-In Wheel",
        price: "3.00",
        stockLevel: 2,
        backorderable: true,
        leadTimeDays: 5,
      },
    ]);
    const ada = await companyAdmin("Ada", "1000");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const placed = await postOrder(
      key,
      { lines: [{ partNumber: "API-BO-1", quantity: 10 }], shipToId: ada.shipToId },
      "backorder-1",
    );
    expect(placed.status).toBe(201);
    expect(placed.json.lines).toEqual([
      {
        partNumber: "API-BO-1",
        name: "Ordered-In Wheel",
        quantity: 10,
        unit: "EA",
        packQuantity: 1,
        shipNow: 2,
        backordered: 8,
        expectedOn: addBusinessDays(storeDay(new Date()), 5),
        shipped: 0,
        cancelled: 0,
        unitPrice: "3.00",
        lineTotal: "30.00",
      },
    ]);
    expect(await stockOf("API-BO-1")).toBe(0);
  });

  it("refuses a quantity off a part's multiple with a 422 naming the line, and orders boxes by the box", async () => {
    await insertProducts([
      {
        slug: "rivet-api-rv-1",
        partNumber: "API-RV-1",
        name: "Rivet",
        price: "0.18",
        stockLevel: 500,
        orderMultiple: 25,
      },
      {
        slug: "wheels-api-bx-1",
        partNumber: "API-BX-1",
        name: "Cut-Off Wheels",
        price: "29.50",
        stockLevel: 20,
        unit: "BX",
        packQuantity: 25,
      },
    ]);
    const ada = await companyAdmin("Ada", "1000");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const body = (rivets: number) => ({
      lines: [
        { partNumber: "API-BX-1", quantity: 2 },
        { partNumber: "API-RV-1", quantity: rivets },
      ],
      shipToId: ada.shipToId,
    });
    const refused = await postOrder(key, body(30), "units-1");
    // A field to fix, as every other field of the body: 422 (docs/decisions/api.md), with its own code.
    expect(refused.status).toBe(422);
    const documented = openApiDocument().paths["/orders"].post.responses;
    expect(Object.keys(documented)).not.toContain("400");
    expect(documented[422].description).toContain("`invalid_quantity`");
    expect(refused.json.error).toMatchObject({
      code: "invalid_quantity",
      field: "lines[1].quantity",
      message: "lines[1].quantity: API-RV-1: Sold in multiples of 25: 25 or 50?",
    });
    const placed = await postOrder(key, body(50), "units-1");
    expect(placed.status).toBe(201);
    expect(placed.json.lines).toEqual([
      expect.objectContaining({
        partNumber: "API-BX-1",
        quantity: 2,
        unit: "BX",
        packQuantity: 25,
        lineTotal: "59.00",
      }),
      expect.objectContaining({ partNumber: "API-RV-1", quantity: 50, unit: "EA", packQuantity: 1, lineTotal: "9.00" }),
    ]);
  });

  it("answers a retry with the same key and body with the first order, and never places a second", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const first = await postOrder(key, wheels(3, ada.shipToId), "retry-1");
    // The same body, its fields in another order and spaced differently.
    const again = await postOrder(
      key,
      `{ "poNumber": "PO-1001", "shipToId": "${ada.shipToId}", "lines": [{"quantity": 3, "partNumber": "API-CW-1"}] }`,
      "retry-1",
    );
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().select().from(ordersTable).where(eq(ordersTable.companyId, ada.companyId))).toHaveLength(1);

    const reused = await postOrder(key, wheels(4, ada.shipToId), "retry-1");
    expect(reused.status).toBe(422);
    expect(reused.json.error).toMatchObject({ code: "idempotency_key_reused", field: "Idempotency-Key" });
    expect(reused.json.error.message).toContain("already used for a different request");
    // Another company's key of the same name is its own.
    const oz = await companyAdmin("Oz", "1000");
    const ozKey = await createApiKey(await asBuyer(oz), { name: "ERP", scopes: apiScopes });
    expect((await postOrder(ozKey.key, wheels(4, oz.shipToId), "retry-1")).status).toBe(201);
  });

  it("places one order for two identical requests sent at the same moment", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const [a, b] = await Promise.all([
      postOrder(key, wheels(2, ada.shipToId), "race-1"),
      postOrder(key, wheels(2, ada.shipToId), "race-1"),
    ]);
    expect([a?.status, b?.status]).toEqual([201, 201]);
    expect(a?.text).toBe(b?.text);
    const placed = await db().select().from(ordersTable).where(eq(ordersTable.companyId, ada.companyId));
    expect(placed).toHaveLength(1);
  });

  it("refuses malformed JSON, wrong types, unknown parts and addresses with a 422 naming the field", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const cases: [unknown, string, string][] = [
      ['{"lines": [', "invalid_json", "body"],
      ["", "invalid_json", "body"],
      ["[]", "validation_failed", "body"],
      [
        { lines: [{ partNumber: "API-CW-1", quantity: "2" }], shipToId: ada.shipToId },
        "validation_failed",
        "lines[0].quantity",
      ],
      [
        { lines: [{ partNumber: "API-CW-1", quantity: 1.5 }], shipToId: ada.shipToId },
        "validation_failed",
        "lines[0].quantity",
      ],
      [{ lines: [], shipToId: ada.shipToId }, "validation_failed", "lines"],
      [{ lines: [{ partNumber: "API-CW-1", quantity: 1 }], shipToId: "home" }, "validation_failed", "shipToId"],
      [
        { lines: [{ partNumber: "API-CW-1", quantity: 1 }], shipToId: ada.shipToId, extra: 1 },
        "validation_failed",
        "body",
      ],
      [
        {
          lines: [
            { partNumber: "API-CW-1", quantity: 1 },
            { partNumber: "api cw 1", quantity: 1 },
          ],
          shipToId: ada.shipToId,
        },
        "validation_failed",
        "lines[1].partNumber",
      ],
      [
        { lines: [{ partNumber: "NOPE-1", quantity: 1 }], shipToId: ada.shipToId },
        "validation_failed",
        "lines[0].partNumber",
      ],
      [
        { lines: [{ partNumber: "API-DR-1", quantity: 1 }], shipToId: ada.shipToId },
        "validation_failed",
        "lines[0].partNumber",
      ],
      [
        { lines: [{ partNumber: "API-CW-1", quantity: 1 }], shipToId: "00000000-0000-4000-8000-000000000000" },
        "validation_failed",
        "shipToId",
      ],
    ];
    for (const [body, code, field] of cases) {
      const answer = await postOrder(key, body, "bad-1");
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json.error, JSON.stringify(body)).toMatchObject({ code, field });
      expect(answer.json.error.message.length).toBeGreaterThan(10);
    }
    const noKey = await postOrder(key, wheels(1, ada.shipToId));
    expect(noKey.json.error).toMatchObject({ code: "validation_failed", field: "Idempotency-Key" });
    const other = await companyAdmin("Oz");
    const theirs = await postOrder(key, wheels(1, other.shipToId), "bad-2");
    expect(theirs.json.error.field).toBe("shipToId");
    expect(await db().select().from(ordersTable).where(eq(ordersTable.companyId, ada.companyId))).toHaveLength(0);
  });

  it("shows a company none of another company's orders", async () => {
    const ada = await companyAdmin("Ada", "1000");
    const ben = await companyAdmin("Ben", "1000");
    const adaKey = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const cartId = await findOrCreateCart({ userId: ben.id });
    await addToCart(cartId, wheelId, 1, null);
    const bens = await placeTermsOrder(
      await asBuyer(ben),
      cartId,
      checkoutInput(ben.email, { paymentMethod: "net_30" }),
    );
    const list = await call(orders, "/api/v1/orders", { key: adaKey.key });
    expect(list.json).toMatchObject({ data: [], total: 0 });
    const read = await call(order, `/api/v1/orders/${bens.orderNumber}`, {
      key: adaKey.key,
      params: { orderNumber: bens.orderNumber },
    });
    expect(read.status).toBe(404);
    expect(read.json.error.code).toBe("not_found");
  });

  it("answers other methods with a JSON 405 and describes every endpoint in OpenAPI 3.1", async () => {
    const ada = await companyAdmin("Ada");
    const { key } = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    const deleted = await call(orders, "/api/v1/orders", { key, method: "DELETE" });
    expect(deleted).toMatchObject({ status: 405, json: { error: { code: "method_not_allowed" } } });
    expect(deleted.headers.get("allow")).toBe("GET, POST");
    const document = await call(openapi, "/api/v1/openapi.json");
    expect(document.json.openapi).toBe("3.1.0");
    expect(Object.keys(document.json.paths).sort()).toEqual([
      "/addresses",
      "/orders",
      "/orders/{orderNumber}",
      "/prices",
      "/products",
    ]);
    const body = document.json.paths["/orders"].post.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["lines", "shipToId"]);
    expect(body.properties.lines.items.properties.quantity.type).toBe("integer");
  });
});

describe("a company admin's API keys and their account", () => {
  it("lets a company admin who made keys delete their account; the audit entries stay", async () => {
    const ada = await companyAdmin("Ada");
    const key = await createApiKey(await asBuyer(ada), { name: "ERP", scopes: apiScopes });
    await db().delete(user).where(eq(user.id, ada.id));
    const [entry] = await db()
      .select({ adminId: adminAuditLog.adminId })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, ada.companyId), eq(adminAuditLog.action, "create_api_key")));
    expect(entry).toEqual({ adminId: null });
    expect((await call(productsRoute, "/api/v1/products", { key: key.key })).status).toBe(401);
  });
});
