// Product pictures and documents as the store keeps them. The back office's upload and the
// catalogue import call these functions; they refuse what is not a picture (or not a PDF) with a
// message for people, and store the rest under keys made from the content, so storing the same
// file twice does nothing the second time.
//
// A picture is checked (format, size in bytes, size in pixels: a small PNG may claim to be
// 100,000 × 100,000 pixels, which would take gigabytes to decode), then made, once, into WebP and
// AVIF at the widths of domain/catalog/product-images.ts. A product keeps the URL storeProductImage
// returns in its `images`; pages derive every version from it.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import {
  IMAGE_FORMATS,
  type ImageFormat,
  imageVariantKey,
  imageWidths,
  parseStoredImageUrl,
  type StoredImageName,
  storedImageUrl,
} from "../../domain/catalog/product-images";
import { StoreError } from "../errors";
import { contentHash, type MediaStorage, mediaKey, mediaStorage } from "./storage";

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** 50 megapixels: more than any product photograph (a 45 MP camera's 8192 × 5464), far less than a bomb. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);
const ACCEPTED_NAMES = "JPEG, PNG, WebP, AVIF, GIF or TIFF";

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export interface StoredImage {
  /** What a product keeps in `images`: the URL of the largest WebP version. */
  url: string;
  /** The picture's size, upright, in pixels (as uploaded). */
  width: number;
  height: number;
}

const encoders: Record<ImageFormat, (image: Sharp) => Sharp> = {
  // Quality for photographs of parts on a plain background; AVIF at a lower effort, as its
  // encoder is slow and an import may carry thousands of pictures.
  webp: (image) => image.webp({ quality: 80 }),
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
};

/** Reads the picture's header only: what it is and how big it claims to be. */
async function checkedPicture(bytes: Uint8Array): Promise<StoredImageName> {
  if (bytes.byteLength === 0) throw new StoreError("Invalid", "The picture is empty: choose a picture file.");
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new StoreError(
      "Invalid",
      `The picture is ${megabytes(bytes.byteLength)}; a picture may be at most ${megabytes(MAX_IMAGE_BYTES)}.`,
    );
  }
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size it claims is checked below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new StoreError("Invalid", `This file is not a picture the store can read: send a ${ACCEPTED_NAMES} file.`);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new StoreError(
      "Invalid",
      `Pictures in ${String(metadata.format ?? "this").toUpperCase()} format are not taken: send a ${ACCEPTED_NAMES} file.`,
    );
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw new StoreError("Invalid", "The picture does not say how large it is.");
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new StoreError(
      "Invalid",
      `The picture is ${width} × ${height} pixels; a picture may have at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels (e.g. 8000 × 6000).`,
    );
  }
  return { hash: contentHash(bytes), width, height };
}

/**
 * Stores a product picture: checks it, makes its WebP and AVIF versions (once: a picture already
 * stored is not made again) and returns the URL to keep in the product's `images`.
 * Throws StoreError "Invalid" with a message for people when the file is not a usable picture.
 */
export async function storeProductImage(
  bytes: Uint8Array,
  storage: MediaStorage = mediaStorage(),
): Promise<StoredImage> {
  const image = await checkedPicture(bytes);
  const url = storedImageUrl(image);
  const stored = { url, width: image.width, height: image.height };
  const widths = imageWidths(image.width);
  const largestKey = imageVariantKey(image, widths[widths.length - 1] ?? image.width, "webp");
  // The largest WebP is written last: when it is there, every other version is too.
  if (await storage.exists(largestKey)) return stored;
  const versions = widths.flatMap((width) => IMAGE_FORMATS.map((format) => ({ width, format })));
  try {
    // Decoded once, upright, at the largest width kept: every version is made from these few
    // megabytes rather than from the original (a 48-megapixel PNG is 190 MB decoded).
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .autoOrient()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const decoded = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encoded = await Promise.all(
      versions.map(async ({ width, format }) => ({
        key: imageVariantKey(image, width, format),
        format,
        bytes: await encoders[format](sharp(data, decoded).resize({ width, withoutEnlargement: true })).toBuffer(),
      })),
    );
    encoded.sort((a, b) => Number(a.key === largestKey) - Number(b.key === largestKey));
    for (const version of encoded) await storage.put(version.key, version.bytes, `image/${version.format}`);
  } catch (error) {
    if (error instanceof StoreError) throw error;
    // The header was readable but the picture itself is not (cut short, corrupt).
    throw new StoreError("Invalid", "The picture is damaged and cannot be read: export it again and send it again.");
  }
  return stored;
}

