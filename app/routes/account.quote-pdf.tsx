// A version of one of the company's quotes as the PDF the buyer was mailed; another company's
// quote, or a version that does not exist, answers 404. Never kept by a shared cache.
import { requireBuyer } from "../../server/accounts/session";
import { buyerQuotePdf } from "../../server/quotes/requests";
import type { Route } from "./+types/account.quote-pdf";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const version = /^\d{1,6}$/.test(params.version) ? Number(params.version) : 0;
  const file = await buyerQuotePdf(buyer, params.quoteNumber, version);
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
