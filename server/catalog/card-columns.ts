import { products } from "../db/schema";

/** What a product card shows (listings and search results). */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  partNumber: products.partNumber,
  brand: products.brand,
  price: products.price,
  stockLevel: products.stockLevel,
};