export interface StoredDocument {
  /** The name buyers see, e.g. "Safety Data Sheet". */
  name: string;
  /** Where it is downloaded: /media/<key>.pdf. */
  url: string;
}

/**
 * Stores a PDF (a safety data sheet, a certificate) to list on a product as `{ name, url }`.
 * Throws StoreError "Invalid" when it is not a PDF, is too large, or has no name.
 */
export async function storeDocument(
  bytes: Uint8Array,
  name: string,
  storage: MediaStorage = mediaStorage(),
): Promise<StoredDocument> {
  const shownName = name.trim();
  if (!shownName || shownName.length > 120) {
    throw new StoreError("Invalid", "Give the document a name of 1 to 120 characters, e.g. Safety Data Sheet.");
  }
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new StoreError(
      "Invalid",
      `The document is ${megabytes(bytes.byteLength)}; a document may be at most ${megabytes(MAX_DOCUMENT_BYTES)}.`,
    );
  }
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") {
    throw new StoreError("Invalid", `“${shownName}” is not a PDF: documents are taken as PDF files only.`);
  }
  const key = mediaKey(bytes, "pdf");
  if (!(await storage.exists(key))) await storage.put(key, bytes, "application/pdf");
  return { name: shownName, url: `/media/${key}` };
}

export const STORED_DOCUMENT_URL = /^\/media\/[0-9a-f]{24}\.pdf$/;

/**
 * The file a catalogue import names, read from the import file's folder. Only files inside that
 * folder are read (no "../", no absolute path elsewhere); nothing is fetched from the web.
 */
async function importedFile(reference: string, folder: string, what: string, maxBytes: number): Promise<Uint8Array> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference)) {
    throw new StoreError(
      "Invalid",
      `${reference}: ${what}s are not fetched from the web; put the file beside the import file and name it by its path.`,
    );
  }
  const base = path.resolve(folder);
  const file = path.resolve(base, reference);
  if (file !== base && !file.startsWith(base + path.sep)) {
    throw new StoreError("Invalid", `${reference}: name a ${what} inside the import file's folder.`);
  }
  const size = await stat(file).then(
    (found) => (found.isFile() ? found.size : undefined),
    () => undefined,
  );
  if (size === undefined) throw new StoreError("Invalid", `${reference}: no such file beside the import file.`);
  if (size > maxBytes) {
    throw new StoreError(
      "Invalid",
      `${reference} is ${megabytes(size)}; a ${what} may be at most ${megabytes(maxBytes)}.`,
    );
  }
  return readFile(file);
}

/**
 * A picture an import row names: the URL of a picture already stored (kept as it is, once it is
 * found in storage), or a path relative to the import file's folder (stored).
 */
export async function importProductImage(
  reference: string,
  folder: string,
  storage: MediaStorage = mediaStorage(),
): Promise<StoredImage> {
  const stored = parseStoredImageUrl(reference);
  if (stored) {
    const widths = imageWidths(stored.width);
    if (!(await storage.exists(imageVariantKey(stored, widths[widths.length - 1] ?? stored.width, "webp")))) {
      throw new StoreError("Invalid", `${reference}: no picture is stored under this name.`);
    }
    return { url: reference, width: stored.width, height: stored.height };
  }
  return storeProductImage(await importedFile(reference, folder, "picture", MAX_IMAGE_BYTES), storage);
}

/** A document an import row names, as importProductImage: a stored document's URL or a path beside the import file. */
export async function importDocument(
  reference: string,
  name: string,
  folder: string,
  storage: MediaStorage = mediaStorage(),
): Promise<StoredDocument> {
  if (STORED_DOCUMENT_URL.test(reference)) {
    if (!(await storage.exists(reference.slice("/media/".length)))) {
      throw new StoreError("Invalid", `${reference}: no document is stored under this name.`);
    }
    const shownName = name.trim();
    if (!shownName) throw new StoreError("Invalid", `${reference}: give the document a name.`);
    return { name: shownName, url: reference };
  }
  return storeDocument(await importedFile(reference, folder, "document", MAX_DOCUMENT_BYTES), name, storage);
}
