// The product editor's file fields, shared by the page and server/admin/product-uploads.ts.

/** The editor's upload fields, by the name they are sent under. */
export const UPLOAD_FIELDS = {
  pictures: "newImages",
  document: "newDocument",
  documentName: "newDocumentName",
} as const;

/** A refused file's message, on the field it was chosen in. */
export type UploadProblems = Partial<Record<"newImages" | "newDocument", string>>;
