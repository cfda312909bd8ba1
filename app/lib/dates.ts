// Dates in US English, in the store's time zone (Eastern) (docs/product-rules.md, Texts).
const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "America/New_York",
});
const longDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "America/New_York",
});

/** "Nov 23, 2026" (My Account). */
export function formatShortDate(date: Date | string): string {
  return shortDate.format(new Date(date));
}

/** "November 23, 2026" (order confirmation). */
export function formatLongDate(date: Date | string): string {
  return longDate.format(new Date(date));
}
