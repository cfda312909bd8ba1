// A version of one of the company's quotes as the PDF the buyer was mailed; another company's
// quote, or a version that does not exist, answers 404. Never kept by a shared cache.
import { requireBuyer } from "../../server/accounts/session";
import { privatePdf } from "../../server/documents/private-pdf";
import { buyerQuotePdf } from "../../server/quotes/requests";
import type { Route } from "./+types/account.quote-pdf";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const version = /^\d{1,6}$/.test(params.version) ? Number(params.version) : 0;
  const file = await buyerQuotePdf(buyer, params.quoteNumber, version);
  return privatePdf(file, "There is no such quote version.");
}
