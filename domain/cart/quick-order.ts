// Quick Order rows: typed one by one, or pasted as lines of "PART, QTY" (or tab-separated,
// as a spreadsheet copies them). No zod here: this runs in every page's header; the server checks
// what arrives with `quickOrderSchema` in cart-schemas.ts.
import { quantityProblem } from "../text/quantity";

export interface QuickOrderLine {
  partNumber: string;
  quantity: number;
}

/** A row as typed or pasted: its quantity as written, "" when none was. */
export interface QuickOrderRow {
  partNumber: string;
  quantity: string;
}

export const MAX_QUICK_ORDER_LINES = 100;
export const MAX_QUICK_ORDER_QUANTITY = 100_000;

/**
 * A quantity below 1 or not a number becomes 1; fractions round down. The product page's quantity
 * box (Quick Order's rows refuse such a quantity instead: `quickOrderLines`).
 */
export function quickOrderQuantity(raw: string | number | undefined): number {
  const value = Math.floor(Number(raw));
  return Number.isFinite(value) && value >= 1 ? Math.min(value, MAX_QUICK_ORDER_QUANTITY) : 1;
}

/** Lines of "PART, QTY", "PART<tab>QTY", "PART QTY" or just "PART"; blank lines are skipped. */
export function parsePastedLines(text: string): QuickOrderRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [partNumber = "", quantity = ""] = line.split(/\s*[,\t;]\s*|\s+(?=-?\d+$)/);
      return { partNumber: partNumber.trim(), quantity: quantity.trim() };
    })
    .filter((line) => line.partNumber)
    .slice(0, MAX_QUICK_ORDER_LINES);
}

/** A pasted text is a list when it has more than one line or a separator. */
export const looksLikeList = (text: string) => /[\n,\t;]/.test(text.trim());

/**
 * The rows with a part number (after trimming; the others are ignored) as lines to add, a blank
 * quantity being 1. A quantity that is not a whole number from 1 up is never changed: the row is
 * refused with why, by its index in `rows`, and no line is added until it is corrected.
 */
export function quickOrderLines(rows: readonly QuickOrderRow[]): {
  lines: QuickOrderLine[];
  problems: { index: number; partNumber: string; problem: string }[];
} {
  const lines: QuickOrderLine[] = [];
  const problems: { index: number; partNumber: string; problem: string }[] = [];
  rows.forEach((row, index) => {
    const partNumber = row.partNumber.trim();
    if (!partNumber) return;
    const typed = row.quantity.trim() || "1";
    const problem = quantityProblem(typed, MAX_QUICK_ORDER_QUANTITY);
    if (problem) problems.push({ index, partNumber, problem });
    else lines.push({ partNumber, quantity: Number(typed) });
  });
  return { lines, problems };
}
