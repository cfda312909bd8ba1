// Finding products by what a buyer types: an exact part number (or the one OEM number) first, then
// full-text matches on names, brands, part and OEM numbers and specifications (tsvector + GIN),
// with sizes in any of their forms and the operator's synonyms, and part-number fragments; the
// catalogue's spelling when that finds little; names within one typo (pg_trgm) when nothing else
// matches. The same on PGlite and PostgreSQL.
import { type AnyColumn, and, asc, desc, eq, type SQL, type Subquery, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type SearchParams, searchParamNames } from "../../../domain/catalog/search-params";
import { emptySpecState, type SpecFacet, type SpecState } from "../../../domain/catalog/spec-filters";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { keptPerDatabase } from "../../db/kept";
import { escapeLike } from "../../db/like";
import { products } from "../../db/schema";
import { catalogueBits, currentIndex } from "../index/current";
import { parseTsQuery } from "../index/tsquery";
import { productImage } from "../pages/card-columns";
import { normalizedPartNumber, normalizePartNumber } from "../products/part-numbers";
import { listedForBuyers, shownToBuyers } from "../products/visibility";
import {
  type CatalogQuery,
  type CatalogResults,
  findProducts,
  keepCommonPhrases,
  looksLikePartNumber,
  MIN_PART_FRAGMENT,
  type Mode,
  matching,
  productItemsQuery,
  queryText,
  typoMatches,
} from "./catalog-query";
import { printedTyped } from "./lexemes";
import { type PrefixQuery, prefixQuery } from "./prefix-query";
import type { SynonymGroups } from "./query-normalizer";
import { spellingDictionary } from "./search-vocabulary";
import { type ScopeAttribute, scopeAttributes } from "./spec-facets";
import { correctQuery } from "./spelling";

export const SEARCH_PAGE_SIZE = 24;
export const SUGGESTION_LIMIT = 8;

/**
 * The product whose part number is exactly this query (ignoring case, dashes and spaces), if any;
 * else the one product that lists it as an OEM or competitor number, with that number as listed.
 */
export async function findByPartNumber(
  query: string,
  catalogue: CatalogueScope | null,
): Promise<{ slug: string; replaces?: string } | null> {
  const key = normalizePartNumber(query);
  if (!key) return null;
  const [product] = await db()
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(normalizedPartNumber, key), shownToBuyers(catalogue)))
    .limit(1);
  if (product) return product;
  // A number several of our parts replace is a search, not one part.
  const replacing = await db()
    .select({ slug: products.slug, oemNumbers: products.oemNumbers })
    .from(products)
    .where(and(sql`oem_keys(${products.oemNumbers}) @> array[${key}]::text[]`, shownToBuyers(catalogue)))
    .limit(2);
  const [only] = replacing;
  if (!only || replacing.length > 1) return null;
  return { slug: only.slug, replaces: only.oemNumbers.find((number) => normalizePartNumber(number) === key) ?? query };
}

/** The spec filters of a search and the attributes they were read against (server/catalog/search/spec-facets.ts). */
export interface SearchSpec {
  spec: SpecState;
  attributes: ScopeAttribute[];
}

const noSpec: SearchSpec = { spec: emptySpecState, attributes: [] };

/** The search page's state as the catalogue's one query takes it: the first `page` pages, for Load More. */
const searchQuery = (
  { q, category, brand, stock, sort, page }: SearchParams,
  { spec, attributes }: SearchSpec,
  catalogue: CatalogueScope | null,
): CatalogQuery => ({
  catalogue,
  q,
  category,
  brand,
  inStock: stock === "in",
  sort,
  limit: SEARCH_PAGE_SIZE * page,
  spec,
  attributes,
  groupCounts: true,
});

/** The results query itself (the benchmark runs its SQL through pgbench). */
export function searchItemsQuery(
  params: SearchParams,
  mode: Mode = "words",
  synonyms: SynonymGroups = [],
  searchSpec: SearchSpec = noSpec,
) {
  return productItemsQuery(searchQuery(params, searchSpec, null), mode, synonyms);
}

export type SearchResults = CatalogResults;

/**
 * One page of results (the first `page` pages, for Load More), their total and the facets to
 * narrow them (category, brand and the spec filters): the catalogue's one query (catalog-query.ts)
 * with the words typed. Nothing typed finds nothing.
 */
export async function searchProducts(
  params: SearchParams,
  catalogue: CatalogueScope | null,
  searchSpec: SearchSpec = noSpec,
): Promise<SearchResults> {
  if (!queryText(params.q)) return { items: [], total: 0, categories: [], brands: [], facets: [] as SpecFacet[] };
  return findProducts(searchQuery(params, searchSpec, catalogue));
}

