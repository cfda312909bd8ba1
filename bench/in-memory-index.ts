// `npm run bench -- --queries --in-memory`: what issue 17's item 6 asks of PostgreSQL (broad
// searches and spec-filtered listings with exact counts in a few ms), timed against an index kept
// in memory beside it, as a search engine keeps one: each word's products as a sorted list, each
// product's spec values as a row of small integers, and the catalogue's orders precomputed. It is
// built from the seeded database and asked the bench's own searches and listings; the listings'
// totals and facet counts are checked against the store's. A measurement of the design the
// benchmark notes recommend for large catalogues, not a part of the store.
import { sql } from "drizzle-orm";
import type { SpecFilter } from "../domain/catalog/spec-filters";
import { parseTsQuery, type TsNode } from "../server/catalog/index/tsquery";
import { LISTING_PAGE_SIZE } from "../server/catalog/pages/listing";
import { normalizePartNumber } from "../server/catalog/products/part-numbers";
import { looksLikePartNumber, MIN_PART_FRAGMENT, queryText, tsQueryOf } from "../server/catalog/search/catalog-query";
import { normalizeQuery } from "../server/catalog/search/query-normalizer";
import { SEARCH_PAGE_SIZE } from "../server/catalog/search/search";
import { searchSynonymGroups } from "../server/catalog/search/search-vocabulary";
import { MAX_FACETS, MAX_NUMBER_OPTIONS } from "../server/catalog/search/spec-facets";
import type { DatabaseHandle } from "../server/db/client";

// Spec values are compared to a ten-thousandth of a base unit, as the store compares them.
const TOLERANCE = 1e-4;
// ts_rank_cd's default weights of A, B, C and D.
const WEIGHTS: Record<string, number> = { A: 1, B: 0.4, C: 0.2, D: 0.1 };

type Sort = "relevance" | "price-asc" | "price-desc" | "name" | "rating-desc" | "featured";

/** Names to small integers. */
class Names {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();
  id(name: string) {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(name, id);
      this.list.push(name);
    }
    return id;
  }
  find(name: string) {
    return this.ids.get(name);
  }
}

export interface MemoryIndex {
  size: number;
  ids: string[];
  partKeys: string[];
  subcategories: Names;
  subcategory: Int32Array;
  category: Int32Array;
  categories: Names;
  brand: Int32Array;
  brands: Names;
  featured: Uint8Array;
  stock: Int32Array;
  /** Each word's products in order, and the word's weight in each. */
  words: Map<string, { products: Int32Array; weights: Float32Array }>;
  /** Each product's spec values: valueIds[valueStart[p] .. valueStart[p + 1]]. */
  valueStart: Int32Array;
  valueIds: Int32Array;
  /** Per value: its attribute slug (as a number) and its number or text. */
  valueSlug: Int32Array;
  valueNumber: Float64Array;
  valueText: (string | null)[];
  slugs: Names;
  /** The products of each subcategory. */
  bySubcategory: Int32Array[];
  /** Every product in each sort's order. */
  orders: Record<Exclude<Sort, "relevance">, Int32Array>;
}

const order = (size: number, compare: (a: number, b: number) => number) =>
  Int32Array.from({ length: size }, (_, i) => i).sort(compare);

