// The storefront's "years in business", counted from the year the operator says the business
// started (STORE_FOUNDED_YEAR), never a figure written into the page (docs/product-rules.md,
// Reviews and honest figures).
import { storeDay } from "./dates";

/**
 * The whole years certainly passed since the business started, at `now`: a start on the last day
 * of its year leaves the current year less one. Null without a year, or under two years (then no
 * "over N years" is true enough to say).
 */
export function yearsInBusiness(foundedYear: number | undefined, now: Date): number | null {
  if (foundedYear === undefined) return null;
  const years = Number(storeDay(now).slice(0, 4)) - foundedYear - 1;
  return years >= 2 ? years : null;
}
