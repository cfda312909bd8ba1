// What every place that keeps the store's files has in common (server/media/storage.ts chooses the
// place): the four calls and a listing, the key spaces, and what a key may be.

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

/** A storage whose files can be listed: a backup, a restore and a change of place copy them all. */
export interface FileStore extends MediaStorage {
  keys(): AsyncIterable<string>;
}

/** The separate key spaces of the store's files; only `media` is served to anyone. */
export const FILE_SPACES = ["media", "tax-certificates"] as const;
export type FileSpace = (typeof FILE_SPACES)[number];

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

/** `key`, or an error for anything that is not a key (a path, a URL, an upper-case name). */
export function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}
