// Reads the catalogue's index from the database: every listed product at start-up, in batches so a
// million parts never sit in memory twice, and the products a change names afterwards.
import { count, gt, type SQL, sql } from "drizzle-orm";
import { db, eachRow } from "../../db/client";
import { catalogueChanges, productAttributeValues, products } from "../../db/schema";
import { listedForBuyers } from "../products/visibility";
import { orderings } from "../search/catalog-query";
import { byPopularity } from "../search/search";
import {
  CatalogueIndex,
  type IndexedProduct,
  initializeBitmaps,
  type ReadOrders,
  type SpecValue,
} from "./catalogue-index";
import { atLeast } from "./typed-arrays";

const BATCH = 20_000;

/**
 * A tsvector as PostgreSQL prints it ('word':1A,7 …): its words, numbered in its order, and each
 * position's word and weight, grouped by word in that order (./rank.ts, PositionedWords). Read by
 * hand, not by regular expressions: a million products' vectors are read at every start.
 */
export function positionedWords(
  vector: string,
  pool = new EntryPool(),
): Pick<IndexedProduct, "words" | "entryWord" | "entryPos"> {
  const words: string[] = [];
  const first = pool.used;
  let backslash = vector.indexOf("\\");
  let at = 0;
  while (at < vector.length) {
    const open = vector.indexOf("'", at);
    if (open < 0) break;
    // The word runs to the next quote that is not doubled ('') nor escaped (\'). Most words have
    // neither: a slice of the vector, not a string grown a character at a time (which the word
    // map then had to flatten to hash it).
    let i = vector.indexOf("'", open + 1);
    if (backslash >= 0 && backslash <= open) backslash = vector.indexOf("\\", open + 1);
    let word: string;
    if (i >= 0 && vector[i + 1] !== "'" && (backslash < 0 || backslash > i)) word = vector.slice(open + 1, i);
    else {
      word = "";
      for (i = open + 1; i < vector.length; i++) {
        const c = vector[i];
        if (c === "\\") word += vector[++i] ?? "";
        else if (c === "'") {
          if (vector[i + 1] !== "'") break;
          word += "'";
          i++;
        } else word += c;
      }
    }
    const index = words.length;
    words.push(word);
    at = i + 1;
    // A word without positions (none are stripped here) would count once, at weight D.
    if (vector[at] !== ":") {
      pool.push(index, (1 << 2) | 0);
      continue;
    }
    at++;
    for (;;) {
      let position = 0;
      while (at < vector.length && vector.charCodeAt(at) >= 48 && vector.charCodeAt(at) <= 57)
        position = position * 10 + vector.charCodeAt(at++) - 48;
      const letter = vector[at];
      // Two bits, as tsrank.c indexes its weights: D 0, C 1, B 2, A 3.
      const weight = letter === "A" ? 3 : letter === "B" ? 2 : letter === "C" ? 1 : 0;
      if (letter === "A" || letter === "B" || letter === "C" || letter === "D") at++;
      pool.push(index, (position << 2) | weight);
      if (vector[at] !== ",") break;
      at++;
    }
  }
  return { words, ...pool.since(first) };
}

/**
 * The entries of a batch's products, one product's after another's, each product's a view of
 * them: two buffers a batch, not two a product (a million-part build allocated and freed two
 * million small buffers outside V8's heap).
 */
export class EntryPool {
  private words: Int32Array<ArrayBuffer>;
  private positions: Uint16Array<ArrayBuffer>;
  used = 0;

  /** `capacity`: the entries expected (grown by half from 4,096, a batch's pool was copied some 14 times). */
  constructor(capacity = 1 << 12) {
    this.words = new Int32Array(capacity);
    this.positions = new Uint16Array(capacity);
  }

  push(word: number, packed: number) {
    // Views already handed out keep the buffers they were made of. Compared here, not in
    // atLeast: this runs for every position of every product (46 million at a million parts).
    if (this.used === this.words.length) {
      this.words = atLeast(this.words, this.used + 1);
      this.positions = atLeast(this.positions, this.used + 1);
    }
    this.words[this.used] = word;
    this.positions[this.used++] = packed;
  }

  /** The entries pushed since `first`, as views. */
  since(first: number) {
    return { entryWord: this.words.subarray(first, this.used), entryPos: this.positions.subarray(first, this.used) };
  }
}

