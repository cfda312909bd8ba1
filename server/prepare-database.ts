// What every start does to the store's database before it serves: migrate it, seed the starter
// catalogue into an empty one, type the specifications of a store upgraded from before typed
// attributes, and bring files written to DATA_DIR/files into PostgreSQL or the bucket. Apart from server/app.ts so that tests can prepare a database as a start would without
// the web build app.ts serves.
import path from "node:path";
import { backfillProductAttributes } from "./catalog/seed/attribute-backfill";
import { seedCatalogIfEmpty } from "./catalog/seed/seed";
import type { S3Settings } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { filesFolder } from "./db/store-location";
import { logger } from "./logger";
import { copyFiles } from "./media/storage";

/** Opens, migrates and seeds the database the config names. */
export async function prepareDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  s3?: S3Settings;
}): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: options.databaseUrl ? undefined : path.join(options.dataDir, "pglite"),
  });
  await handle.migrate();
  const seeded = await seedCatalogIfEmpty(handle.db);
  if (seeded > 0) logger.info({ products: seeded }, "seeded the starter catalogue");
  const typed = await backfillProductAttributes(handle.db);
  if (typed > 0) logger.info({ products: typed }, "typed the specifications of the catalogue's products");
  // Files kept before the switch (in this machine's folder, or in the table before a bucket was
  // set) are copied at start rather than read through on a miss: the other machines cannot read
  // this one's folder. Each start checks again, a query (or HEAD) per file, until they are removed.
  const database = handle.driver === "postgres" ? handle.db : undefined;
  const here = { dataDir: options.dataDir, s3: options.s3, database };
  const earlier = [
    { dataDir: options.dataDir },
    ...(options.s3 && database ? [{ dataDir: options.dataDir, database }] : []),
  ];
  for (const from of earlier) {
    const copied = await copyFiles(from, here);
    if (copied > 0)
      logger.info(
        { files: copied, into: options.s3 ? "the bucket" : "PostgreSQL" },
        `copied ${copied} uploaded files from ${from.database ? "PostgreSQL's stored_files" : filesFolder(options)}; they are no longer read there and can be removed`,
      );
  }
  return handle;
}
