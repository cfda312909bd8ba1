import { requireBuyer } from "../../server/accounts/session";
import { buyerOrderDocument } from "../../server/documents/buyer-documents";
import { privatePdf } from "../../server/documents/private-pdf";
import type { Route } from "./+types/account.document";

/**
 * An order's invoice (/account/invoices/INV-000123.pdf) or card receipt
 * (/account/receipts/ORD….pdf). Someone else's answers 404, as a made-up one does.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const kind = new URL(request.url).pathname.startsWith("/account/invoices/") ? "invoice" : "receipt";
  const file = await buyerOrderDocument(buyer, kind, params.file);
  return privatePdf(file, `There is no ${kind} ${params.file} in your account.`);
}
