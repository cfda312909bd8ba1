import { Truck } from "lucide-react";

/**
 * How a line's part ships when it is a hazardous material ("Ships by ground only (hazardous
 * material)", domain/catalog/hazards.ts), in the cart and at checkout. Nothing for other parts.
 */
export function ShippingNote({ note, className = "" }: { note?: string; className?: string }) {
  if (!note) return null;
  return (
    <span className={`flex items-start gap-1.5 text-amber-800 ${className}`}>
      <Truck className="mt-[0.2lh] size-3.5 shrink-0" aria-hidden="true" />
      {note}
    </span>
  );
}
