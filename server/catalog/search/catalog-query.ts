// The one query behind every list of the catalogue's products: category listings, search results
// and GET /api/v1/products (docs/decisions/catalogue-api.md). What a buyer typed (full text with
// sizes and synonyms, part-number fragments, the catalogue's spelling, names within one typo), the
// category or subcategory, brand, stock and spec filters narrow the listed products; one of the
// orderings sorts them; the counts and facets come with them, each facet counted with the other
// filters applied but not its own. The same on PGlite and PostgreSQL.
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { MAX_QUERY_LENGTH } from "../../../domain/catalog/search-params";
import { emptySpecState, type SpecState } from "../../../domain/catalog/spec-filters";
import { plainText } from "../../../domain/text/plain-text";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { keptPerDatabase } from "../../db/kept";
import { escapeLike } from "../../db/like";
import { products } from "../../db/schema";
import { logger } from "../../logger";
import type { CatalogueIndex, IndexQuery } from "../index/catalogue-index";
import { catalogueBits, currentIndex, indexStats } from "../index/current";
import { needsPostgres, parseTsQuery, type TsNode } from "../index/tsquery";
import { productCardColumns } from "../pages/card-columns";
import { normalizedPartNumber, normalizePartNumber } from "../products/part-numbers";
import { listedForBuyers } from "../products/visibility";
import { printedNormalized } from "./lexemes";
import { type NormalizedQuery, normalizeQuery, type SynonymGroups } from "./query-normalizer";
import { searchSynonymGroups, spellingDictionary } from "./search-vocabulary";
import { facetsFromRows, type ScopeAttribute, specFacets, specWhere } from "./spec-facets";
import { correctQuery } from "./spelling";

// Part-number fragments shorter than this match too much to be useful.
export const MIN_PART_FRAGMENT = 3;

/** A query that could be (part of) a part number: a digit in it, and at most two words. */
export const looksLikePartNumber = (text: string) => /\d/.test(text) && text.split(/\s+/).length <= 2;

/**
 * What a buyer typed, as the query language takes it: control characters (NUL above all, which
 * PostgreSQL refuses) become spaces, and a query is cut at its length limit (no word then passes
 * the 2 KB tsquery limit, and a typo match costs no more than for a query typed in full).
 */
export const queryText = (query: string) => plainText(query).trim().slice(0, MAX_QUERY_LENGTH);

export type Mode = "words" | "typo";

/** A query ready to match: what the buyer typed (cleaned), and its sizes and synonyms as groups. */
export interface Prepared {
  text: string;
  normalized: NormalizedQuery;
}

export async function prepare(text: string): Promise<Prepared> {
  return { text, normalized: normalizeQuery(text, await searchSynonymGroups()) };
}

/** The words as websearch reads them, and-ed with each group's phrases or-ed (bench/in-memory-index.ts reads it too). */
export function tsQueryOf({ normalized }: Prepared): SQL {
  // The words' query, also when no words and no groups are left (then it matches nothing): never
  // the raw text, which may hold what normalizeQuery took out.
  const parts =
    normalized.words || normalized.groups.length === 0
      ? [sql`websearch_to_tsquery('english', ${normalized.words})`]
      : [];
  for (const group of normalized.groups)
    parts.push(
      sql`(${sql.join(
        group.map((phrase) => sql`phraseto_tsquery('english', ${phrase})`),
        sql` || `,
      )})`,
    );
  return sql`(${sql.join(parts, sql` && `)})`;
}

/**
 * What a query matches, and how well. "words" matches the full-text index (sizes and synonyms
 * in any of their forms) and, for part-number-like queries, part-number fragments; "typo" is the
 * fallback when that finds nothing: names within one typo (pg_trgm word similarity). Ranks are
 * kept cheap to compute, since they are computed for every match.
 */
