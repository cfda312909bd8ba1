// Quick Order rows: typed one by one, or pasted as lines of "PART, QTY" (or tab-separated,
// as a spreadsheet copies them). No zod here: this runs in every page's header; the server checks
// what arrives with `quickOrderSchema` in cart-schemas.ts.
export interface QuickOrderLine {
  partNumber: string;
  quantity: number;
}

export const MAX_QUICK_ORDER_LINES = 100;

/** A quantity below 1 or not a number becomes 1; fractions round down (docs/product-rules.md, Cart). */
export function quickOrderQuantity(raw: string | number | undefined): number {
  const value = Math.floor(Number(raw));
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 100_000) : 1;
}

/** Lines of "PART, QTY", "PART<tab>QTY", "PART QTY" or just "PART"; blank lines are skipped. */
export function parsePastedLines(text: string): QuickOrderLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [partNumber = "", quantity] = line.split(/\s*[,\t;]\s*|\s+(?=\d+$)/);
      return { partNumber: partNumber.trim(), quantity: quickOrderQuantity(quantity) };
    })
    .filter((line) => line.partNumber)
    .slice(0, MAX_QUICK_ORDER_LINES);
}

/** A pasted text is a list when it has more than one line or a separator. */
export const looksLikeList = (text: string) => /[\n,\t;]/.test(text.trim());

/** Rows with an empty part number (after trimming) are ignored. */
export function filledLines(rows: { partNumber: string; quantity: string | number }[]): QuickOrderLine[] {
  return rows
    .map((row) => ({ partNumber: row.partNumber.trim(), quantity: quickOrderQuantity(row.quantity) }))
    .filter((row) => row.partNumber);
}
