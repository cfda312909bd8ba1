// The pictures and documents a catalogue row names. On the command line a row names files beside
// the import file (stored as it is imported) or pictures already stored; an upload to the back
// office cannot carry side files, so there only already-stored /media/… URLs are taken. The drawn
// subcategory pictures the store shipped with (/images/products/…svg, what an export of a catalogue
// seeded before line drawings writes) are kept as they are, so an exported file imports again
// unchanged; a part with no pictures shows its line drawing, which no file needs to name.

import { parseStoredImageUrl } from "../../../domain/catalog/product-images";
import type { ProductInput } from "../../../domain/catalog/product-input";
import { StoreError } from "../../errors";
import { importDocument, importProductImage, STORED_DOCUMENT_URL } from "../../media/images";
import { type MediaStorage, mediaStorage } from "../../media/storage";
import type { CellProblem } from "./catalog-file";

const DRAWN_PICTURE = /^\/images\/products\/[a-z0-9-]+\.svg$/;

const UPLOAD_ONLY_STORED =
  "the back-office upload takes only files already stored (/media/… URLs): import files beside the catalogue with npm run catalog:import";

/** Keeps what is written and drops nothing: a dry run reads and checks every file but stores none. */
export const dryRunStorage = (storage: MediaStorage): MediaStorage => ({
  put: async () => {},
  get: (key) => storage.get(key),
  exists: (key) => storage.exists(key),
  delete: async () => {},
});

/**
 * The row's product with its pictures and documents as stored URLs, or the problems of the files
 * it names (one per column). `folder` is the import file's folder; unset for a back-office upload.
 */
export async function importRowMedia(
  input: ProductInput,
  folder: string | undefined,
  storage: MediaStorage = mediaStorage(),
): Promise<{ ok: true; input: ProductInput } | { ok: false; problems: CellProblem[] }> {
  const problems: CellProblem[] = [];
  const images: string[] = [];
  for (const reference of input.images) {
    if (DRAWN_PICTURE.test(reference)) {
      images.push(reference);
      continue;
    }
    try {
      if (folder === undefined && !parseStoredImageUrl(reference))
        throw new StoreError("Invalid", `${reference}: ${UPLOAD_ONLY_STORED}`);
      images.push((await importProductImage(reference, folder ?? "", storage)).url);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      problems.push({ column: "images", message: error.message });
      break;
    }
  }
  const documents: ProductInput["documents"] = [];
  for (const { name, url } of input.documents) {
    try {
      if (folder === undefined && !STORED_DOCUMENT_URL.test(url))
        throw new StoreError("Invalid", `${url}: ${UPLOAD_ONLY_STORED}`);
      documents.push(await importDocument(url, name, folder ?? "", storage));
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      problems.push({ column: "documents", message: error.message });
      break;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, input: { ...input, images, documents } };
}