/**
 * A 53-bit digest of `text` (two 32-bit multiply-xorshift lanes, as cyrb53): what the sort orders
 * depend on changed or not, a million times at a build, where a SHA-1 object per product cost 2.5 s.
 */
export function digest53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * What the index keeps of each product, with its spec values as one JSON array ([attribute,
 * number, text] each): one row a product, not one a value (the values' rows mapped by drizzle
 * were a tenth of a build), and grouped by the database on its own core. Its sort fields are
 * digested here, not joined into one text by the database (110 ms of a batch's 1.3-1.5 s there).
 */
const indexedProducts = (where: SQL) => sql`
  select ${products.id} as id, ${products.status} as status, ${products.category} as category,
    ${products.subcategory} as subcategory, ${products.brand} as brand, ${products.stockLevel} as stock_level,
    ${products.partKey} as part_key, ${products.featured} as featured, ${products.name} as name,
    ${products.price} as price, ${products.rating} as rating, ${products.reviewCount} as review_count,
    ${products.partNumber} as part_number,
    ${products.searchVector}::text as vector,
    (select json_agg(json_build_array(${productAttributeValues.attributeId}, ${productAttributeValues.numberValue},
        ${productAttributeValues.textValue}))
      from ${productAttributeValues} where ${productAttributeValues.productId} = ${products.id}) as "values"
  from ${products} where ${where}`;

type IndexedRow = {
  id: string;
  status: string;
  category: string;
  subcategory: string;
  brand: string;
  stock_level: number;
  part_key: string;
  featured: boolean;
  name: string;
  // PostgreSQL's numeric, as text.
  price: string;
  rating: string;
  review_count: number;
  part_number: string;
  vector: string;
  // JSON has no NaN nor infinity: PostgreSQL writes those as strings.
  values: [number, number | string | null, string | null][] | null;
};

/** A row's spec values as the index takes them: the JSON's own arrays, a NaN or infinity read as a number in place. */
function specValues(values: IndexedRow["values"]): SpecValue[] {
  if (!values) return [];
  for (const value of values) if (typeof value[1] === "string") value[1] = Number(value[1]);
  return values as SpecValue[];
}

const readIndexed = async (where: SQL) => (await db().execute<IndexedRow>(indexedProducts(where))).rows;

/** A row as the index takes it in (`entries`: the pool its entries are put in). */
function indexedProduct(row: IndexedRow, entries: EntryPool): IndexedProduct {
  return {
    id: row.id,
    status: row.status,
    category: row.category,
    subcategory: row.subcategory,
    brand: row.brand,
    stockLevel: row.stock_level,
    partKey: row.part_key,
    featured: row.featured,
    name: row.name,
    price: Number(row.price),
    rating: Number(row.rating),
    reviewCount: row.review_count,
    // A digest, not the fields themselves: a million products each keep one (a number, not ~100 characters).
    sortKey: digest53(
      `${row.price}\u0000${row.rating}\u0000${row.review_count}\u0000${row.featured}\u0000${row.name}\u0000${row.part_number}`,
    ),
    ...positionedWords(row.vector, entries),
    values: specValues(row.values),
  };
}

/** The ids as one array parameter: 20,000 parameters took longer to send and plan than to read. */
const idArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** The products with these ids as they are now; ids not found are gone. */
export async function readProducts(ids: string[]): Promise<{ found: IndexedProduct[]; gone: string[] }> {
  const found: IndexedProduct[] = [];
  const entries = new EntryPool();
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    for (const row of await readIndexed(sql`${products.id} = any(${idArray(batch)})`))
      found.push(indexedProduct(row, entries));
  }
  const present = new Set(found.map((product) => product.id));
  return { found, gone: ids.filter((id) => !present.has(id)) };
}

/**
 * The listed products sorted by name and by popularity as the SQL path sorts them (its collation
 * included), as the index's ordinals: the other four orders are those numbers sorted here
 * (CatalogueIndex.ordersFrom), ties by name. Two sorts of a million parts in the database, not six:
 * read beside a build's batches, the six took ~5 s each on two busy cores, not 1.3.
 */
export async function readOrders(index: CatalogueIndex): Promise<ReadOrders> {
  const sortedBy = async (order: SQL[]) =>
    index.ordinalsOf(
      (
        await db()
          .select({ id: products.id })
          .from(products)
          .where(listedForBuyers(null))
          .orderBy(...order)
      ).map((row) => row.id),
    );
  return { byName: await sortedBy(orderings.name(undefined)), popularity: await sortedBy(byPopularity(products)) };
}

