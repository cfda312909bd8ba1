// Finding products by what a buyer types: an exact part number (or the one OEM number) first, then
// full-text matches on names, brands, part and OEM numbers and specifications (tsvector + GIN),
// with sizes in any of their forms and the operator's synonyms, and part-number fragments; the
// catalogue's spelling when that finds little; names within one typo (pg_trgm) when nothing else
// matches. The same on PGlite and PostgreSQL.
import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { emptySpecState, type SpecFacet, type SpecState } from "../../app/lib/catalog/spec-filters";
import { plainText } from "../../app/lib/plain-text";
import { MAX_QUERY_LENGTH, type SearchParams } from "../../app/lib/search-params";
import { db } from "../db/client";
import { escapeLike } from "../db/like";
import { products } from "../db/schema";
import { productCardColumns } from "./card-columns";
import { normalizedPartNumber, normalizePartNumber } from "./part-numbers";
import { prefixQuery } from "./prefix-query";
import { type NormalizedQuery, normalizeQuery, type SynonymGroups } from "./query-normalizer";
import { searchSynonymGroups, spellingDictionary } from "./search-vocabulary";
import { type ScopeAttribute, specFacets, specWhere } from "./spec-facets";
import { correctQuery } from "./spelling";
import { listedForBuyers, shownToBuyers } from "./visibility";

export const SEARCH_PAGE_SIZE = 24;
export const SUGGESTION_LIMIT = 8;
// Part-number fragments shorter than this match too much to be useful.
const MIN_PART_FRAGMENT = 3;

/**
 * The product whose part number is exactly this query (ignoring case, dashes and spaces), if any;
 * else the one product that lists it as an OEM or competitor number, with that number as listed.
 */
export async function findByPartNumber(query: string): Promise<{ slug: string; replaces?: string } | null> {
  const key = normalizePartNumber(query);
  if (!key) return null;
  const [product] = await db()
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(normalizedPartNumber, key), shownToBuyers))
    .limit(1);
  if (product) return product;
  // A number several of our parts replace is a search, not one part.
  const replacing = await db()
    .select({ slug: products.slug, oemNumbers: products.oemNumbers })
    .from(products)
    .where(and(sql`oem_keys(${products.oemNumbers}) @> array[${key}]::text[]`, shownToBuyers))
    .limit(2);
  const [only] = replacing;
  if (!only || replacing.length > 1) return null;
  return { slug: only.slug, replaces: only.oemNumbers.find((number) => normalizePartNumber(number) === key) ?? query };
}

/** A query that could be (part of) a part number: a digit in it, and at most two words. */
const looksLikePartNumber = (text: string) => /\d/.test(text) && text.split(/\s+/).length <= 2;

type Mode = "words" | "typo";

/** A query ready to match: what the buyer typed (cleaned), and its sizes and synonyms as groups. */
interface Prepared {
  text: string;
  normalized: NormalizedQuery;
}

async function prepare(text: string): Promise<Prepared> {
  return { text, normalized: normalizeQuery(text, await searchSynonymGroups()) };
}

/** The words as websearch reads them, and-ed with each group's phrases or-ed. */
function tsQueryOf({ text, normalized }: Prepared): SQL {
  const parts = normalized.words ? [sql`websearch_to_tsquery('english', ${normalized.words})`] : [];
  for (const group of normalized.groups)
    parts.push(
      sql`(${sql.join(
        group.map((phrase) => sql`phraseto_tsquery('english', ${phrase})`),
        sql` || `,
      )})`,
    );
  return parts.length > 0 ? sql`(${sql.join(parts, sql` && `)})` : sql`websearch_to_tsquery('english', ${text})`;
}

/**
 * What a query matches, and how well. "words" matches the full-text index (sizes and synonyms
 * in any of their forms) and, for part-number-like queries, part-number fragments; "typo" is the
 * fallback when that finds nothing: names within one typo (pg_trgm word similarity). Ranks are
 * kept cheap to compute, since they are computed for every match.
 */
