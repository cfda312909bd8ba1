// Writes the generated catalogue: on first start (about 3,000 products) and from `npm run seed`
// (any size), in batches inside one transaction so a failed run leaves nothing half-written. Each
// product's specifications are stored typed (product_attribute_values) against its subcategory's
// attributes, which the seed derives from the generator's values when a subcategory has none.
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { attributes, partFamilies, productBulkTiers, products, subcategories } from "../../db/schema";
import {
  type AttributeDefinition,
  attributeDefinitionsBySubcategory,
  attributeValueRows,
  insertAttributeValues,
  typeSpecifications,
} from "../products/attributes";
import { deriveDefinitions } from "./attribute-derivation";
import { familySizes, type SeededPart, seededFamilies } from "./families";
import {
  DEFAULT_CATALOGUE_SIZE,
  DEFAULT_SEED,
  type GeneratedProduct,
  generateCatalog,
  specificationValues,
} from "./generator";

const BATCH_SIZE = 500;

export interface WriteCatalogOptions {
  size?: number;
  seed?: number;
  /** Called after each batch with how many products are written so far. */
  onProgress?: (written: number) => void;
}

/**
 * Gives every subcategory of the tree that has no attributes yet the ones its generated products
 * carry; returns every subcategory's attributes.
 */
async function writeSeedAttributes(tx: Transaction): Promise<Map<string, AttributeDefinition[]>> {
  const [tree, defined] = await Promise.all([
    tx.select({ slug: subcategories.slug }).from(subcategories),
    tx.selectDistinct({ subcategory: attributes.subcategorySlug }).from(attributes),
  ]);
  const inTree = new Set(tree.map((row) => row.slug));
  const hasAttributes = new Set(defined.map((row) => row.subcategory));
  const rows = [...specificationValues()]
    .filter(([subcategory]) => inTree.has(subcategory) && !hasAttributes.has(subcategory))
    .flatMap(([subcategory, keys]) =>
      deriveDefinitions(keys).map((draft) => ({ ...draft, subcategorySlug: subcategory })),
    );
  if (rows.length > 0) await tx.insert(attributes).values(rows);
  return attributeDefinitionsBySubcategory(tx);
}

async function writeBatch(tx: Transaction, definitions: Map<string, AttributeDefinition[]>, batch: GeneratedProduct[]) {
  const typed = batch.map((item) =>
    typeSpecifications(definitions.get(item.product.subcategory) ?? [], item.product.specifications ?? {}),
  );
  const written = await tx
    .insert(products)
    .values(batch.map((item, i) => ({ ...item.product, specifications: typed[i]?.shown ?? {} })))
    .returning({ id: products.id, partNumber: products.partNumber });
  const ids = new Map(written.map((row) => [row.partNumber, row.id]));
  const idOf = (item: GeneratedProduct) => ids.get(item.product.partNumber) ?? "";
  const tiers = batch.flatMap((item) => item.tiers.map((tier) => ({ ...tier, productId: idOf(item) })));
  if (tiers.length > 0) await tx.insert(productBulkTiers).values(tiers);
  const values = batch.flatMap((item, i) => attributeValueRows(idOf(item), typed[i]?.values));
  await insertAttributeValues(tx, values);
}

/** Groups the seeded parts alike but for their size into families (./families.ts). */
async function writeSeedFamilies(
  tx: Transaction,
  definitions: Map<string, AttributeDefinition[]>,
  parts: SeededPart[],
) {
  const families = seededFamilies(parts).map((family) => {
    const own = definitions.get(family.subcategory) ?? [];
    return {
      name: family.name,
      attribute_slugs: family.sizes.flatMap((size) =>
        own.filter((definition) => definition.name === size).map((d) => d.slug),
      ),
      part_numbers: family.partNumbers,
    };
  });
  if (families.length === 0) return;
  // One statement for the families and one for their parts: a large seed makes thousands.
  await tx.execute(sql`
    with given as (
      select name, attribute_slugs, part_numbers
      from jsonb_to_recordset(${JSON.stringify(families)}::jsonb) as given(name text, attribute_slugs jsonb, part_numbers jsonb)
    ), made as (
      insert into ${partFamilies} (name, attribute_slugs) select name, attribute_slugs from given
      on conflict do nothing
      returning id, name
    )
    update ${products} set family_id = made.id
    from made join given on given.name = made.name, jsonb_array_elements_text(given.part_numbers) as part(number)
    where ${products.partNumber} = part.number`);
}

/** Adds the generated catalogue to the products table; returns how many products it wrote. */
export async function writeCatalog(db: Database, options: WriteCatalogOptions = {}): Promise<number> {
  const catalogue = generateCatalog({
    size: options.size ?? DEFAULT_CATALOGUE_SIZE,
    seed: options.seed ?? DEFAULT_SEED,
  });
  let total = 0;
  await db.transaction(async (tx) => {
    const definitions = await writeSeedAttributes(tx);
    const sized: SeededPart[] = [];
    let batch: GeneratedProduct[] = [];
    for (const item of catalogue) {
      batch.push(item);
      const { partNumber, subcategory, specifications = {} } = item.product;
      if (familySizes[subcategory]) sized.push({ partNumber, subcategory, specifications });
      if (batch.length < BATCH_SIZE) continue;
      await writeBatch(tx, definitions, batch);
      total += batch.length;
      options.onProgress?.(total);
      batch = [];
    }
    if (batch.length > 0) {
      await writeBatch(tx, definitions, batch);
      total += batch.length;
      options.onProgress?.(total);
    }
    await writeSeedFamilies(tx, definitions, sized);
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
