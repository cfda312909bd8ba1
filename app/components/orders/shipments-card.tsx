import { Truck } from "lucide-react";
import { quantityWithUnit } from "../../../domain/catalog/sale-units";
import { formatLongDate } from "../../../domain/dates/dates";
import { Card, CardContent } from "../ui/card";

export interface ShipmentView {
  number: number;
  carrierName: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string;
  lines: { part: string | null; name: string; quantity: number; unit: string }[];
  packingSlip: string;
}

/** The order's shipments, each with its carrier, tracking link, lines and packing slip (buyer's and admin's order pages). */
export function ShipmentsCard({ shipments, note }: { shipments: ShipmentView[]; note?: string }) {
  return (
    <Card>
      <CardContent className="py-5 text-sm">
        <h2 className="flex items-center gap-2 text-xl font-semibold text-slate-950">
          <Truck className="size-5" aria-hidden="true" />
          Shipments
        </h2>
        {note && <p className="mt-1 font-medium text-slate-800">{note}</p>}
        {shipments.length === 0 ? (
          <p className="mt-2 text-slate-700">Nothing has shipped yet.</p>
        ) : (
          <ol className="mt-2 space-y-4">
            {shipments.map((shipment) => (
              <li key={shipment.number} className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
                <h3 className="font-semibold text-slate-950">
                  Shipment {shipment.number} · {formatLongDate(shipment.shippedAt)}
                </h3>
                <dl className="mt-1 space-y-1">
                  <div>
                    <dt className="inline text-slate-600">Carrier: </dt>
                    <dd className="inline font-semibold text-slate-950">{shipment.carrierName}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">Tracking Number: </dt>
                    <dd className="inline font-mono font-semibold break-all text-slate-950">
                      {shipment.trackingNumber && shipment.trackingUrl ? (
                        <a
                          href={shipment.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand-700 underline"
                        >
                          {shipment.trackingNumber}
                          <span className="sr-only"> (track on {shipment.carrierName}'s site, opens in a new tab)</span>
                        </a>
                      ) : (
                        (shipment.trackingNumber ?? "Not provided")
                      )}
                    </dd>
                  </div>
                </dl>
                <ul className="mt-1 list-disc pl-5 text-slate-800">
                  {shipment.lines.map((line) => (
                    <li key={`${line.part}-${line.name}`}>
                      {quantityWithUnit(line.quantity, line.unit)} × {line.name}
                      {line.part ? ` (${line.part})` : ""}
                    </li>
                  ))}
                </ul>
                <a
                  href={shipment.packingSlip}
                  download
                  className="mt-1 inline-block font-medium text-brand-700 underline"
                >
                  Download packing slip {shipment.number} (PDF)
                </a>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