/** Reads the listed products, their words and their spec values from the database. */
export async function buildMemoryIndex(handle: DatabaseHandle): Promise<MemoryIndex> {
  const rows = (
    await handle.db.execute<{
      id: string;
      part_number: string;
      part_key: string;
      name: string;
      category: string;
      subcategory: string;
      brand: string;
      featured: boolean;
      review_count: number;
      price: number;
      rating: number;
      stock_level: number;
    }>(sql`select id, part_number, part_key, name, category, subcategory, brand, featured, review_count, price::float8 as price,
      rating::float8 as rating, stock_level from products where status = 'active' order by id`)
  ).rows;
  const size = rows.length;
  const position = new Map(rows.map((row, i) => [row.id, i]));
  const categories = new Names();
  const subcategories = new Names();
  const brands = new Names();
  const index = {
    size,
    ids: rows.map((row) => row.id),
    partKeys: rows.map((row) => row.part_key),
    categories,
    subcategories,
    brands,
    category: Int32Array.from(rows, (row) => categories.id(row.category)),
    subcategory: Int32Array.from(rows, (row) => subcategories.id(row.subcategory)),
    brand: Int32Array.from(rows, (row) => brands.id(row.brand)),
    featured: Uint8Array.from(rows, (row) => (row.featured ? 1 : 0)),
    stock: Int32Array.from(rows, (row) => row.stock_level),
  };
  // Names, then part numbers, compared by their bytes (the C collation the bench's PostgreSQL has).
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byName = (a: number, b: number) =>
    text(rows[a]?.name ?? "", rows[b]?.name ?? "") || text(rows[a]?.part_number ?? "", rows[b]?.part_number ?? "");
  const field = (i: number, key: "price" | "rating" | "review_count") => Number(rows[i]?.[key] ?? 0);
  const orders = {
    "price-asc": order(size, (a, b) => field(a, "price") - field(b, "price") || byName(a, b)),
    "price-desc": order(size, (a, b) => field(b, "price") - field(a, "price") || byName(a, b)),
    name: order(size, byName),
    "rating-desc": order(
      size,
      (a, b) =>
        field(b, "rating") - field(a, "rating") || field(b, "review_count") - field(a, "review_count") || byName(a, b),
    ),
    featured: order(
      size,
      (a, b) =>
        (index.featured[b] ?? 0) - (index.featured[a] ?? 0) ||
        field(b, "review_count") - field(a, "review_count") ||
        byName(a, b),
    ),
  };

  const words = new Map<string, { products: Int32Array; weights: Float32Array }>();
  const postings = await handle.db.execute<{ word: string; ids: string[]; weights: string }>(sql`
    select u.lexeme as word, array_agg(p.id order by p.id) as ids,
      string_agg(coalesce(u.weights[1]::text, 'D'), '' order by p.id) as weights
    from products p, unnest(p.search_vector) u
    where p.status = 'active' group by u.lexeme`);
  for (const { word, ids, weights } of postings.rows)
    words.set(word, {
      products: Int32Array.from(ids, (id) => position.get(id) ?? 0),
      weights: Float32Array.from(weights, (weight) => WEIGHTS[weight] ?? 0.1),
    });

  const slugs = new Names();
  const values = new Names();
  const valueSlug: number[] = [];
  const valueNumber: number[] = [];
  const valueText: (string | null)[] = [];
  const perProduct: number[][] = Array.from({ length: size }, () => []);
  const specRows = await handle.db.execute<{
    product_id: string;
    slug: string;
    num: number | null;
    txt: string | null;
  }>(sql`
    select v.product_id, a.slug, v.number_value as num, v.text_value as txt
    from product_attribute_values v join attributes a on a.id = v.attribute_id`);
  for (const { product_id, slug, num, txt } of specRows.rows) {
    const p = position.get(product_id);
    if (p === undefined) continue;
    const key = `${slug}\u0000${num ?? ""}\u0000${txt ?? ""}`;
    const known = values.find(key);
    const id = values.id(key);
    if (known === undefined) {
      valueSlug.push(slugs.id(slug));
      valueNumber.push(num ?? Number.NaN);
      valueText.push(txt);
    }
    perProduct[p]?.push(id);
  }
  const valueStart = new Int32Array(size + 1);
  for (let p = 0; p < size; p++) valueStart[p + 1] = (valueStart[p] ?? 0) + (perProduct[p]?.length ?? 0);
  const bySubcategory = subcategories.list.map(() => [] as number[]);
  for (let p = 0; p < size; p++) bySubcategory[index.subcategory[p] ?? 0]?.push(p);
  return {
    ...index,
    words,
    valueStart,
    valueIds: Int32Array.from(perProduct.flat()),
    valueSlug: Int32Array.from(valueSlug),
    valueNumber: Float64Array.from(valueNumber),
    valueText,
    slugs,
    bySubcategory: bySubcategory.map((list) => Int32Array.from(list)),
    orders,
  };
}

// ---- A tsquery, as PostgreSQL prints it, evaluated on the word lists ----

/** A set of products as one bit each. */
const bitmap = (size: number) => new Uint32Array((size + 31) >>> 5);

