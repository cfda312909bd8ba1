// Reads the catalogue's index from the database: every listed product at start-up, in batches so a
// million parts never sit in memory twice, and the products a change names afterwards.
import { inArray, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { productAttributeValues, products } from "../../db/schema";
import { listedForBuyers } from "../products/visibility";
import { orderings } from "../search/catalog-query";
import { byPopularity } from "../search/search";
import { CatalogueIndex, type IndexedProduct, type IndexSort, indexSorts, initializeBitmaps } from "./catalogue-index";

const BATCH = 20_000;

// A weight as tsvector keeps it in two bits (tsrank.c indexes its weights by these).
const WEIGHT_BITS: Record<string, number> = { D: 0, C: 1, B: 2, A: 3 };

/**
 * A tsvector as PostgreSQL prints it ('word':1A,7 …): its words, and each position's word and
 * weight in position order, as ts_rank_cd reads them (./rank.ts).
 */
export function positionedWords(vector: string): Pick<IndexedProduct, "words" | "entryWord" | "entryPos"> {
  const words: string[] = [];
  const entries: [position: number, word: number, weight: number][] = [];
  for (const [, quoted = "", positions = ""] of vector.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const word = words.length;
    words.push(quoted.replace(/''/g, "'").replace(/\\(.)/g, "$1"));
    // A word without positions (none are stripped here) would count once, at weight D.
    for (const position of positions ? positions.split(",") : ["1D"]) {
      const [, at = "1", weight = "D"] = /^(\d+)([A-D]?)$/.exec(position) ?? [];
      entries.push([Number(at), word, WEIGHT_BITS[weight || "D"] ?? 0]);
    }
  }
  entries.sort((a, b) => a[0] - b[0] || a[2] - b[2]);
  return {
    words,
    entryWord: Int32Array.from(entries, ([, word]) => word),
    entryPos: Uint16Array.from(entries, ([position, , weight]) => (position << 2) | weight),
  };
}

const productColumns = {
  id: products.id,
  status: products.status,
  category: products.category,
  subcategory: products.subcategory,
  brand: products.brand,
  stockLevel: products.stockLevel,
  partKey: products.partKey,
  featured: products.featured,
  price: products.price,
  rating: products.rating,
  reviewCount: products.reviewCount,
  name: products.name,
  partNumber: products.partNumber,
  vector: sql<string>`${products.searchVector}::text`,
};

type ProductRow = { [K in keyof typeof productColumns]: unknown } & {
  id: string;
  status: string;
  category: string;
  subcategory: string;
  brand: string;
  stockLevel: number;
  partKey: string;
  featured: boolean;
  vector: string;
};

async function withValues(rows: ProductRow[]): Promise<IndexedProduct[]> {
  const ids = rows.map((row) => row.id);
  const values =
    ids.length === 0
      ? []
      : await db()
          .select({
            productId: productAttributeValues.productId,
            attributeId: productAttributeValues.attributeId,
            num: productAttributeValues.numberValue,
            txt: productAttributeValues.textValue,
          })
          .from(productAttributeValues)
          // One array parameter: 20,000 parameters took longer to send and plan than to read.
          .where(sql`${productAttributeValues.productId} = any(${`{${ids.join(",")}}`}::uuid[])`);
  const byProduct = new Map<string, IndexedProduct["values"]>();
  for (const { productId, ...value } of values) {
    const list = byProduct.get(productId);
    if (list) list.push(value);
    else byProduct.set(productId, [value]);
  }
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    category: row.category,
    subcategory: row.subcategory,
    brand: row.brand,
    stockLevel: row.stockLevel,
    partKey: row.partKey,
    featured: row.featured,
    sortKey: JSON.stringify([row.price, row.rating, row.reviewCount, row.featured, row.name, row.partNumber]),
    ...positionedWords(row.vector),
    values: byProduct.get(row.id) ?? [],
  }));
}

/** The products with these ids as they are now; ids not found are gone. */
export async function readProducts(ids: string[]): Promise<{ found: IndexedProduct[]; gone: string[] }> {
  const found: IndexedProduct[] = [];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const rows = (await db().select(productColumns).from(products).where(inArray(products.id, batch))) as ProductRow[];
    found.push(...(await withValues(rows)));
  }
  const present = new Set(found.map((product) => product.id));
  return { found, gone: ids.filter((id) => !present.has(id)) };
}

/** The listed products' ids in each sort order, as the SQL path sorts them (its collation included). */
export async function readOrders(): Promise<Record<IndexSort, string[]>> {
  const orders = {} as Record<IndexSort, string[]>;
  for (const sort of indexSorts) {
    const rows = await db()
      .select({ id: products.id })
      .from(products)
      .where(listedForBuyers(null))
      .orderBy(...(sort === "popularity" ? byPopularity(products) : orderings[sort](undefined)));
    orders[sort] = rows.map((row) => row.id);
  }
  return orders;
}

/** Brings the index's sort orders up to date (again, while changes keep coming during the read). */
export async function refreshOrders(index: CatalogueIndex) {
  for (let tries = 0; tries < 3 && !index.ordersCurrent; tries++) {
    const version = index.ordersVersion;
    index.setOrders(await readOrders(), version);
  }
}

/** Every listed product, read into a new index. */
export async function buildCatalogueIndex(): Promise<CatalogueIndex> {
  await initializeBitmaps();
  const index = new CatalogueIndex();
  let after: string | undefined;
  for (;;) {
    const rows = (await db()
      .select(productColumns)
      .from(products)
      .where(sql`${listedForBuyers(null)}${after === undefined ? sql`` : sql` and ${products.id} > ${after}`}`)
      .orderBy(products.id)
      .limit(BATCH)) as ProductRow[];
    index.apply(await withValues(rows));
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]?.id;
  }
  await refreshOrders(index);
  return index;
}
