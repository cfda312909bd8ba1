// The catalogue as a file: /admin/products/export.csv or .xlsx, streamed as it is read.
import { PassThrough, Readable } from "node:stream";
import { requireAdmin } from "../../../server/accounts/session";
import { exportCatalog } from "../../../server/catalog/import/export-catalog";
import { db } from "../../../server/db/client";
import { logger } from "../../../server/logger";
import type { Route } from "./+types/products-export";

const types = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const format = new URL(request.url).pathname.endsWith(".xlsx") ? "xlsx" : "csv";
  const output = new PassThrough();
  exportCatalog(db(), format, output).catch((error) => {
    logger.error({ err: error }, "the catalogue export failed");
    output.destroy(error);
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(output) as ReadableStream, {
    headers: {
      "Content-Type": types[format],
      "Content-Disposition": `attachment; filename="catalogue-${day}.${format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