function evaluate(index: MemoryIndex, node: TsNode, score: Float32Array): Uint32Array {
  const bits = bitmap(index.size);
  if (node.op === "word") {
    const lists = node.prefix
      ? [...index.words.entries()].filter(([word]) => word.startsWith(node.word)).map(([, list]) => list)
      : [index.words.get(node.word)].filter((list) => list !== undefined);
    for (const { products, weights } of lists)
      for (let i = 0; i < products.length; i++) {
        const p = products[i] ?? 0;
        bits[p >>> 5] = (bits[p >>> 5] ?? 0) | (1 << (p & 31));
        score[p] = (score[p] ?? 0) + (weights[i] ?? 0);
      }
    return bits;
  }
  if (node.op === "not") {
    const child = evaluate(index, node.child, new Float32Array(index.size));
    for (let w = 0; w < bits.length; w++) bits[w] = ~(child[w] ?? 0);
    return bits;
  }
  const left = evaluate(index, node.left, score);
  const right = evaluate(index, node.right, score);
  for (let w = 0; w < bits.length; w++)
    // A phrase is taken as "and", a superset of it.
    bits[w] = node.op === "or" ? (left[w] ?? 0) | (right[w] ?? 0) : (left[w] ?? 0) & (right[w] ?? 0);
  return bits;
}

/** The `limit` best products by score, then name order (a small insertion-sorted list). */
function topByScore(index: MemoryIndex, matched: number[], score: Float32Array, limit: number) {
  const best: number[] = [];
  for (const p of matched) {
    const s = score[p] ?? 0;
    if (best.length === limit && s <= (score[best[limit - 1] ?? 0] ?? 0)) continue;
    let at = best.length;
    while (at > 0 && (score[best[at - 1] ?? 0] ?? 0) < s) at--;
    best.splice(at, 0, p);
    if (best.length > limit) best.pop();
  }
  return best.map((p) => index.ids[p]);
}

// ---- Counting: facets with every other filter applied, as the store counts them ----

interface Counted {
  total: number;
  facets: { slug: string; options: { value: string | number; count: number }[]; span: [number, number] | null }[];
}

/**
 * Counts over `scope`: the products passing everything (the total), and for each spec value the
 * products passing every filter but its own attribute's. `fails(p)` is the slug a product fails
 * alone (-1 when none, -2 when two or more).
 */
function countFacets(
  index: MemoryIndex,
  scope: ArrayLike<number>,
  fails: (p: number) => number,
  named: SpecFilter[] = [],
): Counted {
  const values = index.valueSlug.length;
  const counts = new Int32Array(values);
  const present = new Int32Array(values);
  let total = 0;
  for (let i = 0; i < scope.length; i++) {
    const p = scope[i] ?? 0;
    const failed = fails(p);
    if (failed === -1) total++;
    const end = index.valueStart[p + 1] ?? 0;
    for (let v = index.valueStart[p] ?? 0; v < end; v++) {
      const value = index.valueIds[v] ?? 0;
      present[value] = (present[value] ?? 0) + 1;
      if (failed === -1 || (failed >= 0 && index.valueSlug[value] === failed)) counts[value] = (counts[value] ?? 0) + 1;
    }
  }
  const bySlug = new Map<number, { present: number; values: number[] }>();
  for (let value = 0; value < values; value++) {
    if ((present[value] ?? 0) === 0) continue;
    const slug = index.valueSlug[value] ?? 0;
    const entry = bySlug.get(slug) ?? { present: 0, values: [] };
    entry.present += present[value] ?? 0;
    entry.values.push(value);
    bySlug.set(slug, entry);
  }
  const shown = [...bySlug.entries()].sort((a, b) => b[1].present - a[1].present).slice(0, MAX_FACETS);
  return {
    total,
    facets: shown.map(([slug, { values: ids }]) => {
      const numbers = ids.filter((value) => !Number.isNaN(index.valueNumber[value] ?? 0));
      const counted = numbers.filter((value) => (counts[value] ?? 0) > 0).map((value) => index.valueNumber[value] ?? 0);
      // A number named in the link stays listed when the attribute has too many values to list.
      const wanted = named.flatMap((filter) =>
        filter.kind === "number" && filter.slug === index.slugs.list[slug] ? filter.values : [],
      );
      const listed =
        numbers.length > 0 && ids.length > MAX_NUMBER_OPTIONS
          ? numbers.filter((value) => wanted.some((n) => Math.abs((index.valueNumber[value] ?? 0) - n) < TOLERANCE))
          : ids;
      return {
        slug: index.slugs.list[slug] ?? "",
        options: listed.map((value) => ({
          value: numbers.length > 0 ? (index.valueNumber[value] ?? 0) : (index.valueText[value] ?? ""),
          count: counts[value] ?? 0,
        })),
        span: counted.length > 0 ? [Math.min(...counted), Math.max(...counted)] : null,
      };
    }),
  };
}

