// Spec filters against the seeded catalogue, checked against the parts read straight from the
// tables and filtered here: results, totals and every option's count, in either unit system,
// combined with brand and stock, on a subcategory, a whole category and search results.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type ListingParams, listingParamNames } from "../../../domain/catalog/listing-params";
import { parseSearchParams, searchParamNames } from "../../../domain/catalog/search-params";
import type { SpecFacet } from "../../../domain/catalog/spec-filters";
import { isUnitFamily, unitsOf } from "../../../domain/catalog/units";
import { withTestDatabase } from "../../../test/database";
import { attributes, productAttributeValues, products } from "../../db/schema";
import { announce } from "../../events";
import { listCategoryProducts } from "../pages/listing";
import { seedCatalogIfEmpty } from "../seed/seed";
import { searchProducts } from "./search";
import { MAX_NUMBER_OPTIONS, readSpecFilters, scopeAttributes } from "./spec-facets";

const { handle } = withTestDatabase();
const everything: ListingParams = { sort: "featured", page: 500 };

interface Part {
  partNumber: string;
  brand: string;
  stockLevel: number;
  subcategory: string;
  values: Map<string, number | string>;
}

/** Every listed part (of a category, or one subcategory) with its values by attribute slug, read here. */
async function partsOf(category?: string, subcategory?: string): Promise<Part[]> {
  const rows = await handle()
    .db.select({
      partNumber: products.partNumber,
      brand: products.brand,
      stockLevel: products.stockLevel,
      subcategory: products.subcategory,
      slug: attributes.slug,
      numberValue: productAttributeValues.numberValue,
      textValue: productAttributeValues.textValue,
    })
    .from(products)
    .leftJoin(productAttributeValues, eq(productAttributeValues.productId, products.id))
    .leftJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(
      and(
        category ? eq(products.category, category) : undefined,
        eq(products.status, "active"),
        subcategory ? eq(products.subcategory, subcategory) : undefined,
      ),
    );
  const parts = new Map<string, Part>();
  for (const row of rows) {
    const part = parts.get(row.partNumber) ?? { ...row, values: new Map() };
    if (row.slug) part.values.set(row.slug, row.numberValue ?? row.textValue ?? "");
    parts.set(row.partNumber, part);
  }
  return [...parts.values()];
}

const close = (a: unknown, b: number) => typeof a === "number" && Math.abs(a - b) < 1e-4;
const sorted = (parts: { partNumber: string }[]) => parts.map((part) => part.partNumber).sort();

/** A listing as the page reads its URL. */
async function listing(
  query: string,
  { category, subcategory }: { category: string; subcategory?: string } = {
    category: "abrasives",
    subcategory: "grinding-wheels",
  },
) {
  const search = new URLSearchParams(query);
  const {
    attributes: offered,
    spec,
    problems,
  } = await readSpecFilters(search, subcategory ? [subcategory] : await subcategoriesOf(category), listingParamNames);
  const params: ListingParams = {
    ...everything,
    stock: search.get("stock") === "in" ? "in" : undefined,
    brand: search.get("brand") ?? undefined,
  };
  return { problems, ...(await listCategoryProducts({ category, subcategory }, params, null, spec, offered)) };
}

async function subcategoriesOf(category: string) {
  const rows = await handle().db.execute<{ slug: string }>(
    sql`select slug from subcategories where category_slug = ${category} order by position`,
  );
  return rows.rows.map((row) => row.slug);
}

