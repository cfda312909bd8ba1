// Writes the generated catalogue: on first start (about 3,000 products) and from `npm run seed`
// (any size), in batches inside one transaction so a failed run leaves nothing half-written.
import type { Database } from "../db/client";
import { productBulkTiers, products } from "../db/schema";
import { DEFAULT_CATALOGUE_SIZE, DEFAULT_SEED, type GeneratedProduct, generateCatalog } from "./generator";

const BATCH_SIZE = 500;

export interface WriteCatalogOptions {
  size?: number;
  seed?: number;
  /** Called after each batch with how many products are written so far. */
  onProgress?: (written: number) => void;
}

async function writeBatch(tx: Pick<Database, "insert">, batch: GeneratedProduct[]) {
  const written = await tx
    .insert(products)
    .values(batch.map((item) => item.product))
    .returning({ id: products.id, partNumber: products.partNumber });
  const ids = new Map(written.map((row) => [row.partNumber, row.id]));
  const tiers = batch.flatMap((item) =>
    item.tiers.map((tier) => ({ ...tier, productId: ids.get(item.product.partNumber) ?? "" })),
  );
  if (tiers.length > 0) await tx.insert(productBulkTiers).values(tiers);
}

/** Adds the generated catalogue to the products table; returns how many products it wrote. */
export async function writeCatalog(db: Database, options: WriteCatalogOptions = {}): Promise<number> {
  const catalogue = generateCatalog({
    size: options.size ?? DEFAULT_CATALOGUE_SIZE,
    seed: options.seed ?? DEFAULT_SEED,
  });
  let total = 0;
  await db.transaction(async (tx) => {
    let batch: GeneratedProduct[] = [];
    for (const item of catalogue) {
      batch.push(item);
      if (batch.length < BATCH_SIZE) continue;
      await writeBatch(tx, batch);
      total += batch.length;
      options.onProgress?.(total);
      batch = [];
    }
    if (batch.length > 0) {
      await writeBatch(tx, batch);
      total += batch.length;
      options.onProgress?.(total);
    }
  });
  return total;
}

/** Writes the default catalogue when the products table is empty; returns how many it wrote. */
export async function seedCatalogIfEmpty(db: Database): Promise<number> {
  // One row is enough to know: counting 100,000 of them would hold up every start.
  const [any] = await db.select({ id: products.id }).from(products).limit(1);
  if (any) return 0;
  return writeCatalog(db);
}
