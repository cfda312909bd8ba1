import { formatUsd } from "../lib/money";

/** Subtotal, a discount when there is one, tax, (free) shipping and the total, as a description list. */
export function OrderTotals({
  subtotal,
  discount,
  promoCode,
  tax,
  total,
  showShipping = true,
}: {
  subtotal: string;
  discount: string;
  promoCode?: string | null;
  tax: string;
  total: string;
  showShipping?: boolean;
}) {
  return (
    <dl className="space-y-1 text-sm text-slate-800">
      <Row label="Subtotal" value={formatUsd(subtotal)} />
      {Number(discount) > 0 && (
        <Row label={promoCode ? `Discount (${promoCode})` : "Discount"} value={`-${formatUsd(discount)}`} />
      )}
      <Row label="Tax" value={formatUsd(tax)} />
      {showShipping && <Row label="Shipping" value="FREE" />}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-950">
        <dt>Total</dt>
        <dd>{formatUsd(total)}</dd>
      </div>
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
