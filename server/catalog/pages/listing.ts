// Category listings: the products of one category or subcategory, filtered and sorted as the
// buyer chose, first pages up to the one asked for (Load More shows page after page). The
// catalogue's one query (catalog-query.ts) lists them, as it does search results and the API's.

import type { ListingParams } from "../../../domain/catalog/listing-params";
import { emptySpecState, type SpecState } from "../../../domain/catalog/spec-filters";
import type { CatalogueScope } from "../../context";
import { findProducts } from "../search/catalog-query";
import type { ScopeAttribute } from "../search/spec-facets";

export const LISTING_PAGE_SIZE = 24;

/**
 * The listing's products, its counts and its spec facets. `spec` and `attributes` come from
 * readSpecFilters; without them the listing has no spec filters.
 */
export async function listCategoryProducts(
  { category, subcategory }: { category: string; subcategory?: string },
  { stock, sort, page, brand }: ListingParams,
  catalogue: CatalogueScope | null,
  spec: SpecState = emptySpecState,
  attributes: ScopeAttribute[] = [],
) {
  const { items, total, totalInScope, facets } = await findProducts({
    catalogue,
    category,
    subcategory,
    brand,
    inStock: stock === "in",
    sort,
    limit: LISTING_PAGE_SIZE * page,
    spec,
    attributes,
    scopeTotal: true,
  });
  return { items, totalInCategory: totalInScope ?? 0, totalMatching: total, facets };
}
