// Category listings: the products of one category or subcategory, filtered and sorted as the
// buyer chose, first pages up to the one asked for (Load More shows page after page). The
// catalogue's one query (catalog-query.ts) lists them, as it does search results and the API's.

import { inArray } from "drizzle-orm";
import type { ListingParams } from "../../../domain/catalog/listing-params";
import { emptySpecState, type SpecState } from "../../../domain/catalog/spec-filters";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { findProducts } from "../search/catalog-query";
import type { ScopeAttribute } from "../search/spec-facets";
import { type FamilyCard, familyCards } from "./families";

export const LISTING_PAGE_SIZE = 24;

/**
 * The listing's products, its counts and its spec facets. `spec` and `attributes` come from
 * readSpecFilters; without them the listing has no spec filters.
 */
export async function listCategoryProducts(
  { category, subcategory }: { category: string; subcategory?: string },
  { stock, sort, page, brand, group }: ListingParams,
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
  return {
    items: group === "families" ? await groupedByFamily(items, catalogue) : items,
    // Load More counts parts, whether or not sizes are grouped.
    partsShown: items.length,
    totalInCategory: totalInScope ?? 0,
    totalMatching: total,
    facets,
  };
}

/**
 * The listed parts with each family's shown as one card, where its first listed part is: the
 * family's range among the parts a buyer is sold, leading to that part's page and its selector.
 */
async function groupedByFamily<Item extends { id: string }>(
  items: Item[],
  catalogue: CatalogueScope | null,
): Promise<(Item & { family?: FamilyCard })[]> {
  if (items.length === 0) return items;
  const rows = await db()
    .select({ id: products.id, familyId: products.familyId })
    .from(products)
    .where(
      inArray(
        products.id,
        items.map((item) => item.id),
      ),
    );
  const familyOf = new Map(rows.map((row) => [row.id, row.familyId]));
  const cards = await familyCards(
    rows.flatMap((row) => (row.familyId === null ? [] : [row.familyId])),
    catalogue,
  );
  const shown = new Set<number>();
  return items.flatMap((item) => {
    const familyId = familyOf.get(item.id);
    const family = familyId === null || familyId === undefined ? undefined : cards.get(familyId);
    if (!family || familyId === undefined || familyId === null) return [item];
    if (shown.has(familyId)) return [];
    shown.add(familyId);
    return [{ ...item, family }];
  });
}
