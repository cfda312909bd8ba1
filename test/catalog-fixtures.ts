// Catalogue rows written straight into the tables, for tests that want a few products of their own
// rather than the seeded catalogue. Needs the database set (setDatabase or withTestDatabase).
import { type Database, db } from "../server/db/client";
import { productBulkTiers, products } from "../server/db/schema";

export type TestProduct = Partial<typeof products.$inferInsert> & {
  partNumber: string;
  /** Quantity breaks: from `minQuantity` units up, each costs `unitPrice`. */
  tiers?: { minQuantity: number; unitPrice: string }[];
};

/** The grinding wheel that most tests' buyers order. */
export const grindingWheel = {
  slug: "wheel",
  partNumber: "GW-45-001",
  name: "Grinding Wheel 4.5 in",
  price: "12.99",
} satisfies TestProduct;

/**
 * Writes the products with their tiers; their ids, slugs and part numbers, in the order given.
 * What a product does not say, it takes from here: its slug is its part number in lower case, its
 * name "Part" and the part number, an Ironridge grinding wheel at $12.99; the rest as the table's
 * defaults (active, none in stock).
 */
export async function insertProducts(list: readonly TestProduct[], executor: Database = db()) {
  const rows = await executor
    .insert(products)
    .values(
      list.map(({ tiers: _, ...fields }) => ({
        slug: fields.partNumber.toLowerCase(),
        name: `Part ${fields.partNumber}`,
        brand: "Ironridge",
        category: "abrasives",
        subcategory: "grinding-wheels",
        price: "12.99",
        ...fields,
      })),
    )
    .returning({ id: products.id, slug: products.slug, partNumber: products.partNumber });
  const tiers = list.flatMap((product, i) =>
    (product.tiers ?? []).map((tier) => ({ productId: rows[i]?.id ?? "", ...tier })),
  );
  if (tiers.length > 0) await executor.insert(productBulkTiers).values(tiers);
  return rows;
}

/** One product, as insertProducts writes it; its id. */
export async function insertProduct(product: TestProduct, executor: Database = db()): Promise<string> {
  const [row] = await insertProducts([product], executor);
  if (!row) throw new Error(`${product.partNumber} was not written`);
  return row.id;
}