const facet = (facets: SpecFacet[], slug: string) => {
  const found = facets.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no ${slug} facet among ${facets.map((f) => f.slug).join(", ")}`);
  return found;
};

/** Each option's count as the test computes it: the parts passing `others`, by their value of `slug`. */
function expectedCounts(parts: Part[], slug: string, others: (part: Part) => boolean) {
  const counts = new Map<string | number, number>();
  for (const part of parts) {
    const value = part.values.get(slug);
    if (value === undefined) continue;
    counts.set(value, (counts.get(value) ?? 0) + (others(part) ? 1 : 0));
  }
  return counts;
}

function expectCounts(found: SpecFacet, expected: Map<string | number, number>) {
  const nonZeroFound = found.options.filter((option) => option.count > 0);
  const nonZeroExpected = [...expected].filter(([, count]) => count > 0);
  expect(nonZeroFound.length, found.slug).toBe(nonZeroExpected.length);
  for (const [value, count] of expected) {
    const option = found.options.find((candidate) =>
      typeof value === "number" ? close(candidate.value, value) : candidate.value === value,
    );
    expect(option?.count, `${found.slug} ${value}`).toBe(count);
  }
}

let wheels: Part[];
beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
  wheels = await partsOf("abrasives", "grinding-wheels");
});

describe("spec filters on a listing", () => {
  it("offer the subcategory's attributes with every value present and its count", async () => {
    const all = await listing("");
    expect(all.facets.map((f) => f.slug)).toEqual(expect.arrayContaining(["diameter", "arbor", "grit", "abrasive"]));
    expectCounts(
      facet(all.facets, "diameter"),
      expectedCounts(wheels, "diameter", () => true),
    );
    expectCounts(
      facet(all.facets, "abrasive"),
      expectedCounts(wheels, "abrasive", () => true),
    );
    expect(all.totalMatching).toBe(wheels.length);
  });

  it("narrow by a number and a choice to exactly the parts that have both, with counts for the others", async () => {
    const found = await listing("diameter=4-1/2in&abrasive=Zirconia");
    const match = (part: Part) =>
      close(part.values.get("diameter"), 114.3) && part.values.get("abrasive") === "Zirconia";
    const expected = wheels.filter(match);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(found.items)).toEqual(sorted(expected));
    expect(found.totalMatching).toBe(expected.length);
    expect(found.totalInCategory).toBe(wheels.length);
    // Diameter's counts ignore the diameter filter but keep the abrasive one, and the other way round.
    expectCounts(
      facet(found.facets, "diameter"),
      expectedCounts(wheels, "diameter", (part) => part.values.get("abrasive") === "Zirconia"),
    );
    expectCounts(
      facet(found.facets, "abrasive"),
      expectedCounts(wheels, "abrasive", (part) => close(part.values.get("diameter"), 114.3)),
    );
    expectCounts(facet(found.facets, "grit"), expectedCounts(wheels, "grit", match));
  });

  it("take a range in millimetres or in inches and find the same parts", async () => {
    const metric = await listing("diameter_min=120&diameter_max=160&units=metric");
    const inches = await listing("diameter_min=4.724in&diameter_max=6.299in");
    const expected = wheels.filter((part) => {
      const value = part.values.get("diameter");
      return typeof value === "number" && value >= 120 && value <= 160;
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(metric.items)).toEqual(sorted(expected));
    expect(sorted(inches.items)).toEqual(sorted(expected));
    expect(facet(metric.facets, "diameter").span).toEqual({ min: 101.6, max: 177.8 });
  });

  it("combine with brand and In Stock Only, which every count then respects", async () => {
    const brand = wheels[0]?.brand ?? "";
    const found = await listing(`brand=${encodeURIComponent(brand)}&stock=in&abrasive=Ceramic&abrasive=Zirconia`);
    const base = (part: Part) => part.brand === brand && part.stockLevel > 0;
    const chosen = (part: Part) => ["Ceramic", "Zirconia"].includes(String(part.values.get("abrasive")));
    expect(sorted(found.items)).toEqual(sorted(wheels.filter((part) => base(part) && chosen(part))));
    expectCounts(facet(found.facets, "abrasive"), expectedCounts(wheels, "abrasive", base));
    expectCounts(
      facet(found.facets, "diameter"),
      expectedCounts(wheels, "diameter", (part) => base(part) && chosen(part)),
    );
  });

  it("merge one attribute across a category's subcategories", async () => {
    const abrasives = await partsOf("abrasives");
    const found = await listing("diameter=4.5in", { category: "abrasives" });
    const expected = abrasives.filter((part) => close(part.values.get("diameter"), 114.3));
    expect(new Set(expected.map((part) => part.subcategory)).size).toBeGreaterThan(1);
    expect(sorted(found.items)).toEqual(sorted(expected));
  });

  it("ignore an unknown attribute and say what was wrong with a bad value or range", async () => {
    const found = await listing("colour=red&diameter=wide&grit_min=60&grit_max=24");
    expect(found.totalMatching).toBe(wheels.length);
    expect(found.problems).toEqual([
      'Diameter: "wide" is not a number this filter takes, so it was left out.',
      "Grit: the minimum (60) is more than the maximum (24), so the range was left out.",
    ]);
  });

  it("list a value the other filters rule out, and a choice no part has yet, at 0", async () => {
    const [lone] = wheels;
    if (!lone) throw new Error("no grinding wheels");
    await handle().db.update(products).set({ brand: "Lone Brand" }).where(eq(products.partNumber, lone.partNumber));
    await handle()
      .db.update(attributes)
      .set({ choices: sql`${attributes.choices} || '["Diamond"]'::jsonb` })
      .where(and(eq(attributes.subcategorySlug, "grinding-wheels"), eq(attributes.slug, "abrasive")));
    // As the category editor does after changing an attribute: processes read attributes again.
    announce("categoriesChanged", {});
    const found = await listing("brand=Lone+Brand");
    expect(sorted(found.items)).toEqual([lone.partNumber]);
    const diameters = facet(found.facets, "diameter").options;
    expect(diameters.length).toBe(new Set(wheels.map((part) => part.values.get("diameter"))).size);
    expect(diameters.filter((option) => option.count === 1)).toHaveLength(1);
    expect(diameters.filter((option) => option.count === 0).length).toBeGreaterThan(0);
    expect(facet(found.facets, "abrasive").options).toContainEqual({ value: "Diamond", count: 0 });
    const none = await listing("abrasive=Diamond");
    expect(none).toMatchObject({ items: [], totalMatching: 0 });
    expect(facet(none.facets, "abrasive").options).toContainEqual({ value: "Diamond", count: 0 });
  });
});

describe("a number attribute with too many values to list", () => {
  it("counts the value named in the link, not 0", async () => {
    // The attribute of the seeded catalogue with the most distinct values: filtered by range only.
    const [many] = (
      await handle().db.execute<{
        category: string;
        subcategory: string;
        slug: string;
        family: string | null;
        value: number;
      }>(sql`
        select s.category_slug as category, a.subcategory_slug as subcategory, a.slug, a.unit_family as family,
          mode() within group (order by v.number_value) as value
        from attributes a join product_attribute_values v on v.attribute_id = a.id
        join subcategories s on s.slug = a.subcategory_slug
        where a.kind = 'number' group by 1, 2, 3, 4
        having count(distinct v.number_value) > ${MAX_NUMBER_OPTIONS}
        order by count(distinct v.number_value) desc, 3 limit 1`)
    ).rows;
    expect(many, "an attribute with more than MAX_NUMBER_OPTIONS values").toBeDefined();
    if (!many) return;
    // The value as stored, in its family's base unit, named.
    const unit = many.family && isUnitFamily(many.family) ? (unitsOf(many.family)[0] ?? "") : "";
    const filtered = await listing(`${many.slug}=${Number(many.value)}${unit}`, many);
    const parts = await partsOf(many.category, many.subcategory);
    const having = parts.filter((part) => close(part.values.get(many.slug), Number(many.value)));
    expect(filtered.totalMatching).toBe(having.length);
    const option = facet(filtered.facets, many.slug).options.find((candidate) =>
      close(candidate.value, Number(many.value)),
    );
    expect(option?.count).toBe(having.length);
  });
});

describe("spec filters on search results", () => {
  it("narrow what a query finds and count the values of what it found", async () => {
    const params = parseSearchParams(new URLSearchParams({ q: "grinding wheel" }));
    const search = new URLSearchParams({ q: "grinding wheel", diameter: "114.3mm", units: "metric" });
    const { attributes: offered, spec } = await readSpecFilters(search, undefined, searchParamNames);
    const all = await searchProducts({ ...params, page: 100 }, null);
    expect(all.items).toHaveLength(all.total);
    const found = await searchProducts({ ...params, page: 100 }, null, { spec, attributes: offered });
    const byPart = new Map((await partsOf()).map((part) => [part.partNumber, part]));
    const diameterOf = (item: { partNumber: string }) => byPart.get(item.partNumber)?.values.get("diameter");
    const expected = all.items.filter((item) => close(diameterOf(item), 114.3));
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(found.items)).toEqual(sorted(expected));
    expect(found.total).toBe(expected.length);
    // The diameter filter is the only one: its own counts are those of everything the query found.
    const diameters = facet(found.facets, "diameter");
    expect(diameters.options.find((option) => close(option.value, 114.3))?.count).toBe(expected.length);
    const counted = diameters.options.reduce((sum, option) => sum + option.count, 0);
    expect(counted).toBe(all.items.filter((item) => typeof diameterOf(item) === "number").length);
  });
});

describe("the attributes on offer", () => {
  it("are merged once per scope and shared, frozen, until the operator changes them", async () => {
    const wheels = await scopeAttributes(["grinding-wheels"], listingParamNames);
    expect(wheels.length).toBeGreaterThan(0);
    expect(await scopeAttributes(["grinding-wheels"], listingParamNames)).toBe(wheels);
    expect(await scopeAttributes(["grinding-wheels"], searchParamNames)).not.toBe(wheels);
    expect(await scopeAttributes(undefined, listingParamNames)).not.toBe(wheels);
    expect(Object.isFrozen(wheels) && wheels.every((attribute) => Object.isFrozen(attribute.ids))).toBe(true);
    announce("categoriesChanged", {});
    const again = await scopeAttributes(["grinding-wheels"], listingParamNames);
    expect(again).not.toBe(wheels);
    expect(again).toEqual(wheels);
  });
});
