// What the storefront's promotions quote ("Flap Discs from $3.49"), read from the catalogue when the
// page is rendered, never written into the copy (docs/product-rules.md, Reviews and honest
// figures). The page that shows them is a shared catalogue page, kept with its figures until the
// catalogue changes (server/catalog/cache/page-cache.ts).
import { and, eq, min } from "drizzle-orm";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { listedForBuyers } from "../products/visibility";

/** The lowest list price among the parts a subcategory lists, or null when it lists none. */
export async function lowestListPrice(
  category: string,
  subcategory: string,
  catalogue: CatalogueScope | null,
): Promise<string | null> {
  const [row] = await db()
    .select({ price: min(products.price) })
    .from(products)
    .where(and(eq(products.category, category), eq(products.subcategory, subcategory), listedForBuyers(catalogue)));
  return row?.price ?? null;
}

/** The home page's promotions' figures. */
export async function homePromotions(catalogue: CatalogueScope | null) {
  return { flapDiscsFrom: await lowestListPrice("abrasives", "flap-discs", catalogue) };
}
