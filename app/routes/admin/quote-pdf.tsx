// A version of a quote as the PDF the buyer was mailed, for store admins; no cache keeps it.
import { requireAdmin } from "../../../server/accounts/session";
import { privatePdf } from "../../../server/documents/private-pdf";
import { quotePdf } from "../../../server/quotes/quote-document";
import { quoteIdByNumber } from "../../../server/quotes/quoting";
import type { Route } from "./+types/quote-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const quoteId = await quoteIdByNumber(params.quoteNumber);
  const version = /^\d{1,6}$/.test(params.version) ? Number(params.version) : 0;
  const file = quoteId ? await quotePdf(quoteId, version) : null;
  return privatePdf(file, "There is no such quote version.");
}
