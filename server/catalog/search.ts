// Finding products by what a buyer types: an exact part number first, then name, brand and
// part-number matches, tolerant of a typo (pg_trgm similarity).
import { desc, eq, ilike, or, sql } from "drizzle-orm";
import { db } from "../db/client";
import { products } from "../db/schema";
import { productCardColumns } from "./card-columns";
import { normalizedPartNumber, normalizePartNumber } from "./part-numbers";

export const SEARCH_PAGE_SIZE = 24;

/** The product whose part number is exactly this query (ignoring case, dashes and spaces), if any. */
export async function findByPartNumber(query: string) {
  const key = normalizePartNumber(query);
  if (!key) return null;
  const [product] = await db()
    .select({ slug: products.slug })
    .from(products)
    .where(eq(normalizedPartNumber, key))
    .limit(1);
  return product ?? null;
}

export async function searchProducts(query: string) {
  const text = query.trim();
  if (!text) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const key = normalizePartNumber(text);
  const similarity = sql<number>`greatest(similarity(${products.name}, ${text}), word_similarity(${text}, ${products.name}))`;
  return db()
    .select(productCardColumns)
    .from(products)
    .where(
      or(
        ilike(products.name, pattern),
        ilike(products.brand, pattern),
        ilike(products.partNumber, pattern),
        key ? sql`${normalizedPartNumber} like ${`%${key}%`}` : undefined,
        sql`${similarity} > 0.35`,
      ),
    )
    .orderBy(desc(sql`${normalizedPartNumber} = ${key}`), desc(similarity), products.name)
    .limit(SEARCH_PAGE_SIZE);
}
