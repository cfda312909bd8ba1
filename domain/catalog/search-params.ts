// The search results page's state lives in its URL: ?q=flap+disc&category=abrasives&brand=Ironridge
// &stock=in&sort=price-asc&page=2. Bad values fall back to the defaults; a long query is cut.
import { z } from "zod";
import { plainText } from "../text/plain-text";
import { type SpecState, specEntries } from "./spec-filters";

export const MAX_QUERY_LENGTH = 200;
export const searchSorts = ["relevance", "price-asc", "price-desc", "rating-desc"] as const;
export type SearchSort = (typeof searchSorts)[number];

export const searchSortLabels: Record<SearchSort, string> = {
  relevance: "Best match",
  "price-asc": "Price low to high",
  "price-desc": "Price high to low",
  "rating-desc": "Rating high to low",
};

// Built on first use: the page's component needs only `searchHref` and the sorts, so zod stays
// out of the browser's bundle.
let schema: ReturnType<typeof searchParamsSchema> | undefined;
function searchParamsSchema() {
  const optionalText = z.string().overwrite(plainText).trim().min(1).max(60).optional().catch(undefined);
  return z.object({
    q: z
      .string()
      .catch("")
      .default("")
      .transform((q) => plainText(q).trim().slice(0, MAX_QUERY_LENGTH)),
    category: optionalText,
    brand: optionalText,
    stock: z.enum(["in"]).optional().catch(undefined),
    sort: z.enum(searchSorts).catch("relevance").default("relevance"),
    page: z.coerce.number().int().min(1).max(100).catch(1).default(1),
  });
}

export type SearchParams = z.infer<ReturnType<typeof searchParamsSchema>>;

export function parseSearchParams(search: URLSearchParams): SearchParams {
  schema ??= searchParamsSchema();
  return schema.parse(Object.fromEntries(search));
}

/** The parameters search reads itself: an attribute with one of these slugs cannot be filtered on. */
export const searchParamNames = ["q", "category", "brand", "stock", "sort", "page"] as const;

/** The URL of a search state and its spec filters, in one canonical order, leaving defaults out. */
export function searchHref(params: Partial<SearchParams>, spec?: SpecState): string {
  const search = new URLSearchParams();
  search.set("q", params.q ?? "");
  if (params.category) search.set("category", params.category);
  if (params.brand) search.set("brand", params.brand);
  if (params.stock) search.set("stock", params.stock);
  for (const [key, value] of spec ? specEntries(spec) : []) search.append(key, value);
  if (params.sort && params.sort !== "relevance") search.set("sort", params.sort);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  return `/search?${search.toString()}`;
}