/** What a suggestion is made of, as a subquery carries it. */
const suggestionColumns = {
  slug: products.slug,
  name: products.name,
  partNumber: products.partNumber,
  brand: products.brand,
  price: products.price,
  category: products.category,
  images: products.images,
};

type Sortable = Parameters<typeof desc>[0];

/** Featured first, then the most reviewed: what buyers know, for any table or subquery with these. */
export const byPopularity = (from: { featured: Sortable; reviewCount: Sortable; partNumber: Sortable }) => [
  desc(from.featured),
  desc(from.reviewCount),
  asc(from.partNumber),
];

type Shown = "slug" | "name" | "partNumber" | "brand" | "price" | "category";

/** A suggestion, read from the products or from a subquery that carries its columns (its picture worked out only for the rows kept). */
const suggestionOf = <T extends Record<Shown, unknown> & { images: AnyColumn; slug: AnyColumn }>(
  from: T,
): Pick<T, Shown> & { image: SQL<string> } => ({
  slug: from.slug,
  name: from.name,
  partNumber: from.partNumber,
  brand: from.brand,
  price: from.price,
  category: from.category,
  image: productImage(from.images, from.slug),
});

// In the C collation a LIKE prefix and the order of part numbers both come from one btree.
const partKeyC = sql`(${products.partKey} collate "C")`;

// Walking the popularity index until enough matches turn up is quick when matches are many, but
// reads the whole catalogue when they are few or none ('abras' matches nothing: 300-500 ms on
// PGlite). So the walk stops after this many products, and rare words go through the word index.
const POPULAR_FIRST = 2_000;
// Matches of a word few popular products have, read through the word index before ranking them
// by popularity. Not only rare words come this way: 'san' has 18,680 matches at 100,000 products,
// none among the 2,000 most popular. Reading 5,000 of them took 24-65 ms, 1,000 take ~2 ms.
const RARE_WORD_MATCHES = 1_000;

/** Words as prefix terms, and-ed ('safety:* & gla:*'), in to_tsquery('english'). */
const englishPrefixes = (words: string[]) =>
  sql`to_tsquery('english', ${words.map((word) => `${word}:*`).join(" & ")})`;

/** What was typed, as a tsquery of its words and the last one's prefix (lexemes.ts's printedTyped prints it too). */
export function typedQuery(typed: PrefixQuery): SQL {
  const last =
    typed.shorter.length > 0
      ? sql`(${englishPrefixes([typed.last])} || to_tsquery('simple', ${typed.shorter.join(" | ")}))`
      : englishPrefixes([typed.last]);
  return sql`(${typed.before.length > 0 ? sql`${englishPrefixes(typed.before)} && ${last}` : last})`;
}

/** Whether a product's words match what was typed. */
const typedWords = (typed: PrefixQuery): SQL => sql`${products.searchVector} @@ ${typedQuery(typed)}`;

/**
 * The most popular matches of what was typed, from the catalogue's index in memory when one is
 * built and current; undefined otherwise (SQL finds them).
 */
async function indexedWordMatches(typed: PrefixQuery, limit: number, catalogue: CatalogueScope | null) {
  const index = currentIndex();
  if (!index) return undefined;
  const printed =
    (await printedTyped(typed)) ??
    (await db().execute<{ q: string }>(sql`select (${typedQuery(typed)})::text as q`)).rows[0]?.q;
  const tree = parseTsQuery(printed ?? "");
  const bits = catalogue ? await catalogueBits(index, catalogue) : null;
  const ids = tree ? index.suggest(tree, bits, limit) : [];
  return ids && suggestionsByIds(ids);
}

/** Names within a typo of what was typed, best first, from the catalogue's index; undefined without one. */
async function indexedTypoMatches(text: string, limit: number, catalogue: CatalogueScope | null) {
  const index = currentIndex();
  if (!index) return undefined;
  const typo = await typoMatches(index, text);
  if (!typo) return undefined;
  try {
    const ids = index.suggestWithinTypo(typo, catalogue ? await catalogueBits(index, catalogue) : null, limit);
    return ids && (await suggestionsByIds(ids));
  } finally {
    typo.dispose();
  }
}

/** The statement reading suggestions by id, built once per database and named, as a page of products is (catalog-query.ts's cardsByIds). */
const suggestionsOfIds = keptPerDatabase((database) =>
  database
    .select({ id: products.id, ...suggestionOf(products) })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("catalogue_suggestions_by_ids"),
);

