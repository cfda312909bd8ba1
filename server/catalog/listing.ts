// Category listings: the products of one category or subcategory, filtered and sorted as the
// buyer chose, first pages up to the one asked for (Load More shows page after page).
import { and, asc, count, desc, eq, gt } from "drizzle-orm";
import type { ListingParams } from "../../app/lib/listing-params";
import { db } from "../db/client";
import { products } from "../db/schema";
import { productCardColumns } from "./card-columns";
import { listedForBuyers } from "./visibility";

export const LISTING_PAGE_SIZE = 24;

const orderings = {
  // The store's featured parts, then the most reviewed.
  featured: [desc(products.featured), desc(products.reviewCount), asc(products.name), asc(products.partNumber)],
  "price-asc": [asc(products.price), asc(products.name), asc(products.partNumber)],
  "rating-desc": [desc(products.rating), desc(products.reviewCount), asc(products.name), asc(products.partNumber)],
} as const;

export async function listCategoryProducts(
  { category, subcategory }: { category: string; subcategory?: string },
  { stock, sort, page, brand }: ListingParams,
) {
  const inCategory = and(
    eq(products.category, category),
    listedForBuyers,
    subcategory ? eq(products.subcategory, subcategory) : undefined,
  );
  const where = and(
    inCategory,
    stock === "in" ? gt(products.stockLevel, 0) : undefined,
    brand ? eq(products.brand, brand) : undefined,
  );
  const [items, [all], [shown]] = await Promise.all([
    db()
      .select(productCardColumns)
      .from(products)
      .where(where)
      .orderBy(...orderings[sort])
      .limit(LISTING_PAGE_SIZE * page),
    db().select({ total: count() }).from(products).where(inCategory),
    db().select({ total: count() }).from(products).where(where),
  ]);
  return { items, totalInCategory: all?.total ?? 0, totalMatching: shown?.total ?? 0 };
}