export function matching(prepared: Prepared, mode: Mode) {
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

export const catalogSorts = ["relevance", "featured", "price-asc", "price-desc", "rating-desc", "name"] as const;
export type CatalogSort = (typeof catalogSorts)[number];

// The store's featured parts, then the most reviewed: a listing's own order, and "relevance"
// when nothing was typed to be relevant to.
const featuredFirst = [
  desc(products.featured),
  desc(products.reviewCount),
  asc(products.name),
  asc(products.partNumber),
];

/** How each sort orders the products (the catalogue index reads its sort orders with these too). */
export const orderings: Record<CatalogSort, (rank: SQL<number> | undefined) => SQL[]> = {
  relevance: (rank) => (rank ? [desc(rank), asc(products.name), asc(products.partNumber)] : featuredFirst),
  featured: () => featuredFirst,
  "price-asc": () => [asc(products.price), asc(products.name), asc(products.partNumber)],
  "price-desc": () => [desc(products.price), asc(products.name), asc(products.partNumber)],
  "rating-desc": () => [
    desc(products.rating),
    desc(products.reviewCount),
    asc(products.name),
    asc(products.partNumber),
  ],
  name: () => [asc(products.name), asc(products.partNumber)],
};

/** What to list: every field optional but the sort and how many. */
export interface CatalogQuery {
  /** The buyer's company's catalogue (null: every part). */
  catalogue: CatalogueScope | null;
  /** What the buyer typed; empty or absent lists without matching words. */
  q?: string;
  category?: string;
  subcategory?: string;
  brand?: string;
  inStock?: boolean;
  sort: CatalogSort;
  /** Products skipped (an API page's start) and products listed. */
  offset?: number;
  limit: number;
  /** The spec filters and the attributes they were read against (readSpecFilters). */
  spec?: SpecState;
  attributes?: ScopeAttribute[];
  /** Count the matches per category and per brand (search results and the API show these). */
  groupCounts?: boolean;
  /** Count every listed product of the category or subcategory, whatever the filters (a listing's "All Products"). */
  scopeTotal?: boolean;
}

export interface Matcher {
  prepared: Prepared;
  mode: Mode;
}

function conditions(query: CatalogQuery, matcher: Matcher | undefined) {
  const match = matcher ? matching(matcher.prepared, matcher.mode) : undefined;
  const inCategory = query.category ? eq(products.category, query.category) : undefined;
  const inSubcategory = query.subcategory ? eq(products.subcategory, query.subcategory) : undefined;
  const ofBrand = query.brand ? eq(products.brand, query.brand) : undefined;
  const inStock = query.inStock ? gt(products.stockLevel, 0) : undefined;
  const bySpec = specWhere(query.spec ?? emptySpecState, query.attributes ?? []);
  const matches = and(match?.where, listedForBuyers(query.catalogue)) as SQL;
  return {
    rank: match?.rank,
    inCategory,
    ofBrand,
    /** What the words match, in the category or subcategory: the values spec facets list. */
    scope: and(matches, inCategory, inSubcategory) as SQL,
    /** Everything but category and brand, which the group counts apply one at a time. */
    beforeGroups: and(matches, inSubcategory, inStock, bySpec) as SQL,
    /** Every filter: the products listed and counted. */
    where: and(matches, inCategory, inSubcategory, ofBrand, inStock, bySpec) as SQL,
    inStock,
  };
}

/** The products listed, in order (the benchmark runs its SQL through pgbench). */
function itemsQuery(query: CatalogQuery, matcher: Matcher | undefined) {
  const { where, rank } = conditions(query, matcher);
  return db()
    .select(productCardColumns)
    .from(products)
    .where(where)
    .orderBy(...orderings[query.sort](rank))
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

export interface GroupCount {
  value: string;
  total: number;
}

/** Groups with matches, the largest first. */
const group = (entries: GroupCount[]) =>
  entries.filter((entry) => entry.total > 0).sort((a, b) => b.total - a.total || a.value.localeCompare(b.value));

/**
 * The total, and with `groupCounts` the category and brand counts, in one pass over the matches:
 * each group counts with the other group's filter applied but not its own, so a buyer can switch
 * category or brand.
 */
async function totals(
  query: CatalogQuery,
  matcher: Matcher | undefined,
): Promise<{ total: number; categories: GroupCount[]; brands: GroupCount[] }> {
  const { where, beforeGroups, inCategory, ofBrand } = conditions(query, matcher);
  if (!query.groupCounts) {
    const [row] = await db().select({ total: count() }).from(products).where(where);
    return { total: row?.total ?? 0, categories: [], brands: [] };
  }
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
    .where(beforeGroups)
    .groupBy(sql`grouping sets ((${products.category}), (${products.brand}), ())`);
  return {
    total: rows.find((row) => row.level === 3)?.total ?? 0,
    categories: group(
      rows.filter((row) => row.level === 1).map((row) => ({ value: row.category, total: row.forCategory })),
    ),
    brands: group(rows.filter((row) => row.level === 2).map((row) => ({ value: row.brand, total: row.forBrand }))),
  };
}

/**
 * The spec facets: every value the products in scope have, counted with the other filters. A
 * listing (nothing typed) lists a choice no part has yet too, at 0; a search only what it matched.
 */
function facetsOf(query: CatalogQuery, matcher: Matcher | undefined) {
  const { scope, ofBrand, inStock } = conditions(query, matcher);
  return specFacets({
    scope,
    fixed: and(inStock, ofBrand),
    spec: query.spec ?? emptySpecState,
    attributes: query.attributes ?? [],
    definedChoices: matcher === undefined,
  });
}

// What PostgreSQL made of each query's words, printed: the index matches that very query.
const printedQueries = new Map<string, string>();
const PRINTED_KEPT = 2_000;

async function printedQuery(prepared: Prepared) {
  // Plain words, sizes and synonyms: printed from their lexemes, as PostgreSQL would.
  const local = await printedNormalized(prepared.normalized);
  if (local !== undefined) return local;
  const key = JSON.stringify(prepared.normalized);
  let printed = printedQueries.get(key);
  if (printed === undefined) {
    const result = await db().execute<{ q: string }>(sql`select (${tsQueryOf(prepared)})::text as q`);
    printed = result.rows[0]?.q ?? "";
    if (printedQueries.size >= PRINTED_KEPT) printedQueries.clear();
    printedQueries.set(key, printed);
  }
  return printed;
}

// The synonym groups whose phrases each index keeps (CatalogueIndex.keepPhrases).
const phrasesKept = new WeakMap<CatalogueIndex, SynonymGroups>();

/**
 * Has the index keep the products of the synonyms' phrases (those of several words) and of its
 * common hyphenated words ('cut-off'), as PostgreSQL makes their queries, unless it keeps these
 * synonyms' already: a search for 'aluminum oxide', 'hss' or 'cut-off wheel' then takes the
 * phrase's products rather than testing thousands of candidates. The compounds are those common
 * when the synonyms are kept (a build, or the operator's change of them); one common since is
 * tested where its words stand until then, as before.
 */
export async function keepCommonPhrases(index: CatalogueIndex): Promise<void> {
  const groups = await searchSynonymGroups();
  if (phrasesKept.get(index) === groups) return;
  phrasesKept.set(index, groups);
  try {
    const phrases = [...new Set(groups.flat())];
    // As a search makes a typed word's query (lexemes.ts).
    const compounds = index.commonCompounds();
    const texts = (list: string[]) =>
      sql`array[${sql.join(
        list.map((text) => sql`${text}`),
        sql`, `,
      )}]::text[]`;
    const printed =
      phrases.length + compounds.length === 0
        ? []
        : (
            await db().execute<{ q: string }>(
              sql`select phraseto_tsquery('english', phrase)::text as q from unnest(${texts(phrases)}) as phrase
                  union all
                  select websearch_to_tsquery('english', word)::text from unnest(${texts(compounds)}) as word`,
            )
          ).rows;
    // Built again meanwhile: the old index is let go, and the new one keeps them when first asked.
    if (currentIndex() !== index) {
      phrasesKept.delete(index);
      return;
    }
    index.keepPhrases(printed.flatMap((row) => parseTsQuery(row.q) ?? []));
  } catch (error) {
    phrasesKept.delete(index);
    throw error;
  }
}

// A phrase's candidates checked by PostgreSQL, up to this many.
const MOST_PHRASE_CANDIDATES = 20_000;

/** The products matching a query with a phrase holding a prefix or a negation, as a bitmap. */
async function phraseMatches(index: CatalogueIndex, tree: TsNode, prepared: Prepared) {
  const candidates = index.phraseCandidates(tree, MOST_PHRASE_CANDIDATES);
  if (!candidates) return undefined;
  const rows =
    candidates.length === 0
      ? []
      : await db()
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, candidates), sql`${products.searchVector} @@ ${tsQueryOf(prepared)}`));
  return index.bitmapOf(rows.map((row) => row.id));
}

