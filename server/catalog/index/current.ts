// The process's catalogue index, once built and while it follows the change log (./follow.ts);
// none while it builds, and the catalogue is then answered from SQL.
import { and, eq } from "drizzle-orm";
import type { RoaringBitmap32 } from "roaring-wasm";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { onStoreEvent } from "../../events";
import { inCatalogue } from "../products/visibility";
import type { CatalogueIndex } from "./catalogue-index";

let current: CatalogueIndex | undefined;
// Told of a change it has not read yet: SQL answers until it has, so a buyer never sees the
// catalogue as it was before a change this process has already announced.
let behind = false;
// Each company's catalogue as a bitmap, read for the index's version it was read at.
const catalogues = new Map<string, { version: number; bits: RoaringBitmap32 }>();

// Disposed on the next turn, not at once: an answer that already holds the bitmap finishes with it.
const disposeSoon = (bits: RoaringBitmap32) => setImmediate(() => bits.dispose());

const forgetCatalogues = () => {
  for (const { bits } of catalogues.values()) disposeSoon(bits);
  catalogues.clear();
};

onStoreEvent("customerCataloguesChanged", forgetCatalogues);

/**
 * Queries the index answered, those it left to SQL (it cannot answer them exactly), and those it
 * counted but whose page SQL ranked (a negation or a prefix by relevance).
 */
export const indexStats = { answered: 0, declined: 0, pagesBySql: 0 };

/** The index queries are answered from, if one is built and has read every change it was told of. */
export const currentIndex = () => (behind ? undefined : current);

/** Whether a change was announced that the index has not read yet (./follow.ts). */
export function markBehind(isBehind: boolean) {
  behind = isBehind;
}

/** Makes `index` the one answering (undefined: none, SQL answers); whoever built the one before disposes it. */
export function answerFrom(index: CatalogueIndex | undefined) {
  current = index;
  forgetCatalogues();
}

/** The listed products of a company's catalogue, as a bitmap of the index's ordinals. */
export async function catalogueBits(index: CatalogueIndex, catalogue: CatalogueScope): Promise<RoaringBitmap32> {
  const known = catalogues.get(catalogue.companyId);
  if (known && known.version === index.version) return known.bits;
  const version = index.version;
  const rows = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, "active"), inCatalogue(catalogue)));
  const bits = index.bitmapOf(rows.map((row) => row.id));
  const before = catalogues.get(catalogue.companyId);
  if (before) disposeSoon(before.bits);
  // Changed while read: good for this answer only, read again next time.
  if (current !== index || index.version !== version) {
    disposeSoon(bits);
    catalogues.delete(catalogue.companyId);
    return bits;
  }
  catalogues.set(catalogue.companyId, { version, bits });
  return bits;
}
