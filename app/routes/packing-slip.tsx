// A shipment's packing slip (/account/orders/ORD…/packing-slips/1.pdf for the order's company,
// /admin/orders/ORD…/packing-slips/1.pdf for the store's admins). Anyone else's answers 404, as a
// made-up one does; no cache keeps it.
import { requireAdmin, requireBuyer } from "../../server/accounts/session";
import { privatePdf } from "../../server/documents/private-pdf";
import { packingSlip } from "../../server/orders/shipments";
import type { Route } from "./+types/packing-slip";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = new URL(request.url).pathname.startsWith("/admin/");
  if (admin) requireAdmin({ context });
  const viewer = admin ? "admin" : requireBuyer({ request, context });
  const file = await packingSlip(viewer, params.orderNumber, params.file);
  return privatePdf(file, "There is no such packing slip.");
}