// Names outside ASCII compared within a typo by PostgreSQL, up to this many (the catalogue's are English).
const MOST_FOREIGN_NAMES = 20_000;

/**
 * The products with names within a typo of `text`, with their word_similarity: computed by the
 * index for ASCII names, by PostgreSQL (one statement) for the few others, whose words and case
 * its locale decides. Undefined when the index cannot (text not in ASCII, too many such names).
 */
export async function typoMatches(index: CatalogueIndex, text: string) {
  const foreign = index.foreignNames(MOST_FOREIGN_NAMES);
  if (!foreign) return undefined;
  const similarities =
    foreign.length === 0
      ? []
      : await db()
          .select({ id: products.id, similarity: sql<number>`word_similarity(${text}, ${products.name})` })
          .from(products)
          .where(inArray(products.id, foreign));
  return index.typoMatches(text, similarities);
}

/**
 * The statement reading a page's products by id, built once per database and named, so PostgreSQL
 * parses and plans it once per connection: a page of 30 at a million parts took 0.36 ms of the
 * store's CPU and 0.85 ms in all built anew each time, 0.18 and 0.51 prepared (session 38).
 */
const cardsByIds = keptPerDatabase((database) =>
  database
    .select(productCardColumns)
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("catalogue_cards_by_ids"),
);

