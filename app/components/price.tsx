import { formatUsd } from "../lib/money";

/** Every price on the site goes through here: US dollars, 2 decimals. */
export function Price({ amount, className }: { amount: string | number; className?: string }) {
  return <span className={className}>{formatUsd(amount)}</span>;
}
