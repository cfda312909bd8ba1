import { type AnyColumn, sql } from "drizzle-orm";
import { products } from "../../db/schema";

/** A product's picture: its first, or, with none of its own, its line drawing (productDrawingUrl). */
export const productImage = (images: AnyColumn, slug: AnyColumn) =>
  sql<string>`coalesce(${images}->>0, '/images/products/drawings/' || ${slug} || '.svg')`;

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
  // "Box of 25" on the card, and the quantity its Add to Cart asks for (docs/decisions/units-of-sale.md).
  unit: products.unit,
  packQuantity: products.packQuantity,
  minOrderQuantity: products.minOrderQuantity,
  orderMultiple: products.orderMultiple,
  image: productImage(products.images, products.slug),
};