/** Suggestions by their products' ids, in that order. */
async function suggestionsByIds(ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await suggestionsOfIds().execute({ ids });
  const byId = new Map(rows.map(({ id, ...suggestion }) => [id, suggestion]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The words typed before a last word of one character, for the word index to find; undefined when
 * the last word is longer or alone. As a prefix, one character names most of the index's words:
 * 'gw-4' took 10 ms to expand its '4:*' alone, and 'sanding d' 10 ms for 'd:*'.
 */
function wordsBeforeOneCharacter(typed: PrefixQuery): SQL | undefined {
  return typed.last.length === 1 && typed.before.length > 0
    ? sql`${products.searchVector} @@ ${englishPrefixes(typed.before)}`
    : undefined;
}

/** What orders the candidates for suggestions; the few kept are then read whole. */
const candidateColumns = {
  id: products.id,
  featured: products.featured,
  reviewCount: products.reviewCount,
  partNumber: products.partNumber,
};

/** A subquery of candidates: what orders them, and whether each matches. */
type Candidates = Subquery & Record<keyof typeof candidateColumns, PgColumn> & { matches: SQL.Aliased };

/** The products whose words match what was typed, the most popular first. */
async function popularWordMatches(typed: PrefixQuery, limit: number, catalogue: CatalogueScope | null) {
  const indexed = await indexedWordMatches(typed, limit, catalogue);
  if (indexed) return indexed;
  const hasTerms = typedWords(typed);

  // The most popular products first: a common word has its matches among them.
  const popular = db()
    .select({ ...candidateColumns, matches: hasTerms.as("matches") })
    .from(products)
    .where(listedForBuyers(catalogue))
    .orderBy(...byPopularity(products))
    .limit(POPULAR_FIRST)
    .as("popular");
  const amongPopular = await mostPopular(popular, limit);
  if (amongPopular.length === limit) return amongPopular;

  // A rare word: its matches through the word index, then the most popular. The limit bounds the
  // work and has the subquery planned on its own, so the planner cannot walk the popularity index.
  // A last word of one character is checked on the rows the words before it find.
  const before = wordsBeforeOneCharacter(typed);
  const rare = db()
    .select({ ...candidateColumns, matches: (before ? hasTerms : sql<boolean>`true`).as("matches") })
    .from(products)
    .where(and(before ?? hasTerms, listedForBuyers(catalogue)))
    .limit(RARE_WORD_MATCHES)
    .as("rare");
  return mostPopular(rare, limit);
}

/**
 * The `limit` most popular candidates that match, as suggestions. The candidates (up to thousands)
 * carry only their id and what orders them; the few kept are read whole, with their pictures.
 */
function mostPopular(candidates: Candidates, limit: number) {
  const best = db()
    .select({
      id: candidates.id,
      featured: candidates.featured,
      reviewCount: candidates.reviewCount,
      partNumber: candidates.partNumber,
    })
    .from(candidates)
    .where(sql`${candidates.matches}`)
    .orderBy(...byPopularity(candidates))
    .limit(limit)
    .as("best");
  return db()
    .select(suggestionOf(products))
    .from(best)
    .innerJoin(products, eq(products.id, best.id))
    .orderBy(...byPopularity(best));
}

/**
 * Suggestions as the buyer types: part numbers starting with what was typed (in part-number
 * order, so the exact one comes first); when none does, the most popular products whose words start
 * with it; names within one typo when neither finds anything. Each list is read in index order and
 * stops after a few rows, so a short prefix matching half the catalogue costs no more than a rare one.
 */
export async function suggestProducts(
  query: string,
  catalogue: CatalogueScope | null,
  limit = SUGGESTION_LIMIT,
): Promise<ProductSuggestion[]> {
  const text = queryText(query);
  if (text.length < 2) return [];
  const key = normalizePartNumber(text);
  const partLike = key.length >= MIN_PART_FRAGMENT && looksLikePartNumber(text);
  const terms = prefixQuery(text);
  const [replacing, byPart] = partLike
    ? await Promise.all([
        replacingParts(key, limit, catalogue),
        db()
          .select(suggestionOf(products))
          .from(products)
          .where(and(sql`${partKeyC} like ${`${escapeLike(key)}%`}`, shownToBuyers(catalogue)))
          .orderBy(partKeyC)
          .limit(limit),
      ])
    : [[], []];
  // A part-number prefix that some parts start with is what the buyer is after; its words would
  // find parts that merely share them: "gw-45" as 'gw' and '45' matches every GW wheel with an OEM
  // number beginning 45. The query's own option and its categories lead to those.
  const byWords = terms && byPart.length === 0 ? await popularWordMatches(terms, limit, catalogue) : [];
  // The part replacing an OEM number first, each product once.
  const found: ProductSuggestion[] = [];
  for (const product of [...replacing, ...byPart, ...byWords])
    if (!found.some((other) => other.slug === product.slug)) found.push(product);
  if (found.length > 0 || text.length < 4) return found.slice(0, limit);
  // Misspelt: the catalogue's spelling of each word (up to two typos a word), then names within one typo.
  const corrected = correctQuery(text, await spellingDictionary());
  const correctedTerms = corrected ? prefixQuery(corrected) : undefined;
  const byCorrection = correctedTerms ? await popularWordMatches(correctedTerms, limit, catalogue) : [];
  if (byCorrection.length > 0) return byCorrection;
  const byIndex = await indexedTypoMatches(text, limit, catalogue);
  if (byIndex) return byIndex;
  const { where, rank } = matching({ text, normalized: { words: text, groups: [] } }, "typo");
  return db()
    .select(suggestionOf(products))
    .from(products)
    .where(and(where, listedForBuyers(catalogue)))
    .orderBy(desc(rank), desc(products.reviewCount), asc(products.partNumber))
    .limit(limit);
}

export interface ProductSuggestion {
  slug: string;
  name: string;
  partNumber: string;
  brand: string;
  price: string;
  /** The category's slug. */
  category: string;
  /** The product's first picture, or its line drawing. */
  image: string;
  /** The OEM or competitor number the buyer typed, when this part replaces it. */
  replaces?: string;
}

// More parts than anyone lists against one OEM number.
const REPLACING_CANDIDATES = 1_000;

/** Our parts that list exactly this OEM or competitor number (a part-number key), with the number as they list it. */
async function replacingParts(
  key: string,
  limit: number,
  catalogue: CatalogueScope | null,
): Promise<ProductSuggestion[]> {
  // Found through the OEM-number index first, then ordered: asked for in part-number order at
  // once, the planner walks every part in that order calling oem_keys on each (590 ms at 100,000
  // parts when none matches). The limit has the subquery planned on its own.
  const replacing = db()
    .select({ ...suggestionColumns, oemNumbers: products.oemNumbers })
    .from(products)
    .where(and(sql`oem_keys(${products.oemNumbers}) @> array[${key}]::text[]`, shownToBuyers(catalogue)))
    .limit(REPLACING_CANDIDATES)
    .as("replacing");
  const rows = await db()
    .select({ ...suggestionOf(replacing), oemNumbers: replacing.oemNumbers })
    .from(replacing)
    .orderBy(asc(replacing.partNumber))
    .limit(limit);
  return rows.map(({ oemNumbers, ...product }) => ({
    ...product,
    replaces: oemNumbers.find((number) => normalizePartNumber(number) === key) ?? key,
  }));
}

// What a buyer's first searches ask, one of each way the index answers: a stop word (no words
// left to match), one common word (its products by their rank alone: the first such search took
// 30-60 ms at a million parts, 10-13 later), words by relevance, a synonym of several words, a
// misspelling, names within a typo, a size, a part-number fragment, a listing with its spec facets,
// the header's suggestions. Nothing here depends on the catalogue holding these words.
const WARM_UP_SEARCHES = [
  "in",
  "disc",
  "grinding wheel",
  "aluminum oxide",
  "grindng whel",
  "sandingbelt",
  "1/2 in",
  "gw-45",
];

/**
 * Asks the catalogue's index what a buyer's first searches ask, twice, so the first buyers are not
 * the ones who wait for its code to be compiled: the first searches after start-up took 40-200 ms
 * where the same ones took 10-20 ms a moment later. Kept besides: the common phrases (synonyms',
 * hyphenated words') and each character's prefix with their products (what the first buyers to
 * type them would wait for), and the printed queries' cache.
 */
export async function warmUpSearch(): Promise<void> {
  const index = currentIndex();
  if (index) {
    await keepCommonPhrases(index);
    index.keepPrefixesOfOneCharacter();
  }
  const attributes = await scopeAttributes(undefined, searchParamNames);
  for (let round = 0; round < 2; round++) {
    for (const q of WARM_UP_SEARCHES)
      await findProducts({
        catalogue: null,
        q,
        sort: "relevance",
        limit: SEARCH_PAGE_SIZE,
        attributes,
        groupCounts: true,
      });
    await findProducts({ catalogue: null, sort: "price-asc", limit: SEARCH_PAGE_SIZE, attributes, scopeTotal: true });
    await suggestProducts("gri", null);
  }
}