function matching(prepared: Prepared, mode: Mode) {
  const { text } = prepared;
  const key = normalizePartNumber(text);
  const partBoost = sql<number>`(case when ${normalizedPartNumber} = ${key} then 100 when ${normalizedPartNumber} like ${`${escapeLike(key)}%`} then 50 else 0 end)`;
  const featured = sql<number>`(case when ${products.featured} then 0.5 else 0 end)`;
  if (mode === "typo") {
    return {
      where: sql`${text} <% ${products.name}`,
      rank: sql<number>`word_similarity(${text}, ${products.name}) + ${featured}`,
    };
  }
  const tsquery = tsQueryOf(prepared);
  const fullText = sql`${products.searchVector} @@ ${tsquery}`;
  const partFragment =
    key.length >= MIN_PART_FRAGMENT && looksLikePartNumber(text)
      ? sql`${normalizedPartNumber} like ${`%${escapeLike(key)}%`}`
      : undefined;
  return {
    where: partFragment ? sql`(${fullText} or ${partFragment})` : fullText,
    rank: sql<number>`${partBoost} + ts_rank_cd(${products.searchVector}, ${tsquery}) + ${featured}`,
  };
}

const orderings = {
  relevance: (rank: SQL<number>) => [desc(rank), asc(products.name), asc(products.partNumber)],
  "price-asc": () => [asc(products.price), asc(products.name), asc(products.partNumber)],
  "price-desc": () => [desc(products.price), asc(products.name), asc(products.partNumber)],
  "rating-desc": () => [desc(products.rating), desc(products.reviewCount), asc(products.partNumber)],
} as const;

/**
 * What a buyer typed, as the query language takes it: control characters (NUL above all, which
 * PostgreSQL refuses) become spaces, and a query is cut at its length limit (no word then passes
 * the 2 KB tsquery limit, and a typo match costs no more than for a query typed in full).
 */
const queryText = (query: string) => plainText(query).trim().slice(0, MAX_QUERY_LENGTH);

/** The spec filters of a search and the attributes they were read against (server/catalog/spec-facets.ts). */
export interface SearchSpec {
  spec: SpecState;
  attributes: ScopeAttribute[];
}

const noSpec: SearchSpec = { spec: emptySpecState, attributes: [] };

function searchConditions(
  { category, brand, stock }: SearchParams,
  prepared: Prepared,
  mode: Mode,
  { spec, attributes }: SearchSpec,
) {
  const { where, rank } = matching(prepared, mode);
  const inStock = stock === "in" ? gt(products.stockLevel, 0) : undefined;
  const inCategory = category ? eq(products.category, category) : undefined;
  const ofBrand = brand ? eq(products.brand, brand) : undefined;
  const bySpec = specWhere(spec, attributes);
  return {
    matches: and(where, listedForBuyers) as SQL,
    where: and(where, inStock, listedForBuyers, bySpec) as SQL,
    rank,
    inStock,
    inCategory,
    ofBrand,
    filtered: and(where, inStock, listedForBuyers, inCategory, ofBrand, bySpec),
  };
}

/** The results query itself (the benchmark runs its SQL through pgbench). */
export function searchItemsQuery(
  params: SearchParams,
  mode: Mode = "words",
  synonyms: SynonymGroups = [],
  searchSpec: SearchSpec = noSpec,
) {
  const text = queryText(params.q);
  return itemsQuery(params, { text, normalized: normalizeQuery(text, synonyms) }, mode, searchSpec);
}

function itemsQuery(params: SearchParams, prepared: Prepared, mode: Mode, searchSpec: SearchSpec) {
  const { rank, filtered } = searchConditions(params, prepared, mode, searchSpec);
  return db()
    .select(productCardColumns)
    .from(products)
    .where(filtered)
    .orderBy(...orderings[params.sort](rank))
    .limit(SEARCH_PAGE_SIZE * params.page);
}

/**
 * The total and both facets in one pass over the matches: each facet counts with the other
 * facet's filter applied but not its own, so a buyer can switch category or brand.
 */
async function countsAndFacets(params: SearchParams, prepared: Prepared, mode: Mode, searchSpec: SearchSpec) {
  const { where, inCategory, ofBrand } = searchConditions(params, prepared, mode, searchSpec);
  const rows = await db()
    .select({
      category: products.category,
      brand: products.brand,
      level: sql<number>`grouping(${products.category}, ${products.brand})::int`,
      forCategory: sql<number>`(count(*) filter (where ${ofBrand ?? sql`true`}))::int`,
      forBrand: sql<number>`(count(*) filter (where ${inCategory ?? sql`true`}))::int`,
      total: sql<number>`(count(*) filter (where ${and(inCategory, ofBrand) ?? sql`true`}))::int`,
    })
    .from(products)
    .where(where)
    .groupBy(sql`grouping sets ((${products.category}), (${products.brand}), ())`);
  const facet = (entries: { value: string; total: number }[]) =>
    entries.filter((entry) => entry.total > 0).sort((a, b) => b.total - a.total || a.value.localeCompare(b.value));
  return {
    total: rows.find((row) => row.level === 3)?.total ?? 0,
    categories: facet(
      rows.filter((row) => row.level === 1).map((row) => ({ value: row.category, total: row.forCategory })),
    ),
    brands: facet(rows.filter((row) => row.level === 2).map((row) => ({ value: row.brand, total: row.forBrand }))),
  };
}

