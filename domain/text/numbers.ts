// Numbers as en-US readers write them ("13,300", "4.5"), without Intl: a browser's first Intl
// formatter loads its locale data (about 20 ms on a desktop, several times that on a phone) in the
// middle of hydration, and these are the only formats the store shows. Money: ./money.ts.

/** 13300 → "13,300"; 4.5 → "4.5": at most `maxFractionDigits` decimals, no trailing zeros. */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  return formatFixed(value, maxFractionDigits, (whole, decimals) => {
    const fraction = decimals.replace(/0+$/, "");
    return fraction ? `${whole}.${fraction}` : whole;
  });
}

/**
 * `value` rounded to `fractionDigits` decimals, laid out by `layout` from its whole part with
 * thousands grouped ("1,234") and its decimals ("50"); a minus sign before it unless it rounds to
 * zero (where Intl writes "-0").
 */
export function formatFixed(
  value: number,
  fractionDigits: number,
  layout: (whole: string, decimals: string) => string,
): string {
  const [whole = "0", decimals = ""] = Math.abs(value).toFixed(fractionDigits).split(".");
  const shown = layout(whole.replace(/\B(?=(\d{3})+$)/g, ","), decimals);
  return value < 0 && /[1-9]/.test(whole + decimals) ? `-${shown}` : shown;
}
