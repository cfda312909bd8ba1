import { sql } from "drizzle-orm";
import { products } from "../../db/schema";

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
  // An out-of-stock part that may be back-ordered keeps its Add to Cart (docs/decisions/back-orders.md).
  backorderable: products.backorderable,
  leadTimeDays: products.leadTimeDays,
  // A product with no picture of its own shows its subcategory's first drawn one (generator.ts pictureUrls).
  image: sql<string>`coalesce(${products.images}->>0, '/images/products/' || ${products.subcategory} || '-1.svg')`,
};
