// Where a store keeps its data, as the commands that work on it (seed, backup, restore) read it
// from the environment: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/pglite; uploaded
// files in the bucket S3_* names, else in PostgreSQL's table, else in DATA_DIR/files
// (server/media/storage.ts).
import path from "node:path";
import { parseS3Settings, type S3Settings } from "../config";
import { privateDataDir } from "../private-files";
import { type DatabaseHandle, openDatabase } from "./client";
import { lockDataDir } from "./data-dir-lock";

export interface StoreLocation {
  dataDir: string;
  databaseUrl?: string;
  s3?: S3Settings;
}

export function locationFromEnv(env: NodeJS.ProcessEnv = process.env): StoreLocation {
  return {
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    s3: parseS3Settings(env),
  };
}

export const pgliteFolder = ({ dataDir }: StoreLocation) => path.join(dataDir, "pglite");
export const filesFolder = ({ dataDir }: StoreLocation) => path.join(dataDir, "files");

/** "PostgreSQL" or the PGlite folder, for messages. */
export function describeDatabase(location: StoreLocation): string {
  return location.databaseUrl ? "the PostgreSQL database at DATABASE_URL" : `${pgliteFolder(location)} (PGlite)`;
}

/**
 * Opens the store's database for a command. The embedded one is one process's: DATA_DIR is locked
 * first (DataDirLockedError while a store runs on it) and released by `close`.
 */
export async function openStoreDatabase(location: StoreLocation): Promise<DatabaseHandle> {
  // DATA_DIR holds the uploaded files on PGlite, and those written before the store moved to PostgreSQL.
  privateDataDir(location.dataDir);
  if (location.databaseUrl) return openDatabase({ databaseUrl: location.databaseUrl });
  const release = lockDataDir(location.dataDir);
  try {
    const handle = await openDatabase({ pgliteDir: pgliteFolder(location) });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
