// Amounts travel as decimal strings ("12.99") or integer cents; formatting happens only here.
import { groupThousands } from "./numbers";

/** "$1,234.50" from "1234.5", 1234.5 or a numeric string from the database; "-$1.00" below zero. */
export function formatUsd(amount: string | number): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(value)) return `$${value}`;
  const cents = Math.round(Math.abs(value) * 100);
  const shown = `$${groupThousands(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, "0")}`;
  return value < 0 && cents > 0 ? `-${shown}` : shown;
}
