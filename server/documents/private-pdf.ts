// How a document for one company or the store's admins leaves the store: a PDF to download, or a
// plain 404 when the asker may not see it (as when it does not exist). Never kept by a shared cache.
import type { DownloadedFile } from "./buyer-documents";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/** The file as an attachment, or `missing` with 404 when there is none for this asker. */
export function privatePdf(file: DownloadedFile | null, missing: string): Response {
  if (!file) {
    return new Response(missing, {
      status: 404,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(file.content), {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    },
  });
}