/** The products listed by their ids, in that order: the page the index chose, as the database has it now. */
async function itemsByIds(ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await cardsByIds().execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The results from the catalogue's index in memory (server/catalog/index/), or undefined when
 * none is built yet or it cannot answer this query exactly (a phrase holding a prefix or a negation
 * with too many candidates, a typo in a text not in ASCII): the SQL below is the reference it must
 * equal, and answers then.
 */
async function indexedResults(query: CatalogQuery, matcher: Matcher | undefined) {
  const index = currentIndex();
  if (!index) return undefined;
  let match: IndexQuery["match"];
  if (matcher?.mode === "typo") {
    const typo = await typoMatches(index, matcher.prepared.text);
    if (!typo) {
      indexStats.declined++;
      return undefined;
    }
    match = { tree: undefined, partKey: "", partFragment: false, typo };
  } else if (matcher) {
    // Not waited for: this search tests its phrases itself meanwhile.
    keepCommonPhrases(index).catch((error) =>
      logger.warn({ err: error }, "could not keep the common phrases in the catalogue index"),
    );
    const { text } = matcher.prepared;
    const partKey = normalizePartNumber(text);
    const tree = parseTsQuery(await printedQuery(matcher.prepared));
    match = {
      tree,
      partKey,
      partFragment: partKey.length >= MIN_PART_FRAGMENT && looksLikePartNumber(text),
      phraseMatches: tree && needsPostgres(tree) ? await phraseMatches(index, tree, matcher.prepared) : undefined,
    };
  }
  const spec = query.spec ?? emptySpecState;
  const attributes = query.attributes ?? [];
  let answer: ReturnType<CatalogueIndex["answer"]>;
  // The matches' bitmaps live in WebAssembly's memory, not the heap: let go of here, however it went.
  try {
    const catalogue = query.catalogue ? await catalogueBits(index, query.catalogue) : null;
    answer = index.answer({
      catalogue,
      match,
      category: query.category,
      subcategory: query.subcategory,
      brand: query.brand,
      inStock: query.inStock,
      sort: query.sort,
      offset: query.offset ?? 0,
      limit: query.limit,
      spec,
      attributes,
      groupCounts: query.groupCounts,
      scopeTotal: query.scopeTotal,
      definedChoices: matcher === undefined,
    });
  } finally {
    match?.phraseMatches?.dispose();
    match?.typo?.dispose();
  }
  if (!answer) {
    indexStats.declined++;
    return undefined;
  }
  indexStats.answered++;
  if (!answer.ids) indexStats.pagesBySql++;
  return {
    // A negation or a prefix by relevance: ranked by PostgreSQL (server/catalog/index/rank.ts).
    items: await (answer.ids ? itemsByIds(answer.ids) : itemsQuery(query, matcher)),
    total: answer.total,
    categories: group(answer.categories),
    brands: group(answer.brands),
    facets: facetsFromRows(answer.facetRows, { spec, attributes, definedChoices: matcher === undefined }),
    ...(answer.totalInScope === undefined ? {} : { totalInScope: answer.totalInScope }),
  };
}

/** The results by SQL alone: the reference the index is tested against. */
export async function sqlResultsFor(query: CatalogQuery, matcher: Matcher | undefined) {
  const scoped = query.scopeTotal
    ? db()
        .select({ total: count() })
        .from(products)
        .where(conditions(query, matcher).scope)
        .then(([row]) => row?.total ?? 0)
    : undefined;
  const [items, counted, facets, totalInScope] = await Promise.all([
    itemsQuery(query, matcher),
    totals(query, matcher),
    facetsOf(query, matcher),
    scoped,
  ]);
  return { items, ...counted, facets, ...(totalInScope === undefined ? {} : { totalInScope }) };
}

/** The results from the index, or from SQL when it has none or declines. */
export async function resultsFor(query: CatalogQuery, matcher: Matcher | undefined) {
  return (await indexedResults(query, matcher)) ?? sqlResultsFor(query, matcher);
}

// Shorter queries are not matched within a typo (suggestions wait for four letters).
export const MIN_TYPO_LENGTH = 3;

// A query finding fewer products than this may be misspelt: its correction is tried.
export const FEW_RESULTS = 3;

export interface CatalogResults extends Awaited<ReturnType<typeof sqlResultsFor>> {
  /** A spelling that finds more: offered as a link, or (when the query found nothing) already shown. */
  correction?: { query: string; shown: boolean };
}

/**
 * The products a query lists, their total and the facets to narrow them. With words: the words
 * first (sizes and synonyms understood); when they find little, the query with each word spelt as
 * the catalogue spells it (up to two typos a word); when still nothing, names within one typo.
 */
export async function findProducts(query: CatalogQuery): Promise<CatalogResults> {
  const text = queryText(query.q ?? "");
  if (!text) return resultsFor(query, undefined);
  const found = await resultsFor(query, { prepared: await prepare(text), mode: "words" });
  const matched = found.total > 0 || found.categories.length > 0 || found.facets.length > 0;
  if (found.total >= FEW_RESULTS) return found;
  const corrected = correctQuery(text, await spellingDictionary());
  if (corrected) {
    const better = await resultsFor(query, { prepared: await prepare(corrected), mode: "words" });
    if (better.total > found.total) {
      return matched
        ? { ...found, correction: { query: corrected, shown: false } }
        : { ...better, correction: { query: corrected, shown: true } };
    }
  }
  // One typo away from two letters is any two letters: 'in' matched most names by trigram and
  // ranked them all (~1 s at 100,000 products) for nothing a buyer wanted.
  if (matched || text.length < MIN_TYPO_LENGTH) return found;
  return resultsFor(query, { prepared: await prepare(text), mode: "typo" });
}

/** The items query of `findProducts` for words as given (the benchmark runs its SQL through pgbench). */
export function productItemsQuery(query: CatalogQuery, mode: Mode = "words", synonyms: SynonymGroups = []) {
  const text = queryText(query.q ?? "");
  return itemsQuery(query, text ? { prepared: { text, normalized: normalizeQuery(text, synonyms) }, mode } : undefined);
}
