// Category listings: the products of one category or subcategory, filtered and sorted as the
// buyer chose, first pages up to the one asked for (Load More shows page after page).
import { and, asc, count, desc, eq, gt, type SQL } from "drizzle-orm";
import { emptySpecState, type SpecState } from "../../app/lib/catalog/spec-filters";
import type { ListingParams } from "../../app/lib/listing-params";
import { db } from "../db/client";
import { products } from "../db/schema";
import { productCardColumns } from "./card-columns";
import { type ScopeAttribute, specFacets, specWhere } from "./spec-facets";
import { listedForBuyers } from "./visibility";

export const LISTING_PAGE_SIZE = 24;

const orderings = {
  // The store's featured parts, then the most reviewed.
  featured: [desc(products.featured), desc(products.reviewCount), asc(products.name), asc(products.partNumber)],
  "price-asc": [asc(products.price), asc(products.name), asc(products.partNumber)],
  "rating-desc": [desc(products.rating), desc(products.reviewCount), asc(products.name), asc(products.partNumber)],
} as const;

/**
 * The listing's products, its counts and its spec facets. `spec` and `attributes` come from
 * readSpecFilters; without them the listing has no spec filters.
 */
export async function listCategoryProducts(
  { category, subcategory }: { category: string; subcategory?: string },
  { stock, sort, page, brand }: ListingParams,
  spec: SpecState = emptySpecState,
  attributes: ScopeAttribute[] = [],
) {
  const inCategory = and(
    eq(products.category, category),
    listedForBuyers,
    subcategory ? eq(products.subcategory, subcategory) : undefined,
  ) as SQL;
  const fixed = and(
    stock === "in" ? gt(products.stockLevel, 0) : undefined,
    brand ? eq(products.brand, brand) : undefined,
  );
  const where = and(inCategory, fixed, specWhere(spec, attributes));
  const [items, [all], [shown], facets] = await Promise.all([
    db()
      .select(productCardColumns)
      .from(products)
      .where(where)
      .orderBy(...orderings[sort])
      .limit(LISTING_PAGE_SIZE * page),
    db().select({ total: count() }).from(products).where(inCategory),
    db().select({ total: count() }).from(products).where(where),
    specFacets({ scope: inCategory, fixed, spec, attributes, definedChoices: true }),
  ]);
  return { items, totalInCategory: all?.total ?? 0, totalMatching: shown?.total ?? 0, facets };
}
