// Category listings: the products of one category or subcategory, newest catalogue order.
import { and, asc, count, eq } from "drizzle-orm";
import { db } from "../db/client";
import { products } from "../db/schema";

export interface ListingQuery {
  category: string;
  subcategory?: string;
  limit: number;
  offset: number;
}

export async function listCategoryProducts({ category, subcategory, limit, offset }: ListingQuery) {
  const where = and(eq(products.category, category), subcategory ? eq(products.subcategory, subcategory) : undefined);
  const [items, [total]] = await Promise.all([
    db()
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        partNumber: products.partNumber,
        brand: products.brand,
        price: products.price,
        stockLevel: products.stockLevel,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.partNumber))
      .limit(limit)
      .offset(offset),
    db().select({ total: count() }).from(products).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}
