// The files the product editor sends with a save: pictures and a PDF, stored through server/media
// before the product is saved so that their URLs are saved with it. A refused file stops the save
// with its message on its field; the files stored before it stay unused (named by their content,
// they are the same files when the operator sends them again).
import { UPLOAD_FIELDS, type UploadProblems } from "../../domain/catalog/editor-uploads";
import { MAX_LIST_ENTRIES } from "../../domain/catalog/product-input";
import { StoreError } from "../errors";
import { storeDocument, storeProductImage } from "../media/images";

// A browser sends an empty, nameless file for a file field left empty.
const chosenFiles = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is File => typeof value !== "string" && value.size > 0);

const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());

/** Stores the files chosen in the editor; what the product already has is counted against the list limit. */
export async function storeEditorUploads(
  form: FormData,
  has: { images: number; documents: number },
): Promise<
  { ok: true; images: string[]; documents: { name: string; url: string }[] } | { ok: false; problems: UploadProblems }
> {
  const pictures = chosenFiles(form, UPLOAD_FIELDS.pictures);
  const [document] = chosenFiles(form, UPLOAD_FIELDS.document);
  const documentName = String(form.get(UPLOAD_FIELDS.documentName) ?? "").trim();
  const problems: UploadProblems = {};
  if (has.images + pictures.length > MAX_LIST_ENTRIES)
    problems.newImages = `A product has at most ${MAX_LIST_ENTRIES} pictures: remove some first.`;
  if (document && has.documents + 1 > MAX_LIST_ENTRIES)
    problems.newDocument = `A product has at most ${MAX_LIST_ENTRIES} documents: remove one first.`;
  if (!document && documentName) problems.newDocument = "Choose the PDF file to add under this name.";
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const images: string[] = [];
  for (const picture of pictures) {
    try {
      images.push((await storeProductImage(await bytesOf(picture))).url);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      return { ok: false, problems: { newImages: `${picture.name}: ${error.message}` } };
    }
  }
  if (!document) return { ok: true, images, documents: [] };
  try {
    return { ok: true, images, documents: [await storeDocument(await bytesOf(document), documentName)] };
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return { ok: false, problems: { newDocument: error.message } };
  }
}
