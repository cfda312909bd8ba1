// A build reads the sort orders beside its batches (./load.ts): a change committed meanwhile has
// them read again once the batches are in. The change log tells it so, whatever number it took.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { withTestDatabase } from "../../../test/database";
import { catalogueChanges, products } from "../../db/schema";
import { seedCatalogIfEmpty } from "../seed/seed";
import { logWatch } from "./load";

const { handle } = withTestDatabase();

it("tells whether the change log gained an entry since the watch began", async () => {
  const { db } = handle();
  await seedCatalogIfEmpty(db);
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  if (!product) throw new Error("The seed has no products.");

  const quiet = await logWatch();
  expect(await quiet()).toBe(false);

  const repriced = await logWatch();
  await db
    .update(products)
    .set({ price: sql`${products.price} + 1` })
    .where(eq(products.id, product.id));
  expect(await repriced()).toBe(true);
  expect(await repriced()).toBe(true);

  // A transaction takes its number when it writes, and may commit after one that took a later
  // number: its entry comes in below the highest.
  const late = await logWatch();
  await db.insert(catalogueChanges).values({ seq: 0, productId: product.id });
  expect(await late()).toBe(true);
});
