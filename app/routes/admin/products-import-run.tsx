// The back office's import with a progress bar: the upload is checked first (a refused file
// answers 4xx at once), then the import runs while this answer streams one JSON line per batch
// ({"type":"progress","rows":…,"share":…}) and a last line with the report and its summary.
import { requireAdmin } from "../../../server/accounts/session";
import { acceptUpload } from "../../../server/catalog/import/catalog-upload";
import { summarizeImport } from "../../../server/catalog/import/import-catalog";
import { StoreError } from "../../../server/errors";
import { logger } from "../../../server/logger";
import type { Route } from "./+types/products-import-run";

const text = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin({ context });
  let upload: Awaited<ReturnType<typeof acceptUpload>>;
  try {
    upload = await acceptUpload(request, admin.id);
  } catch (error) {
    if (error instanceof StoreError) return text(error.message, error.status);
    throw error;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      send({ type: "progress", rows: 0, share: 0 });
      try {
        const report = await upload.run(({ rows, share }) => send({ type: "progress", rows, share }));
        send({ type: "report", report, summary: summarizeImport(report) });
      } catch (error) {
        logger.error({ err: error }, "a catalogue import failed");
        send({ type: "error", error: "The import failed; rows of batches already written stay written. Try again." });
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      // Compression would hold the progress lines back until the end.
      "Cache-Control": "private, no-store, no-transform",
    },
  });
}

export function loader() {
  return text("Post a catalogue file here from /admin/products/import.", 405);
}
