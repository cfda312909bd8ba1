// GET /api/v1/products against the seeded catalogue, through its route module with real Requests:
// the same parts as the listing and search pages for the same filters (they share one query), its
// sorts, pages and facet counts checked against the tables, every refusal naming its parameter,
// the per-address limit, the visitors' cache, and a company's prices never reaching a visitor.
import { and, count, eq, gt, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as openapi from "../app/routes/api.v1.openapi";
import * as route from "../app/routes/api.v1.products";
import { listingParamNames } from "../domain/catalog/listing-params";
import { parseSearchParams, searchParamNames } from "../domain/catalog/search-params";
import { apiScopes } from "../domain/companies/api-keys";
import { createApiKey } from "../server/api/api-keys";
import { productParamNames } from "../server/api/product-params";
import { countVisitorCall, visitorCatalogueLimit } from "../server/api/products";
import { catalogueApiCache } from "../server/catalog/cache/page-cache";
import { listCategoryProducts } from "../server/catalog/pages/listing";
import { searchProducts } from "../server/catalog/search/search";
import { readSpecFilters } from "../server/catalog/search/spec-facets";
import { seedCatalogIfEmpty } from "../server/catalog/seed/seed";
import { clientAddressContext } from "../server/context";
import { attributes, contractPrices, productAttributeValues, products, user } from "../server/db/schema";
import { announce } from "../server/events";
import { withTestDatabase } from "./database";
import { asBuyer, profileWithCompany } from "./store-fixtures";

const { handle } = withTestDatabase();
const db = () => handle().db;

let addresses = 0;
/** A new client address for each call unless one is named: the per-address limit is tested on its own. */
async function call(
  query: string,
  { key, address, headers = {} }: { key?: string; address?: string; headers?: Record<string, string> } = {},
) {
  addresses += 1;
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address ?? `198.51.100.${addresses % 250}-${addresses}`);
  const request = new Request(`http://store.test/api/v1/products${query}`, {
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
  const response = await route.loader({ request, params: {}, context } as never);
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

interface Item {
  part_number: string;
  name: string;
  price: string;
  stock_level: number;
  backorderable: boolean;
  lead_time_days: number | null;
  url: string;
}

/** Every page of an API query, at 100 a page. */
async function allPages(query: string, options: { key?: string } = {}): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call(`?${query}${query ? "&" : ""}per_page=100&page=${page}`, options);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    items.push(...answer.json.items);
    if (items.length >= answer.json.total) return items;
  }
}

/** A listing page read as the category page reads its URL, every page at once. */
async function listingPage(query: string, category: string, subcategory?: string) {
  const search = new URLSearchParams(query);
  const subcategories = subcategory ? [subcategory] : await subcategoriesOf(category);
  const { attributes: offered, spec, problems } = await readSpecFilters(search, subcategories, listingParamNames);
  const listing = await listCategoryProducts(
    { category, subcategory },
    { sort: "featured", page: 500, stock: search.get("stock") === "in" ? "in" : undefined },
    null,
    spec,
    offered,
  );
  return { problems, ...listing };
}

async function subcategoriesOf(category: string) {
  const rows = await db().execute<{ slug: string }>(
    sql`select slug from subcategories where category_slug = ${category} order by position`,
  );
  return rows.rows.map((row) => row.slug);
}

const partNumbers = (items: { part_number?: string; partNumber?: string }[]) =>
  items.map((item) => item.part_number ?? item.partNumber);

beforeAll(async () => {
  await seedCatalogIfEmpty(db());
});

beforeEach(() => catalogueApiCache().clear());

describe("the catalogue API lists what the pages list", () => {
  it("narrows grinding wheels to 4-1/2 in, 7/8 in arbor, 36 grit (the seed has no 60 grit wheels), in stock: exactly the listing's parts, and the tables'", async () => {
    const api = await allPages("subcategory=grinding-wheels&diameter=4-1/2in&arbor=7/8%20in&grit=36&in_stock=1");
    const listing = await listingPage("diameter=4.5in&arbor=7/8+in&grit=36&stock=in", "abrasives", "grinding-wheels");
    expect(listing.problems).toEqual([]);
    expect(listing.totalMatching).toBeGreaterThan(0);
    expect(listing.totalMatching).toBeLessThan(listing.totalInCategory);
    expect(partNumbers(api)).toEqual(partNumbers(listing.items));
    // And the tables say the same: active wheels in stock with all three values.
    const has = (slug: string, value: number | string) => sql`exists (select 1 from ${productAttributeValues} v
      join ${attributes} a on a.id = v.attribute_id
      where v.product_id = ${products.id} and a.slug = ${slug} and ${
        typeof value === "number" ? sql`abs(v.number_value - ${value}) < 0.0001` : sql`v.text_value = ${value}`
      })`;
    const rows = await db()
      .select({ partNumber: products.partNumber })
      .from(products)
      .where(
        and(
          eq(products.subcategory, "grinding-wheels"),
          eq(products.status, "active"),
          gt(products.stockLevel, 0),
          has("diameter", 114.3),
          has("arbor", "7/8 in"),
          has("grit", 36),
        ),
      );
    expect(partNumbers(api).sort()).toEqual(rows.map((row) => row.partNumber).sort());
    const first = api[0];
    expect(first).toEqual({
      part_number: expect.any(String),
      name: expect.any(String),
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      stock_level: expect.any(Number),
      backorderable: expect.any(Boolean),
      lead_time_days: first?.lead_time_days === null ? null : expect.any(Number),
      unit: "EA",
      pack_quantity: 1,
      min_order_quantity: 1,
      order_multiple: 1,
      url: expect.stringMatching(/^https?:\/\/[^/]+\/products\/[a-z0-9-]+$/),
    });
    expect(api.every((item) => item.stock_level > 0)).toBe(true);
  });

  it("reads a diameter in millimetres or a metric range as the listing does", async () => {
    const inches = await allPages("subcategory=grinding-wheels&diameter=4.5in");
    const millimetres = await allPages("subcategory=grinding-wheels&diameter=114.3mm");
    expect(partNumbers(millimetres)).toEqual(partNumbers(inches));
    const range = await allPages("category=abrasives&diameter_min=100mm&diameter_max=5in");
    const listing = await listingPage("diameter_min=100mm&diameter_max=5in", "abrasives");
    expect(partNumbers(range)).toEqual(partNumbers(listing.items));
  });

  it("takes several values of a choice, repeated, as the listing does", async () => {
    const api = await allPages("subcategory=grinding-wheels&abrasive=Zirconia&abrasive=ceramic");
    const listing = await listingPage("abrasive=Zirconia&abrasive=Ceramic", "abrasives", "grinding-wheels");
    expect(api.length).toBeGreaterThan(0);
    expect(partNumbers(api)).toEqual(partNumbers(listing.items));
  });

  it("searches as the search page does, in its order", async () => {
    const api = await allPages("q=grinding%20wheel");
    const page = await searchProducts(
      {
        ...parseSearchParams(new URLSearchParams({ q: "grinding wheel" })),
        page: 100,
      },
      null,
    );
    expect(api.length).toBe(page.total);
    expect(partNumbers(api)).toEqual(partNumbers(page.items));
    const search = new URLSearchParams({ q: "grinding wheel", diameter: "4.5in" });
    const { attributes: offered, spec } = await readSpecFilters(search, undefined, searchParamNames);
    const narrowed = await searchProducts({ ...parseSearchParams(search), page: 100 }, null, {
      spec,
      attributes: offered,
    });
    expect(partNumbers(await allPages("q=grinding%20wheel&diameter=4.5in"))).toEqual(partNumbers(narrowed.items));
  });
});

describe("sorting and paging", () => {
  it("sorts by price either way and by name, and by the listing's own order for relevance without words", async () => {
    const query = "category=abrasives";
    const cheapest = await allPages(`${query}&sort=price_asc`);
    const prices = cheapest.map((item) => Number(item.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dearest = (await allPages(`${query}&sort=price_desc`)).map((item) => Number(item.price));
    expect(dearest).toEqual([...prices].sort((a, b) => b - a));
    const names = (await allPages(`${query}&sort=name`)).map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const listing = await listingPage("", "abrasives");
    expect(partNumbers(await allPages(query))).toEqual(partNumbers(listing.items));
    expect(partNumbers(await allPages(`${query}&sort=relevance`))).toEqual(partNumbers(listing.items));
  });

  it("pages through the whole list, each part once, and answers an empty page past the end", async () => {
    const all = await allPages("subcategory=grinding-wheels");
    const pages: Item[] = [];
    const perPage = 7;
    for (let page = 1; page <= Math.ceil(all.length / perPage); page += 1) {
      const answer = await call(`?subcategory=grinding-wheels&per_page=${perPage}&page=${page}`);
      expect(answer.json).toMatchObject({ total: all.length, page, per_page: perPage });
      expect(answer.json.items.length).toBeLessThanOrEqual(perPage);
      pages.push(...answer.json.items);
    }
    expect(partNumbers(pages)).toEqual(partNumbers(all));
    const past = await call(`?subcategory=grinding-wheels&per_page=${perPage}&page=999`);
    expect(past.json).toMatchObject({ total: all.length, page: 999, items: [] });
    const defaults = await call("?subcategory=grinding-wheels");
    expect(defaults.json).toMatchObject({ page: 1, per_page: 24 });
    expect(defaults.json.items).toHaveLength(24);
  });
});

describe("facets", () => {
  it("count categories and brands exactly, each with the other filters applied but not its own", async () => {
    const brandOf =
      (
        await db()
          .select({ brand: products.brand })
          .from(products)
          .where(eq(products.subcategory, "grinding-wheels"))
          .limit(1)
      )[0]?.brand ?? "";
    const answer = await call(`?q=wheel&in_stock=1&brand=${encodeURIComponent(brandOf)}&category=abrasives`);
    expect(answer.status).toBe(200);
    const search = await searchProducts(
      {
        ...parseSearchParams(new URLSearchParams({ q: "wheel", stock: "in", brand: brandOf, category: "abrasives" })),
        page: 100,
      },
      null,
    );
    expect(answer.json.total).toBe(search.total);
    expect(
      answer.json.facets.categories.map((entry: { value: string; count: number }) => [entry.value, entry.count]),
    ).toEqual(search.categories.map((entry) => [entry.value, entry.total]));
    expect(
      answer.json.facets.brands.map((entry: { value: string; count: number }) => [entry.value, entry.count]),
    ).toEqual(search.brands.map((entry) => [entry.value, entry.total]));
    expect(answer.json.facets.categories.find((entry: { value: string }) => entry.value === "abrasives")).toMatchObject(
      {
        name: "Abrasives",
      },
    );

    // Without words, straight from the tables: every active abrasive in stock, by brand.
    const byBrand = await db()
      .select({ value: products.brand, count: count() })
      .from(products)
      .where(and(eq(products.category, "abrasives"), eq(products.status, "active"), gt(products.stockLevel, 0)))
      .groupBy(products.brand);
    const listed = await call("?category=abrasives&in_stock=1");
    expect(
      [...listed.json.facets.brands].sort((a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : 1)),
    ).toEqual(byBrand.sort((a, b) => (a.value < b.value ? -1 : 1)));
  });

  it("count each attribute's values as the listing does, numbers written as a parameter takes them", async () => {
    const answer = await call("?subcategory=grinding-wheels&abrasive=Zirconia&in_stock=1");
    const listing = await listingPage("abrasive=Zirconia&stock=in", "abrasives", "grinding-wheels");
    const facets = answer.json.facets.attributes as {
      slug: string;
      kind: string;
      unit: string | null;
      options: { value: string; label: string; count: number }[];
      range: { min: string; max: string } | null;
    }[];
    expect(facets.map((facet) => facet.slug)).toEqual(listing.facets.map((facet) => facet.slug));
    for (const [index, facet] of facets.entries()) {
      expect(
        facet.options.map((option) => option.count),
        facet.slug,
      ).toEqual(listing.facets[index]?.options.map((option) => option.count));
    }
    const diameter = facets.find((facet) => facet.slug === "diameter");
    expect(diameter).toMatchObject({ kind: "number", unit: "in" });
    expect(diameter?.options).toContainEqual(expect.objectContaining({ value: "4.5in", label: "4-1/2 in" }));
    expect(diameter?.range).toEqual({ min: expect.stringMatching(/in$/), max: expect.stringMatching(/in$/) });
    // A value a facet names, sent back, finds exactly its count.
    const option = diameter?.options.find((candidate) => candidate.count > 0);
    const back = await call(
      `?subcategory=grinding-wheels&abrasive=Zirconia&in_stock=1&diameter=${encodeURIComponent(option?.value ?? "")}`,
    );
    expect(back.json.total).toBe(option?.count);
  });
});

describe("bad parameters", () => {
  const refusals: [string, number, string, RegExp][] = [
    [
      "?colour=red&subcategory=grinding-wheels",
      400,
      "colour",
      /not a parameter of this endpoint, nor an attribute of subcategory `grinding-wheels`/,
    ],
    ["?perPage=10", 400, "perPage", /Unknown parameter `perPage`/],
    ["?Diameter=1", 400, "Diameter", /Unknown parameter/],
    ["?per_page=101", 400, "per_page", /from 1 to 100/],
    ["?per_page=0", 400, "per_page", /from 1 to 100/],
    ["?per_page=ten", 400, "per_page", /whole number/],
    ["?page=0", 400, "page", /whole number from 1/],
    ["?page=-1", 400, "page", /whole number from 1/],
    ["?page=1.5", 400, "page", /whole number from 1/],
    ["?page=", 400, "page", /whole number from 1/],
    ["?page=10001", 400, "page", /at most 10,000/],
    ["?sort=cheapest", 400, "sort", /`relevance`, `price_asc`, `price_desc`, `name`/],
    ["?sort=price-asc", 400, "sort", /one of/],
    ["?in_stock=yes", 400, "in_stock", /only `1`/],
    ["?in_stock=0", 400, "in_stock", /only `1`/],
    ["?q=a&q=b", 400, "q", /more than once/],
    [`?q=${"x".repeat(201)}`, 400, "q", /at most 200/],
    ["?brand=", 400, "brand", /1 to 60/],
    ["?category=no-such-category", 404, "category", /No category has the slug `no-such-category`/],
    ["?subcategory=no-such-thing", 404, "subcategory", /No subcategory has the slug/],
    ["?category=paint&subcategory=grinding-wheels", 404, "subcategory", /`paint` has no subcategory `grinding-wheels`/],
    ["?diameter=4.5in", 400, "diameter", /need a `subcategory`/],
    ["?subcategory=grinding-wheels&diameter=wide", 400, "diameter", /"wide" is not a number this filter takes\.$/],
    ["?subcategory=grinding-wheels&diameter=4.5in,5in", 400, "diameter", /not a number/],
    ["?subcategory=grinding-wheels&diameter_min=abc", 400, "diameter_min", /not a number/],
    [
      "?subcategory=grinding-wheels&diameter_min=9in&diameter_max=4in",
      400,
      "diameter_min",
      /minimum \(9 in\) is more than the maximum \(4 in\)/,
    ],
    ["?subcategory=grinding-wheels&diameter_min=1in&diameter_min=2in", 400, "diameter_min", /more than once/],
    ["?subcategory=grinding-wheels&diameter=", 400, "diameter", /is empty/],
    ["?subcategory=grinding-wheels&abrasive_min=1", 400, "abrasive_min", /not a number, so it has no range/],
    [
      "?subcategory=grinding-wheels&abrasive=Plastic",
      400,
      "abrasive",
      /not one of its choices\. Its choices: .*Zirconia/,
    ],
  ];
  it.each(refusals)("%s is refused naming the parameter", async (query, status, field, message) => {
    const answer = await call(query);
    expect(answer.status).toBe(status);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.json.error).toMatchObject({ code: status === 404 ? "not_found" : "invalid_parameter", field });
    expect(answer.json.error.message).toMatch(message);
  });

  it("answers other methods with a JSON 405", async () => {
    const request = new Request("http://store.test/api/v1/products", { method: "POST", body: "{}" });
    const response = await route.action({ request, params: {}, context: new RouterContextProvider() } as never);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("limits, caching and prices", () => {
  it("holds a visitor's address to its limit with a 429, Retry-After and a JSON message; another address is not held", async () => {
    const address = "203.0.113.9";
    for (let i = 0; i < visitorCatalogueLimit().max; i++) await countVisitorCall(address);
    const refused = await call("?category=abrasives", { address });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(refused.json.error.message).toMatch(
      /^Too many catalogue requests from your address \(a company API key has a limit of its own\)\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await call("?category=abrasives", { address: "203.0.113.10" })).status).toBe(200);
  });

  it("counts an IPv6 visitor by the /64: a fresh address of the same network is held too", async () => {
    for (let i = 0; i < visitorCatalogueLimit().max; i++) await countVisitorCall(`2001:db8:1:2::${i.toString(16)}`);
    expect((await call("?category=abrasives", { address: "2001:db8:1:2:dead:beef:0:1" })).status).toBe(429);
    expect((await call("?category=abrasives", { address: "2001:db8:1:3::1" })).status).toBe(200);
  });

  it("caches a visitor's answer publicly with an ETag, keeps it until the catalogue changes", async () => {
    const first = await call("?category=paint");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.headers.get("vary")).toContain("Authorization");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await call("?category=paint");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.json).toEqual(first.json);
    expect((await call("?category=paint", { headers: { "if-none-match": etag } })).status).toBe(304);
    announce("catalogChanged", { productIds: [] });
    const fresh = await call("?category=paint");
    expect(fresh.headers.get("x-page-cache")).toBeNull();
    expect(fresh.json).toEqual(first.json);
  });

  it("answers a key with its company's prices, never cached, and never shows them to a visitor", async () => {
    await db()
      .insert(user)
      .values({ id: "api-buyer", name: "Api Buyer", email: "api-buyer@example.com", emailVerified: true });
    const { companyId } = await profileWithCompany("api-buyer", { firstName: "Api", lastName: "Buyer" });
    await db()
      .insert(contractPrices)
      .values({ companyId, category: "abrasives", percentOff: "20", startsOn: "2000-01-01" });
    const { key } = await createApiKey(await asBuyer({ id: "api-buyer" }), { name: "ERP", scopes: apiScopes });
    const query = "?subcategory=grinding-wheels&sort=name&per_page=5";

    const before = await call(query);
    const keyed = await call(query, { key });
    const after = await call(query);
    const fresh = await (async () => {
      catalogueApiCache().clear();
      return call(query);
    })();
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("cache-control")).toBe("private, no-store");
    expect(keyed.headers.get("x-page-cache")).toBeNull();
    expect(partNumbers(keyed.json.items)).toEqual(partNumbers(before.json.items));
    const listPrices = await db()
      .select({ partNumber: products.partNumber, price: products.price })
      .from(products)
      .where(eq(products.subcategory, "grinding-wheels"));
    const list = new Map(listPrices.map((row) => [row.partNumber, row.price]));
    for (const [index, item] of (keyed.json.items as Item[]).entries()) {
      const listPrice = Number(list.get(item.part_number));
      expect(Number(item.price), item.part_number).toBeLessThan(listPrice);
      expect(Number(item.price)).toBeCloseTo(Math.round(listPrice * 80) / 100, 2);
      for (const visitor of [before, after, fresh])
        expect(visitor.json.items[index].price, item.part_number).toBe(list.get(item.part_number));
    }
    // A key that is sent must be valid: a mistyped one is a 401, not an answer at visitors' prices.
    const mistyped = await call(query, { key: `${key.slice(0, -2)}xx` });
    expect(mistyped.status).toBe(401);
  });
});

describe("the OpenAPI document", () => {
  it("describes every parameter, the answer's shape and every refusal of GET /products", async () => {
    const document = JSON.parse(await openapi.loader().text());
    const get = document.paths["/products"].get;
    expect(get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      ...productParamNames,
      "attributes",
    ]);
    expect(get.security).toEqual([{}, { apiKey: ["catalog:read"] }]);
    expect(Object.keys(get.responses).sort()).toEqual(["200", "304", "400", "401", "403", "404", "405", "429", "500"]);
    const schemas = document.components.schemas;
    expect(schemas.ProductPage.required).toEqual(["total", "page", "per_page", "items", "facets"]);
    expect(schemas.ProductItem.required).toEqual([
      "part_number",
      "name",
      "price",
      "stock_level",
      "backorderable",
      "lead_time_days",
      "unit",
      "pack_quantity",
      "min_order_quantity",
      "order_multiple",
      "url",
    ]);
    expect(Object.keys(schemas.ProductFacets.properties)).toEqual(["categories", "brands", "attributes"]);
    // The answer has exactly the documented keys.
    const answer = await call("?subcategory=grinding-wheels&per_page=1");
    expect(Object.keys(answer.json).sort()).toEqual([...schemas.ProductPage.required].sort());
    expect(Object.keys(answer.json.items[0]).sort()).toEqual([...schemas.ProductItem.required].sort());
    const attributeKeys = schemas.ProductFacets.properties.attributes.items.required;
    expect(Object.keys(answer.json.facets.attributes[0]).sort()).toEqual([...attributeKeys].sort());
  });
});
