// Finding products by what a buyer types: an exact part number first, then full-text matches on
// names, brands, part and OEM numbers and specifications (tsvector + GIN), part-number fragments
// and one-typo names (pg_trgm). The same on PGlite and PostgreSQL.
import { and, asc, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { SearchParams } from "../../app/lib/search-params";
import { db } from "../db/client";
import { products } from "../db/schema";
import { productCardColumns } from "./card-columns";
import { normalizedPartNumber, normalizePartNumber } from "./part-numbers";

export const SEARCH_PAGE_SIZE = 24;
export const SUGGESTION_LIMIT = 8;
// Part-number fragments shorter than this match too much to be useful.
const MIN_PART_FRAGMENT = 3;

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words as prefix terms for as-you-type matching: "grind whe" finds "grinding wheel". */
function prefixQuery(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words
    .slice(0, 8)
    .map((word) => `${word}:*`)
    .join(" & ");
}

/** What a query matches, and how well: the conditions both results and suggestions share. */
function matching(text: string, { prefix }: { prefix: boolean }) {
  const key = normalizePartNumber(text);
  const terms = prefixQuery(text);
  const tsquery = !prefix
    ? sql`websearch_to_tsquery('english', ${text})`
    : terms
      ? sql`to_tsquery('english', ${terms})`
      : sql`''::tsquery`;
  const fullText = sql`${products.searchVector} @@ ${tsquery}`;
  const partFragment =
    key.length >= MIN_PART_FRAGMENT ? sql`${normalizedPartNumber} like ${`%${escapeLike(key)}%`}` : undefined;
  // One typo in a name: trigram word similarity (the GIN trigram index serves `<%`).
  const typo = text.length >= 4 ? sql`${text} <% ${products.name}` : undefined;
  const where = sql`(${sql.join([fullText, partFragment, typo].filter(Boolean) as SQL[], sql` or `)})`;
  const rank = sql<number>`(case when ${normalizedPartNumber} = ${key} then 100 when ${normalizedPartNumber} like ${`${escapeLike(key)}%`} and ${key.length >= MIN_PART_FRAGMENT} then 50 else 0 end) + ts_rank_cd(${products.searchVector}, ${tsquery}) + word_similarity(${text}, ${products.name}) + similarity(${text}, ${products.name}) + (case when ${products.featured} then 0.2 else 0 end)`;
  return { where, rank };
}

const orderings = {
  relevance: (rank: SQL<number>) => [desc(rank), asc(products.name), asc(products.partNumber)],
  "price-asc": () => [asc(products.price), asc(products.name), asc(products.partNumber)],
  "price-desc": () => [desc(products.price), asc(products.name), asc(products.partNumber)],
  "rating-desc": () => [desc(products.rating), desc(products.reviewCount), asc(products.partNumber)],
} as const;

function searchConditions({ q, category, brand, stock }: SearchParams) {
  const { where, rank } = matching(q.trim(), { prefix: false });
  const inStock = stock === "in" ? gt(products.stockLevel, 0) : undefined;
  const filtered = and(
    where,
    inStock,
    category ? eq(products.category, category) : undefined,
    brand ? eq(products.brand, brand) : undefined,
  );
  return { where, rank, inStock, filtered };
}

/** The results query itself (the benchmark runs its SQL through pgbench). */
export function searchItemsQuery(params: SearchParams) {
  const { rank, filtered } = searchConditions(params);
  return db()
    .select(productCardColumns)
    .from(products)
    .where(filtered)
    .orderBy(...orderings[params.sort](rank))
    .limit(SEARCH_PAGE_SIZE * params.page);
}

/** One page of results (the first `page` pages, for Load More), their total and the facets to narrow them. */
export async function searchProducts(params: SearchParams) {
  const { category, brand } = params;
  if (!params.q.trim()) return { items: [], total: 0, categories: [], brands: [] };
  const { where, inStock, filtered } = searchConditions(params);
  const [items, [total], categories, brands] = await Promise.all([
    searchItemsQuery(params),
    db().select({ total: count() }).from(products).where(filtered),
    db()
      .select({ value: products.category, total: count() })
      .from(products)
      .where(and(where, inStock, brand ? eq(products.brand, brand) : undefined))
      .groupBy(products.category)
      .orderBy(desc(count()), asc(products.category)),
    db()
      .select({ value: products.brand, total: count() })
      .from(products)
      .where(and(where, inStock, category ? eq(products.category, category) : undefined))
      .groupBy(products.brand)
      .orderBy(desc(count()), asc(products.brand)),
  ]);
  return { items, total: total?.total ?? 0, categories, brands };
}

/** Suggestions as the buyer types: the best few products for the words so far. */
export async function suggestProducts(query: string, limit = SUGGESTION_LIMIT) {
  const text = query.trim();
  if (text.length < 2) return [];
  const { where, rank } = matching(text, { prefix: true });
  return db()
    .select({
      slug: products.slug,
      name: products.name,
      partNumber: products.partNumber,
      brand: products.brand,
      price: products.price,
    })
    .from(products)
    .where(where)
    .orderBy(desc(rank), desc(products.reviewCount), asc(products.partNumber))
    .limit(limit);
}
