// The instants a day of the store's calendar begins and ends, wherever the server or the browser
// is. Apart from domain/dates/dates.ts because the time-zone library it needs is for the pages that
// work with deadlines and periods, not for every page that shows a date.
import { TZDate } from "@date-fns/tz";
import { addDays, type Day, STORE_TIME_ZONE } from "./dates";

/** The instant `day` begins in the store's time zone. */
export function startOfStoreDay(day: Day): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, STORE_TIME_ZONE).getTime());
}

/** The instant `day` ends in the store's time zone: the next day's start there. */
export function endOfStoreDay(day: Day): Date {
  return startOfStoreDay(addDays(day, 1));
}

/** The instant the clock reads `time` ("HH:MM") on `day` in the store's time zone, daylight saving or not. */
export function storeTimeOn(day: Day, time: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, date, hours, minutes, STORE_TIME_ZONE).getTime());
}
