import { clsx } from "clsx";
import { orderStatusLabel } from "../../domain/orders/order-status";

/** The status as a badge: 'completed' in the primary style, every other status secondary (docs/product-rules.md, Orders). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={clsx(
        "rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        status === "completed" ? "bg-brand-800 text-white" : "bg-slate-200 text-slate-900",
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}
