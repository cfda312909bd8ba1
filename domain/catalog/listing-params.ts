// A listing's state lives in its URL: ?stock=in&sort=price-asc&page=2. Bad values fall back to
// the defaults, so a mangled link still shows the listing.
import { z } from "zod";
import { plainText } from "../text/plain-text";
import { type SpecState, specEntries } from "./spec-filters";

export const listingSorts = ["featured", "price-asc", "rating-desc"] as const;
export type ListingSort = (typeof listingSorts)[number];

// Built on first use: the page's component needs only `listingSearch`, so zod stays out of the
// browser's bundle.
let schema: ReturnType<typeof listingParamsSchema> | undefined;
function listingParamsSchema() {
  return z.object({
    stock: z.enum(["in"]).optional().catch(undefined),
    sort: z.enum(listingSorts).catch("featured").default("featured"),
    page: z.coerce.number().int().min(1).max(500).catch(1).default(1),
    brand: z.string().overwrite(plainText).trim().min(1).max(60).optional().catch(undefined),
    /** "families": a family of sizes shows as one card (docs/decisions/part-families.md). */
    group: z.enum(["families"]).optional().catch(undefined),
  });
}

export type ListingParams = z.infer<ReturnType<typeof listingParamsSchema>>;

export function parseListingParams(search: URLSearchParams): ListingParams {
  schema ??= listingParamsSchema();
  return schema.parse(Object.fromEntries(search));
}

/** The parameters a listing reads itself: an attribute with one of these slugs cannot be filtered on. */
export const listingParamNames = ["brand", "stock", "group", "sort", "page"] as const;

/** The query string for a listing state and its spec filters, in one canonical order, leaving defaults out. */
export function listingSearch(params: Partial<ListingParams>, spec?: SpecState): string {
  const search = new URLSearchParams();
  if (params.brand) search.set("brand", params.brand);
  if (params.stock) search.set("stock", params.stock);
  for (const [key, value] of spec ? specEntries(spec) : []) search.append(key, value);
  if (params.group) search.set("group", params.group);
  if (params.sort && params.sort !== "featured") search.set("sort", params.sort);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}
