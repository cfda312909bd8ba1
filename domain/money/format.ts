// Amounts travel as decimal strings ("12.99") or integer cents; formatting happens only here.
import { formatFixed } from "../text/numbers";

/** "$1,234.50" from "1234.5", 1234.5 or a numeric string from the database; "-$1.00" below zero. */
export function formatUsd(amount: string | number): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(value)) return `$${value}`;
  return formatFixed(value, 2, (whole, cents) => `$${whole}.${cents}`);
}
