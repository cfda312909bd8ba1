import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";

/**
 * Subtotal, a discount when there is one, tax (and why none is charged, under a tax-exempt
 * certificate), (free) shipping and the total, as a description list.
 */
export function OrderTotals({
  subtotal,
  discount,
  promoCode,
  tax,
  taxExemption,
  total,
  showShipping = true,
  cancelled,
}: {
  subtotal: string;
  discount: string;
  promoCode?: string | null;
  tax: string;
  taxExemption?: string | null;
  total: string;
  showShipping?: boolean;
  /** What cancelled items took off an order (their share of the discount and tax counted), when any. */
  cancelled?: string | null;
}) {
  return (
    <dl className="space-y-1 text-sm text-slate-800">
      <Row label="Subtotal" value={formatUsd(subtotal)} />
      {Number(discount) > 0 && (
        <Row label={promoCode ? `Discount (${promoCode})` : "Discount"} value={`-${formatUsd(discount)}`} />
      )}
      <Row label="Tax" value={formatUsd(tax)} />
      {taxExemption && (
        <div>
          <dt className="sr-only">Why no tax is charged</dt>
          <dd className="text-xs text-emerald-800">{taxExemption}</dd>
        </div>
      )}
      {showShipping && <Row label="Shipping" value="FREE" />}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-950">
        <dt>Total</dt>
        <dd>{formatUsd(total)}</dd>
      </div>
      {cancelled && (
        <>
          <Row label="Cancelled items" value={`-${formatUsd(cancelled)}`} />
          <div className="flex justify-between font-semibold text-slate-950">
            <dt>Total after cancellations</dt>
            <dd>{formatUsd(fromCents(toCents(total) - toCents(cancelled)))}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
