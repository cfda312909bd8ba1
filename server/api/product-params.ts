// GET /api/v1/products' query string, read strictly (docs/decisions/catalogue-api.md): unlike a
// listing's URL, which shows the listing whatever a link says, an integration is told at once
// which parameter is wrong and how to fix it. Attribute filters are read by the listing's own
// reader (domain/catalog/spec-filters.ts), so "4.5in", "4-1/2 in" and "114.3mm" mean one value
// here as there. No database here: the caller looks up the category and the attributes.

import { MAX_QUERY_LENGTH } from "../../domain/catalog/search-params";
import {
  entryUnit,
  type FilterAttribute,
  MAX_FILTERED_ATTRIBUTES,
  type RawSpecParams,
  resolveSpecFilters,
  type SpecFacet,
  type SpecState,
  showNumber,
  urlNumber,
} from "../../domain/catalog/spec-filters";
import { plainText } from "../../domain/text/plain-text";
import type { CatalogSort } from "../catalog/search/catalog-query";

/** The API's sorts and the catalogue query's name for each. */
export const apiSorts = {
  relevance: "relevance",
  price_asc: "price-asc",
  price_desc: "price-desc",
  name: "name",
} as const satisfies Record<string, CatalogSort>;
export type ApiSort = keyof typeof apiSorts;

export const MAX_API_PER_PAGE = 100;
export const DEFAULT_API_PER_PAGE = 24;
/** Deeper than this, page by narrowing the filters: an offset that large costs the database for nothing. */
export const MAX_API_PAGE = 10_000;
const MAX_BRAND_LENGTH = 60;

/** The parameters the API reads itself: no attribute with one of these slugs can be filtered on. */
export const productParamNames = [
  "q",
  "category",
  "subcategory",
  "brand",
  "in_stock",
  "sort",
  "page",
  "per_page",
] as const;
type ParamName = (typeof productParamNames)[number];

export interface ProductParams {
  q: string;
  category?: string;
  subcategory?: string;
  brand?: string;
  inStock: boolean;
  sort: ApiSort;
  page: number;
  perPage: number;
  /** The other parameters, by attribute slug: `diameter`, `diameter_min`, `diameter_max`. */
  attributes: RawSpecParams;
}

/** A parameter the API cannot take, with what to do about it. */
export interface ParamProblem {
  param: string;
  message: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: ParamProblem };

const refuse = (param: string, message: string): { ok: false; problem: ParamProblem } => ({
  ok: false,
  problem: { param, message },
});

const attributeKey = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:_(min|max))?$/;
const wholeNumber = /^\d{1,9}$/;

const listed = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(", ");

/** The parameters as the API reads them, or the first that is wrong (in the query string's order). */
export function parseProductParams(search: URLSearchParams): Parsed<ProductParams> {
  const fixed = new Map<ParamName, string>();
  const attributes: RawSpecParams = new Map();
  for (const [key, value] of search) {
    if ((productParamNames as readonly string[]).includes(key)) {
      if (fixed.has(key as ParamName)) return refuse(key, `\`${key}\` is given more than once: give it once.`);
      fixed.set(key as ParamName, value);
      continue;
    }
    const match = attributeKey.exec(key);
    if (!match?.[1])
      return refuse(
        key.slice(0, 60),
        `Unknown parameter \`${key.slice(0, 60)}\`. This endpoint takes ${listed(productParamNames)}, and an attribute's slug (\`diameter\`, \`diameter_min\`, \`diameter_max\`) to filter on it.`,
      );
    if (value.trim() === "") return refuse(key, `\`${key}\` is empty: give a value, or leave the parameter out.`);
    const entry = attributes.get(match[1]) ?? { values: [] };
    if (match[2]) {
      const bound = match[2] as "min" | "max";
      if (entry[bound] !== undefined) return refuse(key, `\`${key}\` is given more than once: give it once.`);
      entry[bound] = value;
    } else entry.values.push(value);
    attributes.set(match[1], entry);
  }

  const q = plainText(fixed.get("q") ?? "").trim();
  if (q.length > MAX_QUERY_LENGTH) return refuse("q", `\`q\` has at most ${MAX_QUERY_LENGTH} characters.`);

  const slugOf = (name: "category" | "subcategory") => {
    const text = fixed.get(name);
    if (text === undefined) return { ok: true as const, value: undefined };
    return text.trim() === ""
      ? refuse(name, `\`${name}\` is empty: give a ${name}'s slug (e.g. \`abrasives\`), or leave it out.`)
      : { ok: true as const, value: text.trim().slice(0, 100) };
  };
  const category = slugOf("category");
  if (!category.ok) return category;
  const subcategory = slugOf("subcategory");
  if (!subcategory.ok) return subcategory;

  const brandText = fixed.get("brand");
  const brand = brandText === undefined ? undefined : plainText(brandText).trim();
  if (brand !== undefined && (brand === "" || brand.length > MAX_BRAND_LENGTH))
    return refuse("brand", `\`brand\` is a brand's name as the facets list it, 1 to ${MAX_BRAND_LENGTH} characters.`);

  const inStock = fixed.get("in_stock");
  if (inStock !== undefined && inStock !== "1")
    return refuse("in_stock", "`in_stock` takes only `1` (parts in stock); leave it out for every part.");

  const sort = fixed.get("sort") ?? "relevance";
  if (!Object.hasOwn(apiSorts, sort)) return refuse("sort", `\`sort\` is one of ${listed(Object.keys(apiSorts))}.`);

  const page = fixed.get("page") ?? "1";
  if (!wholeNumber.test(page) || Number(page) < 1)
    return refuse("page", "`page` is a whole number from 1 (the first page).");
  if (Number(page) > MAX_API_PAGE)
    return refuse(
      "page",
      `\`page\` is at most ${MAX_API_PAGE.toLocaleString("en-US")}: narrow the query to reach parts further on.`,
    );

  const perPage = fixed.get("per_page") ?? String(DEFAULT_API_PER_PAGE);
  if (!wholeNumber.test(perPage) || Number(perPage) < 1 || Number(perPage) > MAX_API_PER_PAGE)
    return refuse("per_page", `\`per_page\` is a whole number from 1 to ${MAX_API_PER_PAGE}.`);

  return {
    ok: true,
    value: {
      q,
      category: category.value,
      subcategory: subcategory.value,
      brand,
      inStock: inStock === "1",
      sort: sort as ApiSort,
      page: Number(page),
      perPage: Number(perPage),
      attributes,
    },
  };
}

