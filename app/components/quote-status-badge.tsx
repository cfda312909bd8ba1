import { clsx } from "clsx";
import { quoteStatusLabels } from "../../domain/quotes/quote-request";
import type { QuoteStatus } from "../../domain/quotes/quotes";

/** A quote's state as a badge: the ones waiting on the buyer stand out. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={clsx(
        "rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        status === "quoted" || status === "accepted" ? "bg-brand-800 text-white" : "bg-slate-200 text-slate-900",
      )}
    >
      {quoteStatusLabels[status]}
    </span>
  );
}