/** A search: what the store's words match (its own tsquery), ranked, counted by category, brand and spec value. */
export async function memorySearch(index: MemoryIndex, handle: DatabaseHandle, q: string) {
  const text = queryText(q);
  const prepared = { text, normalized: normalizeQuery(text, await searchSynonymGroups()) };
  // The query as the store builds it, printed by PostgreSQL (its english stemming): one round trip.
  const [row] = (await handle.db.execute<{ q: string }>(sql`select (${tsQueryOf(prepared)})::text as q`)).rows;
  const tree = parseTsQuery(row?.q ?? "");
  const score = new Float32Array(index.size);
  const bits = tree ? evaluate(index, tree, score) : bitmap(index.size);
  const key = normalizePartNumber(text);
  if (key.length >= MIN_PART_FRAGMENT && looksLikePartNumber(text))
    index.partKeys.forEach((part, p) => {
      if (!part.includes(key)) return;
      bits[p >>> 5] = (bits[p >>> 5] ?? 0) | (1 << (p & 31));
      score[p] = (score[p] ?? 0) + (part === key ? 100 : part.startsWith(key) ? 50 : 0);
    });
  const matched: number[] = [];
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] ?? 0;
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      const p = (w << 5) + bit;
      if (p < index.size) matched.push(p);
      word &= word - 1;
    }
  }
  for (const p of matched) if (index.featured[p]) score[p] = (score[p] ?? 0) + 0.5;
  const categories = new Int32Array(index.categories.list.length);
  const brands = new Int32Array(index.brands.list.length);
  for (const p of matched) {
    const c = index.category[p] ?? 0;
    const b = index.brand[p] ?? 0;
    categories[c] = (categories[c] ?? 0) + 1;
    brands[b] = (brands[b] ?? 0) + 1;
  }
  return {
    items: topByScore(index, matched, score, SEARCH_PAGE_SIZE),
    categories,
    brands,
    ...countFacets(index, matched, () => -1),
  };
}

/** A listing: one subcategory, spec filters, in stock or not, a sort; the first page and the exact counts. */
export function memoryListing(
  index: MemoryIndex,
  listing: { subcategory: string; spec: { filters: SpecFilter[] }; inStock: boolean; sort: Exclude<Sort, "relevance"> },
) {
  const scope = index.bySubcategory[index.subcategories.find(listing.subcategory) ?? -1] ?? new Int32Array();
  const filters = listing.spec.filters.map((filter) => ({ filter, slug: index.slugs.find(filter.slug) ?? -3 }));
  const passes = (filter: SpecFilter, value: number) => {
    if (filter.kind === "text") return filter.values.includes(index.valueText[value] ?? "");
    const n = index.valueNumber[value] ?? Number.NaN;
    return (
      (filter.values.length === 0 || filter.values.some((wanted) => Math.abs(n - wanted) <= TOLERANCE)) &&
      (filter.min === undefined || n >= filter.min - TOLERANCE) &&
      (filter.max === undefined || n <= filter.max + TOLERANCE)
    );
  };
  const fails = (p: number) => {
    if (listing.inStock && (index.stock[p] ?? 0) <= 0) return -2;
    let failed = -1;
    for (const { filter, slug } of filters) {
      let ok = false;
      const end = index.valueStart[p + 1] ?? 0;
      for (let v = index.valueStart[p] ?? 0; v < end && !ok; v++) {
        const value = index.valueIds[v] ?? 0;
        ok = index.valueSlug[value] === slug && passes(filter, value);
      }
      if (!ok) {
        if (failed !== -1) return -2;
        failed = slug;
      }
    }
    return failed;
  };
  const counted = countFacets(index, scope, fails, listing.spec.filters);
  const subcategory = index.subcategories.find(listing.subcategory);
  const items: string[] = [];
  const inOrder = index.orders[listing.sort];
  for (let i = 0; i < inOrder.length && items.length < LISTING_PAGE_SIZE; i++) {
    const p = inOrder[i] ?? 0;
    if (index.subcategory[p] === subcategory && fails(p) === -1) items.push(index.ids[p] ?? "");
  }
  return { items, ...counted };
}
