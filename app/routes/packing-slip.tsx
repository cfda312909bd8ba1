// A shipment's packing slip (/account/orders/ORD…/packing-slips/1.pdf for the order's company,
// /admin/orders/ORD…/packing-slips/1.pdf for the store's admins). Anyone else's answers 404, as a
// made-up one does; no cache keeps it.
import { requireAdmin, requireBuyer } from "../../server/accounts/session";
import { packingSlip } from "../../server/orders/shipments";
import type { Route } from "./+types/packing-slip";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = new URL(request.url).pathname.startsWith("/admin/");
  if (admin) requireAdmin({ context });
  const viewer = admin ? "admin" : requireBuyer({ request, context });
  const file = await packingSlip(viewer, params.orderNumber, params.file);
  if (!file) {
    return new Response("There is no such packing slip.", {
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
