// Where uploaded pictures and documents are kept. The store names every file by a key made from
// its content (see mediaKey), so a file is never replaced by another under the same name and its
// URL can be cached for good. Today the files live under DATA_DIR/files/media, with the other
// uploaded files a backup copies (server/backup); an S3-compatible store
// (S3, R2, MinIO) implements the same four calls: put = PutObject with ContentType, get =
// GetObject (its Body stream, ContentLength, ContentType), exists = HeadObject, delete = DeleteObject.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "../config";
import { filesFolder } from "../db/store-location";

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

export interface MediaStorage {
  /** Keeps `bytes` under `key` (a second put of the same key keeps the same content). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or undefined when no file has that key. */
  get(key: string): Promise<StoredFile | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Letters, digits and dashes, then one extension: no folder, no "..", nothing a path could misread. */
const KEY = /^[0-9a-z][0-9a-z-]{0,127}\.(?:webp|avif|pdf)$/;
export const isMediaKey = (key: string) => KEY.test(key);

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  pdf: "application/pdf",
};

/** The content type a key's extension stands for. */
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "";

/** The first 24 hex digits of the bytes' SHA-256 (96 bits: no two files of a catalogue share one). */
export const contentHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 24);

/** A key for `bytes` named by their content, e.g. "3f9c…e1.pdf". */
export const mediaKey = (bytes: Uint8Array, extension: "pdf" | "webp" | "avif") => `${contentHash(bytes)}.${extension}`;

function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in `root`, spread over folders named by the key's first two characters. */
export function fileStorage(root: string): MediaStorage {
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
  };
}

/** The folder a store whose data is in `dataDir` keeps its media in. */
export const mediaFolder = (dataDir: string) => path.join(filesFolder({ dataDir }), "media");

let shared: MediaStorage | undefined;

/** The store's media storage: DATA_DIR/files/media. */
export function mediaStorage(): MediaStorage {
  shared ??= fileStorage(mediaFolder(config().DATA_DIR));
  return shared;
}