/** The spec facets of what the query matches: every value the matches have, counted with the other filters. */
function searchSpecFacets(params: SearchParams, prepared: Prepared, mode: Mode, searchSpec: SearchSpec) {
  const { matches, inStock, inCategory, ofBrand } = searchConditions(params, prepared, mode, searchSpec);
  return specFacets({
    scope: matches,
    fixed: and(inStock, inCategory, ofBrand),
    ...searchSpec,
    definedChoices: false,
  });
}

async function resultsFor(params: SearchParams, prepared: Prepared, mode: Mode, searchSpec: SearchSpec) {
  const [items, counts, facets] = await Promise.all([
    itemsQuery(params, prepared, mode, searchSpec),
    countsAndFacets(params, prepared, mode, searchSpec),
    searchSpecFacets(params, prepared, mode, searchSpec),
  ]);
  return { items, ...counts, facets };
}

// A query finding fewer products than this may be misspelt: its correction is tried.
export const FEW_RESULTS = 3;

export interface SearchResults extends Awaited<ReturnType<typeof resultsFor>> {
  /** A spelling that finds more: offered as a link, or (when the query found nothing) already shown. */
  correction?: { query: string; shown: boolean };
}

/**
 * One page of results (the first `page` pages, for Load More), their total and the facets to
 * narrow them (category, brand and the spec filters). Words first (sizes and synonyms understood);
 * when they find little, the query with each word spelt as the catalogue spells it (up to two
 * typos a word); when still nothing, names within one typo.
 */
export async function searchProducts(params: SearchParams, searchSpec: SearchSpec = noSpec): Promise<SearchResults> {
  const text = queryText(params.q);
  if (!text) return { items: [], total: 0, categories: [], brands: [], facets: [] as SpecFacet[] };
  const found = await resultsFor(params, await prepare(text), "words", searchSpec);
  const matched = found.total > 0 || found.categories.length > 0 || found.facets.length > 0;
  if (found.total >= FEW_RESULTS) return found;
  const corrected = correctQuery(text, await spellingDictionary());
  if (corrected) {
    const better = await resultsFor(params, await prepare(corrected), "words", searchSpec);
    if (better.total > found.total) {
      return matched
        ? { ...found, correction: { query: corrected, shown: false } }
        : { ...better, correction: { query: corrected, shown: true } };
    }
  }
  return matched ? found : resultsFor(params, await prepare(text), "typo", searchSpec);
}

const suggestionColumns = {
  slug: products.slug,
  name: products.name,
  partNumber: products.partNumber,
  brand: products.brand,
  price: products.price,
};

type Sortable = Parameters<typeof desc>[0];

/** Featured first, then the most reviewed: what buyers know, for any table or subquery with these. */
const byPopularity = (from: { featured: Sortable; reviewCount: Sortable; partNumber: Sortable }) => [
  desc(from.featured),
  desc(from.reviewCount),
  asc(from.partNumber),
];

/** The suggestion's columns, read from a subquery that carries them. */
const suggestionFrom = <T extends Record<keyof typeof suggestionColumns, unknown>>(
  from: T,
): Pick<T, keyof typeof suggestionColumns> => ({
  slug: from.slug,
  name: from.name,
  partNumber: from.partNumber,
  brand: from.brand,
  price: from.price,
});

// In the C collation a LIKE prefix and the order of part numbers both come from one btree.
const partKeyC = sql`(${products.partKey} collate "C")`;

// Walking the popularity index until enough matches turn up is quick when matches are many, but
// reads the whole catalogue when they are few or none ('abras' matches nothing: 300-500 ms on
// PGlite). So the walk stops after this many products, and rare words go through the word index.
const POPULAR_FIRST = 2_000;
// A word with fewer than a handful of matches among those has at most a few hundred in all.
const RARE_WORD_MATCHES = 5_000;

