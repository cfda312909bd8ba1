// A return's documents: its Return Authorisation (/account/rma/RMA-000123.pdf) and its credit memo
// (/account/credit-memos/CM-000045.pdf) for the order's company, the same under /admin/ for the
// store's admins. Anyone else's answers 404, as a made-up one does; no cache keeps them.
import { requireAdmin, requireBuyer } from "../../server/accounts/session";
import { privatePdf } from "../../server/documents/private-pdf";
import { returnDocument } from "../../server/documents/return-documents";
import type { Route } from "./+types/return-document";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const admin = path.startsWith("/admin/");
  if (admin) requireAdmin({ context });
  const viewer = admin ? "admin" : requireBuyer({ request, context });
  const kind = path.includes("/rma/") ? "rma" : "credit-memo";
  const file = await returnDocument(viewer, kind, params.file);
  return privatePdf(file, kind === "rma" ? "There is no such return authorisation." : "There is no such credit memo.");
}
