// One product with everything its detail page shows.
import { and, asc, eq, getTableColumns, inArray } from "drizzle-orm";
import { productDrawingUrl } from "../../../domain/catalog/product-images";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { productBulkTiers, products } from "../../db/schema";
import { productSpecifications } from "../products/attributes";
import { listedForBuyers, shownToBuyers } from "../products/visibility";
import { isSlug } from "../seed/generator";
import { productCardColumns } from "./card-columns";
import { productFamily } from "./families";

/** The product as `catalogue` shows it (null: every part); null when it shows none of that slug. */
export async function getProductBySlug(slug: string, catalogue: CatalogueScope | null) {
  // Text from the URL that no product could have (a NUL the database refuses) finds none unasked.
  if (!isSlug(slug)) return null;
  // Everything but the search vector, which only the search index needs, and the specifications'
  // text, which the typed values replace on the page.
  const { searchVector: _, specifications: __, ...shownColumns } = getTableColumns(products);
  const [product] = await db()
    .select(shownColumns)
    .from(products)
    .where(and(eq(products.slug, slug), shownToBuyers(catalogue)))
    .limit(1);
  if (!product) return null;
  const [tiers, related, specifications, family] = await Promise.all([
    db()
      .select({ minQuantity: productBulkTiers.minQuantity, unitPrice: productBulkTiers.unitPrice })
      .from(productBulkTiers)
      .where(eq(productBulkTiers.productId, product.id))
      .orderBy(asc(productBulkTiers.minQuantity)),
    product.relatedProducts.length > 0
      ? db()
          .select(productCardColumns)
          .from(products)
          .where(and(inArray(products.partNumber, product.relatedProducts), listedForBuyers(catalogue)))
          .orderBy(asc(products.partNumber))
      : Promise.resolve([]),
    productSpecifications(db(), product.id),
    productFamily(product, catalogue),
  ]);
  // A product with no picture of its own shows its line drawing.
  const images = product.images.length > 0 ? product.images : [productDrawingUrl(product.slug)];
  return { ...product, images, tiers, related, specifications, family };
}
