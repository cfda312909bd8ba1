// The store's files in PostgreSQL's `stored_files` table (docs/decisions/media-storage.md): every
// process on every machine reads the same files, and the database's own backups hold them. A file
// is read whole (uploads are at most 20 MB, docs/decisions/media-storage.md) and handed on as a stream.
import { eq, like } from "drizzle-orm";
import type { Database } from "../db/client";
import { storedFiles } from "../db/schema";
import { checkedKey, type FileSpace, type FileStore } from "./file-store";

export function databaseStorage(db: Database, space: FileSpace): FileStore {
  const prefix = `${space}/`;
  const row = (key: string) => eq(storedFiles.key, prefix + checkedKey(key));
  return {
    async put(key, bytes, contentType) {
      // The key names the content: a second process storing the same file finds it there.
      await db
        .insert(storedFiles)
        .values({ key: prefix + checkedKey(key), contentType, size: bytes.byteLength, bytes })
        .onConflictDoNothing({ target: storedFiles.key });
    },
    async get(key) {
      const [file] = await db
        .select({ contentType: storedFiles.contentType, size: storedFiles.size, bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(row(key));
      if (!file) return undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(file.bytes);
          controller.close();
        },
      });
      return { body, size: file.size, contentType: file.contentType };
    },
    async exists(key) {
      const found = await db.select({ key: storedFiles.key }).from(storedFiles).where(row(key));
      return found.length > 0;
    },
    async delete(key) {
      await db.delete(storedFiles).where(row(key));
    },
    async *keys() {
      const rows = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(like(storedFiles.key, `${prefix}%`))
        .orderBy(storedFiles.key);
      for (const { key } of rows) yield key.slice(prefix.length);
    },
  };
}
