// What every start does to the store's database before it serves: migrate it, seed the starter
// catalogue into an empty one, and type the specifications of a store upgraded from before typed
// attributes. Apart from server/app.ts so that tests can prepare a database as a start would without
// the web build app.ts serves.
import path from "node:path";
import { backfillProductAttributes } from "./catalog/seed/attribute-backfill";
import { seedCatalogIfEmpty } from "./catalog/seed/seed";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { logger } from "./logger";

/** Opens, migrates and seeds the database the config names. */
export async function prepareDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: options.databaseUrl ? undefined : path.join(options.dataDir, "pglite"),
  });
  await handle.migrate();
  const seeded = await seedCatalogIfEmpty(handle.db);
  if (seeded > 0) logger.info({ products: seeded }, "seeded the starter catalogue");
  const typed = await backfillProductAttributes(handle.db);
  if (typed > 0) logger.info({ products: typed }, "typed the specifications of the catalogue's products");
  return handle;
}
