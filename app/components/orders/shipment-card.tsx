import { Truck } from "lucide-react";
import { Card, CardContent } from "../ui/card";

/** The carrier and tracking number the admin gave when the order shipped (buyer's order page, admin order). */
export function ShipmentCard({ carrier, trackingNumber }: { carrier: string; trackingNumber: string | null }) {
  return (
    <Card>
      <CardContent className="py-5 text-sm">
        <h2 className="flex items-center gap-2 text-xl font-semibold text-slate-950">
          <Truck className="size-5" aria-hidden="true" />
          Shipment
        </h2>
        <dl className="mt-2 space-y-1">
          <div>
            <dt className="text-slate-600">Carrier</dt>
            <dd className="font-semibold text-slate-950">{carrier}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Tracking Number</dt>
            <dd className="font-mono font-semibold text-slate-950">{trackingNumber ?? "Not provided"}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
