import { Clock } from "lucide-react";

/**
 * A line's back-order, as domain/orders/backorders.ts words it ("12 ship now, 8 back-ordered,
 * expected Tue, Dec 15"), wherever the line is shown: the product page, the cart, checkout, the
 * order's pages. Nothing when all of the line ships now.
 */
export function BackorderNote({ note, className = "" }: { note?: string; className?: string }) {
  if (!note) return null;
  return (
    <span className={`flex items-start gap-1.5 text-amber-800 ${className}`}>
      {/* On the first line of a note that wraps. */}
      <Clock className="mt-[0.2lh] size-3.5 shrink-0" aria-hidden="true" />
      {note}
    </span>
  );
}
