// Where uploaded files are kept (docs/decisions/media-storage.md): pictures and documents in the
// `media` space, buyers' tax certificates in the private `tax-certificates` space, which /media
// never reads. The store names every media file by a key made from its content (see mediaKey), so a
// file is never replaced by another under the same name and its URL can be cached for good. The
// files live in one of three places, the same four calls on each: the folder DATA_DIR/files (PGlite),
// the `stored_files` table (PostgreSQL, so every machine reads the same files), or an S3-compatible
// bucket when S3_BUCKET is set (server/media/s3-storage.ts).
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config, type S3Settings } from "../config";
import { type Database, databaseDriver, db } from "../db/client";
import { filesFolder } from "../db/store-location";
import { databaseStorage } from "./database-storage";
import {
  checkedKey,
  contentTypeOf,
  FILE_SPACES,
  type FileSpace,
  type FileStore,
  isMediaKey,
  type MediaStorage,
} from "./file-store";
import { s3Storage } from "./s3-storage";

export {
  checkedKey,
  contentTypeOf,
  FILE_SPACES,
  type FileSpace,
  type FileStore,
  isMediaKey,
  type MediaStorage,
  type StoredFile,
} from "./file-store";

/** The first 24 hex digits of the bytes' SHA-256 (96 bits: no two files of a catalogue share one). */
export const contentHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 24);

/** A key for `bytes` named by their content, e.g. "3f9c…e1.pdf". */
export const mediaKey = (bytes: Uint8Array, extension: "pdf" | "webp" | "avif") => `${contentHash(bytes)}.${extension}`;

/** Files in `root`, spread over folders named by the key's first two characters. */
export function fileStorage(root: string): FileStore {
  const fileFor = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);
  const sizeOf = async (file: string) => {
    try {
      return (await stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  };
  return {
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file, even if the store stops mid-write.
      const partial = `${file}.${randomBytes(6).toString("hex")}.part`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      const file = fileFor(key);
      const size = await sizeOf(file);
      if (size === undefined) return undefined;
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        size,
        contentType: contentTypeOf(key),
      };
    },
    async exists(key) {
      return (await sizeOf(fileFor(key))) !== undefined;
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    async *keys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      });
      // A `.part` file is a write in progress or one a stopped store left: not a file yet.
      for (const entry of entries) if (entry.isFile() && isMediaKey(entry.name)) yield entry.name;
    },
  };
}

/** The folder a store whose data is in `dataDir` keeps its media in. */
export const mediaFolder = (dataDir: string) => path.join(filesFolder({ dataDir }), "media");

/** Where a store's files are: S3 when set, else PostgreSQL's table when `database` is given, else DATA_DIR/files. */
export interface FilesPlace {
  dataDir: string;
  /** A PostgreSQL database (PGlite's files stay in the folder). */
  database?: Database;
  s3?: S3Settings;
}

/** The storage of one space of the files at `place`. */
export function fileStoreFor(place: FilesPlace, space: FileSpace): FileStore {
  if (place.s3) return s3Storage(place.s3, space);
  if (place.database) return databaseStorage(place.database, space);
  return fileStorage(path.join(filesFolder(place), space));
}

/** Where this process keeps its files: its settings and the database it has open. */
export function storePlace(): FilesPlace {
  const { DATA_DIR, S3 } = config();
  return { dataDir: DATA_DIR, s3: S3, database: databaseDriver() === "postgres" ? db() : undefined };
}

/** The store's media storage: pictures and documents, served at /media. */
export const mediaStorage = (): MediaStorage => fileStoreFor(storePlace(), "media");

/** Whether `a` and `b` are the same storage, so copying one to the other is a no-op. */
const samePlace = (a: FilesPlace, b: FilesPlace) =>
  a.s3 || b.s3
    ? a.s3?.bucket === b.s3?.bucket && a.s3?.endpoint === b.s3?.endpoint
    : a.database || b.database
      ? a.database === b.database
      : path.resolve(a.dataDir) === path.resolve(b.dataDir);

/**
 * Copies every file at `from` that `to` does not have, space by space; returns how many. Files
 * are never changed under their key, so one already there is the same file.
 */
export async function copyFiles(from: FilesPlace, to: FilesPlace): Promise<number> {
  if (samePlace(from, to)) return 0;
  let copied = 0;
  for (const space of FILE_SPACES) {
    const [source, target] = [fileStoreFor(from, space), fileStoreFor(to, space)];
    for await (const key of source.keys()) {
      if (await target.exists(key)) continue;
      const file = await source.get(key);
      if (!file) continue; // deleted since it was listed
      await target.put(key, new Uint8Array(await new Response(file.body).arrayBuffer()), file.contentType);
      copied++;
    }
  }
  return copied;
}
