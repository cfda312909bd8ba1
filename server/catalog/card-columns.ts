import { sql } from "drizzle-orm";
import { products } from "../db/schema";

/** What a product card shows (listings, search results, related products). */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  partNumber: products.partNumber,
  brand: products.brand,
  price: products.price,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stockLevel: products.stockLevel,
  image: sql<string | null>`${products.images}->>0`,
};