/**
 * The attribute filters, read against the attributes in scope (`scope` names it in a message):
 * a slug not among them, a range on a choice, a value the listing's filter would leave out, all
 * refused naming the parameter. Bare numbers are in the attribute's inch-system unit, as on a
 * listing whose buyer has not chosen metric.
 */
export function resolveAttributeParams(
  raw: RawSpecParams,
  attributes: readonly FilterAttribute[],
  scope: string,
): Parsed<SpecState> {
  for (const [slug, entry] of raw) {
    const attribute = attributes.find((candidate) => candidate.slug === slug);
    const param = entry.values.length > 0 ? slug : entry.min !== undefined ? `${slug}_min` : `${slug}_max`;
    if (!attribute)
      return refuse(
        param,
        `Unknown parameter \`${param}\`: it is not a parameter of this endpoint, nor an attribute of ${scope}. Name a \`subcategory\` to filter on its attributes; the answer's \`facets.attributes\` lists the slugs on offer.`,
      );
    if (attribute.kind !== "number" && (entry.min !== undefined || entry.max !== undefined))
      return refuse(
        entry.min !== undefined ? `${slug}_min` : `${slug}_max`,
        `\`${slug}\` (${attribute.name}) is not a number, so it has no range: give its values, as \`${slug}=…\`.`,
      );
  }
  if (raw.size > MAX_FILTERED_ATTRIBUTES)
    return refuse(
      [...raw.keys()].sort()[MAX_FILTERED_ATTRIBUTES] ?? "",
      `At most ${MAX_FILTERED_ATTRIBUTES} attributes can be filtered on at once.`,
    );
  const { state, issues } = resolveSpecFilters(raw, attributes, "inch");
  const [first] = issues;
  if (first) {
    const attribute = attributes.find((candidate) => first.param.replace(/_(min|max)$/, "") === candidate.slug);
    const choices =
      attribute?.kind === "choice" && first.message.includes("not one of its choices")
        ? ` Its choices: ${attribute.choices.join(", ")}.`
        : "";
    const message = first.message.replace(/,? so (it|the range) was left out\.$|; the rest were left out\.$/, ".");
    return refuse(first.param, `\`${first.param}\`: ${message}${choices}`);
  }
  return { ok: true, value: state };
}

/** A spec facet as the API answers it: numbers written as a parameter takes them ("4.5in"), with a label ("4-1/2 in"). */
export function apiFacet(facet: SpecFacet) {
  const common = { slug: facet.slug, name: facet.name, kind: facet.kind };
  const family = facet.unitFamily;
  if (facet.kind !== "number" || !family)
    return {
      ...common,
      unit: null,
      options: facet.options.map((option) => ({
        value: String(option.value),
        label: String(option.value),
        count: option.count,
      })),
      more: facet.more,
      range: null,
    };
  const unit = entryUnit(facet, "inch");
  const written = (base: number) => urlNumber(base, family, unit);
  return {
    ...common,
    unit,
    options: facet.options.map((option) => ({
      value: written(Number(option.value)),
      label: showNumber(Number(option.value), family, unit),
      count: option.count,
    })),
    more: facet.more,
    range: facet.span ? { min: written(facet.span.min), max: written(facet.span.max) } : null,
  };
}
