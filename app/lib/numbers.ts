// Numbers as en-US readers write them ("13,300", "4.5"), without Intl: a browser's first Intl
// formatter loads its locale data (about 20 ms on a desktop, several times that on a phone) in the
// middle of hydration, and these are the only formats the store shows. Money: ./money.ts.

/** 13300 → "13,300"; 4.5 → "4.5": at most `maxFractionDigits` decimals, no trailing zeros. */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = "0", decimals = ""] = Math.abs(value).toFixed(maxFractionDigits).split(".");
  const fraction = decimals.replace(/0+$/, "");
  const shown = `${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
  return value < 0 && shown !== "0" ? `-${shown}` : shown;
}

/** "1234567" → "1,234,567": a string of digits. */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ",");
