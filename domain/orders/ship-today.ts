// The same-day promise (docs/decisions/shipments.md): an order placed on a business day before the
// store's cut-off (a setting, 15:00 by default, in the store's time zone) ships that day; any other
// ships on the next business day. Business days skip weekends; the store keeps no holidays.
import { addBusinessDays, addDays, type Day, isWeekend, storeDateFormat, storeDay } from "../dates/dates";
import { storeTimeOn } from "../dates/store-day-bounds";

export const DEFAULT_SHIP_CUTOFF = "15:00";
export const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const clock = storeDateFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The business day an order placed at `placedAt` ships. */
export function shipDay(placedAt: Date, cutoff: string): Day {
  const day = storeDay(placedAt);
  if (!isWeekend(day) && clock(placedAt) < cutoff) return day;
  return addBusinessDays(day, 1);
}

export type ShipPromise = "Ships today" | "Ships next business day";

/**
 * What the order's pages promise at `now`: "Ships today" on its ship day, "Ships next business
 * day" before it, nothing once that day has passed (the admin's list shows it as late instead).
 */
export function shipPromise(placedAt: Date, cutoff: string, now: Date): ShipPromise | null {
  const day = shipDay(placedAt, cutoff);
  const today = storeDay(now);
  if (day === today) return "Ships today";
  return day > today ? "Ships next business day" : null;
}

/**
 * Orders placed before this instant are due to ship by the end of `now`'s day: today's cut-off on a
 * business day; on a weekend, the cut-off of the Friday before (what came after waits for Monday).
 */
export function shipTodayBefore(now: Date, cutoff: string): Date {
  let day = storeDay(now);
  while (isWeekend(day)) day = addDays(day, -1);
  return storeTimeOn(day, cutoff);
}

/** "3:00 PM" for a cut-off "15:00", as the settings page and the promise read it. */
export function formatCutoff(cutoff: string): string {
  const [hours, minutes] = cutoff.split(":").map(Number) as [number, number];
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * The promise for an order's stock items, or null when none is waiting to ship (all shipped, or
 * all back-ordered: the back-order's expected day says when those ship).
 */
export function orderShipPromise(
  order: { orderDate: Date; items: readonly { allocatedQuantity: number; shippedQuantity: number }[] },
  cutoff: string,
  now: Date,
): ShipPromise | null {
  const waiting = order.items.some((item) => item.allocatedQuantity > item.shippedQuantity);
  return waiting ? shipPromise(order.orderDate, cutoff, now) : null;
}
