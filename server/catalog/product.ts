// One product with everything its detail page shows.
import { asc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { productBulkTiers, products } from "../db/schema";

export async function getProductBySlug(slug: string) {
  const [product] = await db().select().from(products).where(eq(products.slug, slug)).limit(1);
  if (!product) return null;
  const tiers = await db()
    .select({ minQuantity: productBulkTiers.minQuantity, unitPrice: productBulkTiers.unitPrice })
    .from(productBulkTiers)
    .where(eq(productBulkTiers.productId, product.id))
    .orderBy(asc(productBulkTiers.minQuantity));
  return { ...product, tiers };
}
