// An upgraded store: products written before attributes were typed have only their shown
// specifications. At start (server/prepare-database.ts), when no attribute is defined but
// products exist, each subcategory's attributes are derived from those specifications and every
// product's typed values written: once, in one transaction of batches, so a failed run leaves the
// store as it was and the next start tries again.
import { and, asc, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { attributes, products, subcategories } from "../../db/schema";
import {
  type AttributeValue,
  attributeDefinitionsBySubcategory,
  typeSpecifications,
  writeProductAttributes,
} from "../products/attributes";
import { deriveDefinitions, MAX_CHOICES } from "./attribute-derivation";

const BATCH_SIZE = 1_000;

/** Types every product's specifications when the store has none typed; returns how many products it read. */
export async function backfillProductAttributes(database: Database): Promise<number> {
  const [anyAttribute] = await database.select({ id: attributes.id }).from(attributes).limit(1);
  if (anyAttribute) return 0;
  const [anyProduct] = await database.select({ id: products.id }).from(products).limit(1);
  if (!anyProduct) return 0;
  return database.transaction(async (tx) => {
    // Keys by how many products carry them, most first; a key with more distinct values than a
    // choice may have is text, so its values need not all be read.
    const keys = await tx.execute<{ subcategory: string; key: string; distinct_values: number; sample: string[] }>(sql`
      select p.subcategory, spec.key, count(distinct spec.value)::int as distinct_values,
        (array_agg(distinct spec.value))[1:${MAX_CHOICES + 1}] as sample
      from ${products} p cross join jsonb_each_text(p.specifications) spec
      where p.subcategory in (select ${subcategories.slug} from ${subcategories})
      group by p.subcategory, spec.key
      order by p.subcategory, count(*) desc, spec.key`);
    const valuesByKey = new Map<string, Map<string, readonly string[]>>();
    for (const row of keys.rows) {
      const subcategoryKeys = valuesByKey.get(row.subcategory) ?? new Map<string, readonly string[]>();
      // Too many to be a choice: one value that is no measure keeps it from being a number.
      subcategoryKeys.set(row.key, row.distinct_values > MAX_CHOICES ? [...row.sample, ""] : row.sample);
      valuesByKey.set(row.subcategory, subcategoryKeys);
    }
    const drafts = [...valuesByKey].flatMap(([subcategory, byKey]) =>
      deriveDefinitions(byKey).map((draft) => ({ ...draft, subcategorySlug: subcategory })),
    );
    if (drafts.length > 0) await tx.insert(attributes).values(drafts);
    const definitions = await attributeDefinitionsBySubcategory(tx);
    if (definitions.size === 0) return 0;
    const allDefinitions = [...definitions.values()].flat();
    let read = 0;
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const batch = await tx
        .select({ id: products.id, subcategory: products.subcategory, specifications: products.specifications })
        .from(products)
        .where(and(gt(products.id, after), inArray(products.subcategory, [...definitions.keys()])))
        .orderBy(asc(products.id))
        .limit(BATCH_SIZE);
      if (batch.length === 0) break;
      const values = new Map<string, Map<number, AttributeValue>>();
      for (const product of batch)
        values.set(
          product.id,
          typeSpecifications(definitions.get(product.subcategory) ?? [], product.specifications).values,
        );
      await writeProductAttributes(tx, allDefinitions, values);
      read += batch.length;
      after = batch[batch.length - 1]?.id ?? after;
    }
    return read;
  });
}
