// A version of a quote as the PDF the buyer was mailed, for store admins; no cache keeps it.
import { requireAdmin } from "../../../server/accounts/session";
import { quotePdf } from "../../../server/quotes/quote-document";
import { quoteIdByNumber } from "../../../server/quotes/quoting";
import type { Route } from "./+types/quote-pdf";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const quoteId = await quoteIdByNumber(params.quoteNumber);
  const version = /^\d{1,6}$/.test(params.version) ? Number(params.version) : 0;
  const file = quoteId ? await quotePdf(quoteId, version) : null;
  if (!file) {
    return new Response("There is no such quote version.", {
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
