// How a document drawn for everyone (a product's data sheet, a part's safety data sheet) leaves the
// store: one PDF shown inline, cached by anyone for an hour and then revalidated by its ETag, so an
// edited product's sheet follows it soon.

/** A drawn sheet: its bytes, the name it is saved as, and an ETag that changes with what it shows. */
export interface SheetFile {
  filename: string;
  content: Buffer;
  etag: string;
}

/** The sheet, or 304 when the asker holds this very one. */
export function publicPdf(request: Request, sheet: SheetFile): Response {
  const headers = { "Cache-Control": "public, max-age=3600", ETag: sheet.etag };
  if (request.headers.get("If-None-Match")?.includes(sheet.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(sheet.content), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${sheet.filename}"`,
    },
  });
}
