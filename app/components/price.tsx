import { formatUsd } from "../../domain/money/format";

/** Every price on the site goes through here: US dollars, 2 decimals. */
export function Price({ amount, className }: { amount: string | number; className?: string }) {
  return <span className={className}>{formatUsd(amount)}</span>;
}

/**
 * A unit price, and beside it, when a contract price applies, the list price struck through. The
 * strike is not all it says: a screen reader hears "List price $12.99, your price $9.50".
 */
export function UnitPrice({
  amount,
  listAmount,
  listLabel = "List price",
}: {
  amount: string;
  listAmount?: string | null;
  /** What the struck-through price is, for a screen reader: a bulk tier's row strikes the tier's price. */
  listLabel?: string;
}) {
  if (!listAmount) return <>{formatUsd(amount)}</>;
  return (
    <>
      <s className="mr-1 text-slate-600">
        <span className="sr-only">{listLabel} </span>
        {formatUsd(listAmount)}
      </s>
      <span className="sr-only">, your price </span>
      <span className="font-semibold text-green-800">{formatUsd(amount)}</span>
    </>
  );
}