/** Brings the index's sort orders up to date (again, while changes keep coming during the read). */
export async function refreshOrders(index: CatalogueIndex) {
  for (let tries = 0; tries < 3 && !index.ordersCurrent; tries++) {
    const version = index.ordersVersion;
    index.setOrders(index.ordersFrom(await readOrders(index)), version);
  }
}

/**
 * These products (listed ones), in this order: the order a nested loop over the ids gives, which
 * the database keeps without being told to sort (a sort of 20,000 rows and their vectors would
 * spill to disk). Taken in out of it they would be filed all the same, only more slowly.
 */
const listedIn = (ids: string[]) => sql`
  select listed.* from unnest(${idArray(ids)}) as wanted(id)
  cross join lateral (${indexedProducts(sql`${listedForBuyers(null)} and ${products.id} = wanted.id`)}) as listed`;

/**
 * Tells, when called, whether the change log has gained an entry since now. Entries are counted
 * from an hour before (the database's clock), so a change committed meanwhile counts whatever
 * number it took (a transaction takes its number before it commits), and pruning, of day-old
 * entries, takes none of them away.
 */
export async function logWatch() {
  // One statement: now() is the same throughout it.
  const [start] = await db()
    .select({ since: sql<string>`(now() - interval '1 hour')::text`, n: count() })
    .from(catalogueChanges)
    .where(gt(catalogueChanges.loggedAt, sql`now() - interval '1 hour'`));
  const since = start?.since ?? "-infinity";
  const before = start?.n ?? 0;
  return async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(catalogueChanges)
      .where(gt(catalogueChanges.loggedAt, sql`${since}::timestamptz`));
    return (row?.n ?? 0) !== before;
  };
}

/** The listed products' ids by category, subcategory and name (products_category_idx's order). */
const listedByKind = async () =>
  (
    await db()
      .select({ id: products.id })
      .from(products)
      .where(listedForBuyers(null))
      .orderBy(products.category, products.subcategory, products.name, products.id)
  ).map((row) => row.id);

/** Every listed product, read into a new index. */
export async function buildCatalogueIndex(): Promise<CatalogueIndex> {
  await initializeBitmaps();
  const index = new CatalogueIndex();
  // Numbered by kind and name, so that a search's matches, most of a few subcategories and alike
  // in name, lie together in the index's arrays (ranking 8,900 matches of 'grinding wheel' read
  // each one's words from memory the processor had not fetched yet: 4.3-5.8 ms with products
  // numbered in id order, 1.8-2.1 ms in this one). Read and taken in in that order too: every
  // bitmap then grows at its end (read in id order, each batch's numbers were strewn over all of
  // them, and roaring moved what followed each one in: 2.1 of a 100,000-part build's 16 s).
  const ids = await listedByKind();
  index.number(ids);
  // The database sorts the products while the batches are taken in here, on a core it would leave
  // idle otherwise.
  const changed = await logWatch();
  const orders = readOrders(index);
  orders.catch(() => {}); // awaited below, after the batches: a failure is thrown there
  // Each batch's rows are taken in as they arrive, while the database reads the next ones (on a
  // connection of its own, as fast as this process takes them): held until their batch was in,
  // 8 of a million-part build's 50 s of CPU were collection, and it took 52.7 s where it took 59.2
  // (medians of three builds in turn).
  let entriesOfBatch: number | undefined;
  for (let start = 0; start < ids.length; start += BATCH) {
    const entries = new EntryPool(entriesOfBatch);
    await eachRow<IndexedRow>(listedIn(ids.slice(start, start + BATCH)), (row) =>
      index.takeIn(indexedProduct(row, entries)),
    );
    // The next batch, alike, in buffers of this one's size and a tenth more from the start.
    entriesOfBatch = Math.ceil(entries.used * 1.1);
    index.settle();
  }
  index.layOut();
  // Read beside the batches, the orders may have missed a change that a later batch took in; the
  // change log's reader (./follow.ts) would then find that product as the index holds it and keep
  // the orders. So any change meanwhile has them read again, now that the batches are in.
  index.setOrders(index.ordersFrom(await orders), (await changed()) ? -1 : index.ordersVersion);
  await refreshOrders(index);
  return index;
}
