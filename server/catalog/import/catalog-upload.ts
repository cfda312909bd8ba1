// The back office's catalogue upload: the posted file is kept in a private temporary folder for
// the import's two readings, then removed. What is refused (not a form, no file, a file too large
// or of another kind) is a StoreError whose message the page shows.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "../../db/client";
import { StoreError } from "../../errors";
import { readForm } from "../../forms";
import { formatOfName } from "./catalog-file-readers";
import { checkCatalogFile, type ImportOptions, type ImportReport, importCheckedFile } from "./import-catalog";

/** What an upload may weigh: a 100,000-product CSV is about 25 MB. request-limits.ts lets this much in. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export interface CatalogUpload {
  path: string;
  name: string;
  dryRun: boolean;
  /** Removes the kept file. */
  discard: () => Promise<void>;
}

/** Reads the upload form (fields `file` and `dryRun`); throws a Response (415, 400) or a StoreError. */
export async function receiveCatalogUpload(request: Request): Promise<CatalogUpload> {
  const form = await readForm(request);
  const file = form.get("file");
  if (!(file instanceof File) || file.name === "")
    throw new StoreError("Invalid", "Choose a catalogue file (.csv or .xlsx) to import.");
  if (file.size > MAX_UPLOAD_BYTES)
    throw new StoreError(
      "Invalid",
      `The file is ${Math.ceil(file.size / 1024 / 1024)} MB; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB can be uploaded. Import larger files with npm run catalog:import.`,
    );
  formatOfName(file.name);
  const folder = await mkdtemp(path.join(tmpdir(), "catalog-upload-"));
  // Only the extension of the sender's name is kept: the name is theirs to choose.
  const kept = path.join(folder, `upload${path.extname(file.name).toLowerCase()}`);
  await writeFile(kept, file.stream());
  return {
    path: kept,
    name: path.basename(file.name),
    dryRun: form.get("dryRun") === "on",
    discard: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * Receives and checks an upload, writing nothing: a refused file throws (a 4xx). `run` then imports
 * it; the kept file is removed once it has, or at once if the file was refused.
 */
export async function acceptUpload(
  request: Request,
  adminId: string,
): Promise<{ rows: number; run: (onProgress?: ImportOptions["onProgress"]) => Promise<ImportReport> }> {
  const upload = await receiveCatalogUpload(request);
  try {
    const checked = await checkCatalogFile(upload);
    return {
      rows: checked.total,
      run: async (onProgress) => {
        try {
          return await importCheckedFile(db(), checked, { dryRun: upload.dryRun, adminId, onProgress });
        } finally {
          await upload.discard();
        }
      },
    };
  } catch (error) {
    await upload.discard();
    throw error;
  }
}
