// A company's uploaded tax-exempt certificate, for store admins only: no one else, and no cache,
// ever gets it (docs/decisions/tax-exemption.md).
import { z } from "zod";
import { requireAdmin } from "../../../server/accounts/session";
import { certificateFile } from "../../../server/companies/tax-certificates";
import type { Route } from "./+types/tax-certificate-file";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const id = z.uuid().safeParse(params.certificateId);
  const file = id.success ? await certificateFile(id.data) : undefined;
  if (!file) {
    return new Response("There is no such certificate file.", {
      status: 404,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(file.body, {
    headers: {
      ...PRIVATE,
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="${file.fileName}"`,
      // Opened in the browser, a file from a buyer runs nothing and reaches nothing of the store.
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}
