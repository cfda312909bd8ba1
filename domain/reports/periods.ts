// The periods a chart of the business over time is drawn in: days, weeks (from Monday) and months
// of the store's calendar, each with every period shown, those with nothing in them as zero.
import { addDays, type Day } from "../dates/dates";

export type Period = "day" | "week" | "month";

/** The first day of the period `day` falls in. */
export function periodStart(day: Day, period: Period): Day {
  if (period === "day") return day;
  if (period === "month") return `${day.slice(0, 7)}-01`;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

function nextPeriod(start: Day, period: Period): Day {
  if (period === "day") return addDays(start, 1);
  if (period === "week") return addDays(start, 7);
  const [year, month] = start.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

/** The starts of the last `count` periods up to and including the one `today` is in, oldest first. */
export function lastPeriods(today: Day, period: Period, count: number): Day[] {
  const starts: Day[] = [];
  let start = periodStart(today, period);
  for (let i = 0; i < count; i++) {
    starts.unshift(start);
    start = periodStart(addDays(start, -1), period);
  }
  return starts;
}

/** The day after the last of `starts`' periods ends (the end of a range of them). */
export const endOfPeriods = (starts: readonly Day[], period: Period): Day => nextPeriod(starts.at(-1) as Day, period);

/** Each period's figure, in `starts`' order, zero for a period with none. */
export function fillPeriods<T>(
  starts: readonly Day[],
  rows: readonly ({ start: Day } & T)[],
  zero: T,
): ({ start: Day } & T)[] {
  const byStart = new Map(rows.map((row) => [row.start, row]));
  return starts.map((start) => byStart.get(start) ?? { ...zero, start });
}

const monthLabel = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Dec 2" for a day or the week starting then, "Dec 2026" for a month. */
export function periodLabel(start: Day, period: Period): string {
  const [year, month, date] = start.split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  return period === "month" ? monthLabel.format(at) : dayLabel.format(at);
}
