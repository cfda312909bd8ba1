import { and, count, eq } from "drizzle-orm";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { listedForBuyers } from "../products/visibility";

/** How many products each subcategory of a category holds, keyed by subcategory slug. */
export async function subcategoryCounts(
  category: string,
  catalogue: CatalogueScope | null,
): Promise<Record<string, number>> {
  const rows = await db()
    .select({ subcategory: products.subcategory, total: count() })
    .from(products)
    .where(and(eq(products.category, category), listedForBuyers(catalogue)))
    .groupBy(products.subcategory);
  return Object.fromEntries(rows.map((row) => [row.subcategory, row.total]));
}
