// One product with everything its detail page shows.
import { asc, eq, getTableColumns, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { productBulkTiers, products } from "../db/schema";
import { productSpecifications } from "./attributes";
import { productCardColumns } from "./card-columns";
import { isSlug } from "./generator";

export async function getProductBySlug(slug: string) {
  // Text from the URL that no product could have (a NUL the database refuses) finds none unasked.
  if (!isSlug(slug)) return null;
  // Everything but the search vector, which only the search index needs, and the specifications'
  // text, which the typed values replace on the page.
  const { searchVector: _, specifications: __, ...shownColumns } = getTableColumns(products);
  const [product] = await db().select(shownColumns).from(products).where(eq(products.slug, slug)).limit(1);
  if (!product) return null;
  const [tiers, related, specifications] = await Promise.all([
    db()
      .select({ minQuantity: productBulkTiers.minQuantity, unitPrice: productBulkTiers.unitPrice })
      .from(productBulkTiers)
      .where(eq(productBulkTiers.productId, product.id))
      .orderBy(asc(productBulkTiers.minQuantity)),
    product.relatedProducts.length > 0
      ? db()
          .select(productCardColumns)
          .from(products)
          .where(inArray(products.partNumber, product.relatedProducts))
          .orderBy(asc(products.partNumber))
      : Promise.resolve([]),
    productSpecifications(db(), product.id),
  ]);
  return { ...product, tiers, related, specifications };
}
