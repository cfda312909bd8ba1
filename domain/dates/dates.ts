// Dates in US English, in the store's time zone (docs/product-rules.md, Texts). A date that means
// a calendar day (a promo's last day, an invoice's due day) is that day in the store's time zone,
// whatever the server's or the browser's own zone.
export const STORE_TIME_ZONE = "America/New_York";

/**
 * Formats in the store's time zone, with the formatter made on its first use: each one costs
 * ~25 ms of a phone's CPU, too much for the start of every page, when most pages show no date.
 */
export function storeDateFormat(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => {
    made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: STORE_TIME_ZONE });
    return made.format(date);
  };
}

const shortDate = storeDateFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const longDate = storeDateFormat("en-US", { month: "long", day: "numeric", year: "numeric" });
// en-CA writes dates as YYYY-MM-DD.
const isoDay = storeDateFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });

/** "Nov 23, 2026" (My Account). */
export function formatShortDate(date: Date | string): string {
  return shortDate(new Date(date));
}

/** "November 23, 2026" (order confirmation). */
export function formatLongDate(date: Date | string): string {
  return longDate(new Date(date));
}

/** A calendar day as YYYY-MM-DD. */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The store's calendar day at an instant. */
export function storeDay(instant: Date | string): Day {
  return isoDay(new Date(instant));
}

const dayParts = (day: Day) => day.split("-").map(Number) as [number, number, number];
/** The day's midnight in UTC: the calendar day itself, which no time zone moves. */
const utcOf = (day: Day) => {
  const [year, month, date] = dayParts(day);
  return Date.UTC(year, month - 1, date);
};
const DAY_MS = 86_400_000;

/** The day `days` after `day` (calendar days, so a daylight-saving change does not move it). */
export function addDays(day: Day, days: number): Day {
  return new Date(utcOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Sunday 0 to Saturday 6. */
const weekdayOf = (day: Day) => new Date(utcOf(day)).getUTCDay();
export const isWeekend = (day: Day) => weekdayOf(day) === 0 || weekdayOf(day) === 6;

/**
 * The business day `days` business days after `day`: Saturdays and Sundays are skipped (the store
 * knows no holidays). From a weekend, the first business day is the Monday after it.
 */
export function addBusinessDays(day: Day, days: number): Day {
  let at = day;
  for (let left = days; left > 0; left--) {
    at = addDays(at, 1);
    while (isWeekend(at)) at = addDays(at, 1);
  }
  return at;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Tue, Dec 15", or "Tue, Jan 5, 2027" when its year is not the year of `from`. Written without
 * Intl, as formatNumber is (domain/text/numbers.ts): catalogue pages show it while they hydrate.
 */
export function formatWeekdayDay(day: Day, from: Day): string {
  const [year, month, date] = dayParts(day);
  const shown = `${WEEKDAYS[weekdayOf(day)]}, ${MONTHS[month - 1]} ${date}`;
  return year === dayParts(from)[0] ? shown : `${shown}, ${year}`;
}

/** How many calendar days `to` comes after `from` (negative when before). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

const justBefore = (end: Date | string) => new Date(new Date(end).getTime() - 1);

/** The last day something that stops at `end` (an end of day) still holds: the day before it. */
export function lastStoreDayBefore(end: Date | string): Day {
  return storeDay(justBefore(end));
}

/** "Dec 25, 2026" for something that stops at the end of December 25 (a promo's last day). */
export function formatLastDay(end: Date | string): string {
  return formatShortDate(justBefore(end));
}
