import { describe, expect, it } from "vitest";
import type { FilterAttribute } from "../../domain/catalog/spec-filters";
import { apiFacet, parseProductParams, resolveAttributeParams } from "./product-params";

const parse = (query: string) => parseProductParams(new URLSearchParams(query));
const refusal = (query: string) => {
  const parsed = parse(query);
  if (parsed.ok) throw new Error(`${query} was accepted`);
  return parsed.problem;
};

const diameter: FilterAttribute = {
  slug: "diameter",
  name: "Diameter",
  kind: "number",
  unitFamily: "length",
  displayUnit: "in",
  choices: [],
};
const abrasive: FilterAttribute = {
  slug: "abrasive",
  name: "Abrasive",
  kind: "choice",
  unitFamily: null,
  displayUnit: null,
  choices: ["Zirconia", "Ceramic"],
};
const resolve = (query: string) => {
  const parsed = parse(query);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return resolveAttributeParams(parsed.value.attributes, [diameter, abrasive], "subcategory `grinding-wheels`");
};

describe("the products API's parameters", () => {
  it("have defaults: no words, relevance, the first page of 24, every part", () => {
    expect(parse("")).toEqual({
      ok: true,
      value: {
        q: "",
        category: undefined,
        subcategory: undefined,
        brand: undefined,
        inStock: false,
        sort: "relevance",
        page: 1,
        perPage: 24,
        attributes: new Map(),
      },
    });
  });

  it("read every parameter, and gather attribute values and ranges by slug", () => {
    const parsed = parse(
      "q=+grinding%00wheel+&category=abrasives&subcategory=grinding-wheels&brand=Ironridge&in_stock=1&sort=price_desc&page=3&per_page=100&abrasive=Zirconia&abrasive=Ceramic&diameter_min=4in&diameter_max=115mm",
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        q: "grinding wheel",
        category: "abrasives",
        subcategory: "grinding-wheels",
        brand: "Ironridge",
        inStock: true,
        sort: "price_desc",
        page: 3,
        perPage: 100,
        attributes: new Map([
          ["abrasive", { values: ["Zirconia", "Ceramic"] }],
          ["diameter", { values: [], min: "4in", max: "115mm" }],
        ]),
      },
    });
  });

  it.each([
    ["perPage=10", "perPage", /Unknown parameter `perPage`/],
    ["__proto__=1", "__proto__", /Unknown parameter/],
    ["a.b=1", "a.b", /Unknown parameter/],
    ["per_page=101", "per_page", /from 1 to 100/],
    ["per_page=0", "per_page", /from 1 to 100/],
    ["per_page=1e2", "per_page", /whole number/],
    ["page=0", "page", /whole number from 1/],
    ["page=+1", "page", /whole number from 1/],
    ["page=99999999999", "page", /whole number from 1/],
    ["page=10001", "page", /at most 10,000/],
    ["sort=constructor", "sort", /one of `relevance`, `price_asc`, `price_desc`, `name`/],
    ["sort=rating", "sort", /one of/],
    ["in_stock=true", "in_stock", /only `1`/],
    ["page=1&page=2", "page", /more than once/],
    ["diameter_max=1&diameter_max=2", "diameter_max", /more than once/],
    ["abrasive=", "abrasive", /is empty/],
    ["category=", "category", /is empty/],
    [`q=${"x".repeat(201)}`, "q", /at most 200 characters/],
    [`brand=${"x".repeat(61)}`, "brand", /1 to 60 characters/],
  ])("refuse %s naming the parameter", (query, param, message) => {
    const problem = refusal(query);
    expect(problem.param).toBe(param);
    expect(problem.message).toMatch(message);
  });

  it("take 100 a page and page 10,000 at most, and 200 characters of words", () => {
    expect(parse(`per_page=100&page=10000&q=${"x".repeat(200)}`).ok).toBe(true);
  });
});

describe("attribute filters", () => {
  it("read numbers in any unit, a bare number in inches, and choices whatever their case", () => {
    const resolved = resolve("diameter=4-1/2in&diameter=114.3mm&diameter=5&abrasive=zirconia");
    expect(resolved).toEqual({
      ok: true,
      value: {
        units: "inch",
        filters: [
          { slug: "abrasive", kind: "text", values: ["Zirconia"] },
          { slug: "diameter", kind: "number", family: "length", unit: "in", values: [114.3, 127] },
        ],
      },
    });
  });

  it("take a range with either end open", () => {
    const resolved = resolve("diameter_min=100mm");
    expect(resolved.ok && resolved.value.filters).toEqual([
      { slug: "diameter", kind: "number", family: "length", unit: "in", values: [], min: 100 },
    ]);
  });

  it.each([
    ["colour=red", "colour", /not a parameter of this endpoint, nor an attribute of subcategory `grinding-wheels`/],
    ["grit_min=60", "grit_min", /Unknown parameter `grit_min`/],
    ["diameter=wide", "diameter", /^`diameter`: Diameter: "wide" is not a number this filter takes\.$/],
    ["diameter=4.5in,5in", "diameter", /not a number/],
    ["diameter_max=1e999mm", "diameter_max", /not a number|smaller/],
    ["diameter_min=9in&diameter_max=4in", "diameter_min", /minimum \(9 in\) is more than the maximum \(4 in\)\.$/],
    ["abrasive_max=3", "abrasive_max", /not a number, so it has no range/],
    ["abrasive=Plastic", "abrasive", /not one of its choices\. Its choices: Zirconia, Ceramic\.$/],
    [Array.from({ length: 31 }, (_, i) => `diameter=${i + 1}in`).join("&"), "diameter", /at most 30 values/],
  ])("refuse %s naming the parameter", (query, param, message) => {
    const resolved = resolve(query);
    if (resolved.ok) throw new Error(`${query} was accepted`);
    expect(resolved.problem.param).toBe(param);
    expect(resolved.problem.message).toMatch(message);
  });
});

describe("facets as the API answers them", () => {
  it("write numbers as a parameter takes them, with the store's label", () => {
    expect(
      apiFacet({
        ...diameter,
        options: [
          { value: 114.3, count: 3 },
          { value: 127, count: 0 },
        ],
        more: 0,
        span: { min: 114.3, max: 127 },
      }),
    ).toEqual({
      slug: "diameter",
      name: "Diameter",
      kind: "number",
      unit: "in",
      options: [
        { value: "4.5in", label: "4-1/2 in", count: 3 },
        { value: "5in", label: "5 in", count: 0 },
      ],
      more: 0,
      range: { min: "4.5in", max: "5in" },
    });
    expect(apiFacet({ ...abrasive, options: [{ value: "Zirconia", count: 2 }], more: 0, span: null })).toEqual({
      slug: "abrasive",
      name: "Abrasive",
      kind: "choice",
      unit: null,
      options: [{ value: "Zirconia", label: "Zirconia", count: 2 }],
      more: 0,
      range: null,
    });
  });
});
