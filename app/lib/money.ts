// Amounts travel as decimal strings ("12.99") or integer cents; formatting happens only here.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** "$1,234.50" from "1234.5", 1234.5 or a numeric string from the database. */
export function formatUsd(amount: string | number): string {
  return usd.format(typeof amount === "string" ? Number(amount) : amount);
}