/** The most popular products whose words match `terms`, a prefix tsquery. */
async function popularWordMatches(terms: string, limit: number) {
  const hasTerms = sql<boolean>`${products.searchVector} @@ to_tsquery('english', ${terms})`;
  const candidateColumns = { ...suggestionColumns, featured: products.featured, reviewCount: products.reviewCount };

  // The most popular products first: a common word has its matches among them.
  const popular = db()
    .select({ ...candidateColumns, matches: hasTerms.as("matches") })
    .from(products)
    .where(listedForBuyers)
    .orderBy(...byPopularity(products))
    .limit(POPULAR_FIRST)
    .as("popular");
  const amongPopular = await db()
    .select(suggestionFrom(popular))
    .from(popular)
    .where(sql`${popular.matches}`)
    .orderBy(...byPopularity(popular))
    .limit(limit);
  if (amongPopular.length === limit) return amongPopular;

  // A rare word: its matches through the word index, then the most popular. The limit bounds the
  // work and has the subquery planned on its own, so the planner cannot walk the popularity index.
  const rare = db()
    .select(candidateColumns)
    .from(products)
    .where(and(hasTerms, listedForBuyers))
    .limit(RARE_WORD_MATCHES)
    .as("rare");
  return db()
    .select(suggestionFrom(rare))
    .from(rare)
    .orderBy(...byPopularity(rare))
    .limit(limit);
}

/**
 * Suggestions as the buyer types: part numbers starting with what was typed (in part-number
 * order, so the exact one comes first), then the most popular products whose words start with
 * it; names within one typo when neither finds anything. Each list is read in index order and
 * stops after a few rows, so a short prefix matching half the catalogue costs no more than a rare one.
 */
export async function suggestProducts(query: string, limit = SUGGESTION_LIMIT): Promise<ProductSuggestion[]> {
  const text = queryText(query);
  if (text.length < 2) return [];
  const key = normalizePartNumber(text);
  const partLike = key.length >= MIN_PART_FRAGMENT && looksLikePartNumber(text);
  const terms = prefixQuery(text);
  const [replacing, byPart] = partLike
    ? await Promise.all([
        replacingParts(key, limit),
        db()
          .select(suggestionColumns)
          .from(products)
          .where(and(sql`${partKeyC} like ${`${escapeLike(key)}%`}`, shownToBuyers))
          .orderBy(partKeyC)
          .limit(limit),
      ])
    : [[], []];
  // A part-number prefix that fills the list is what the buyer is after; its words ("gw", "100")
  // would match half the catalogue's specifications for nothing.
  const byWords = terms && byPart.length < limit ? await popularWordMatches(terms, limit) : [];
  // The part replacing an OEM number first, each product once.
  const found: ProductSuggestion[] = [];
  for (const product of [...replacing, ...byPart, ...byWords])
    if (!found.some((other) => other.slug === product.slug)) found.push(product);
  if (found.length > 0 || text.length < 4) return found.slice(0, limit);
  // Misspelt: the catalogue's spelling of each word (up to two typos a word), then names within one typo.
  const corrected = correctQuery(text, await spellingDictionary());
  const correctedTerms = corrected ? prefixQuery(corrected) : "";
  const byCorrection = correctedTerms ? await popularWordMatches(correctedTerms, limit) : [];
  if (byCorrection.length > 0) return byCorrection;
  const { where, rank } = matching({ text, normalized: { words: text, groups: [] } }, "typo");
  return db()
    .select(suggestionColumns)
    .from(products)
    .where(and(where, listedForBuyers))
    .orderBy(desc(rank), desc(products.reviewCount), asc(products.partNumber))
    .limit(limit);
}

export interface ProductSuggestion {
  slug: string;
  name: string;
  partNumber: string;
  brand: string;
  price: string;
  /** The OEM or competitor number the buyer typed, when this part replaces it. */
  replaces?: string;
}

/** Our parts that list exactly this OEM or competitor number (a part-number key), with the number as they list it. */
async function replacingParts(key: string, limit: number): Promise<ProductSuggestion[]> {
  const rows = await db()
    .select({ ...suggestionColumns, oemNumbers: products.oemNumbers })
    .from(products)
    .where(and(sql`oem_keys(${products.oemNumbers}) @> array[${key}]::text[]`, shownToBuyers))
    .orderBy(asc(products.partNumber))
    .limit(limit);
  return rows.map(({ oemNumbers, ...product }) => ({
    ...product,
    replaces: oemNumbers.find((number) => normalizePartNumber(number) === key) ?? key,
  }));
}
