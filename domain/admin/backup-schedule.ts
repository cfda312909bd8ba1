// When the store backs itself up: once a day at a time of the store's day, keeping the newest few.
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { type Day, STORE_TIME_ZONE, storeDay } from "../dates/dates";

export const MAX_BACKUPS_KEPT = 365;

export interface BackupSchedule {
  enabled: boolean;
  /** "HH:MM", in the store's time zone. */
  time: string;
  /** How many backups the folder keeps; the oldest beyond that are deleted after each scheduled one. */
  keep: number;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The store day a scheduled backup is due for at `now`, or null: the day's time has come and no
 * scheduled backup was claimed for that day. A store that was down at the time backs up when it
 * is next up that day; a day it was down throughout is not made up for.
 */
export function backupDueDay(now: Date, schedule: BackupSchedule, lastRunOn: Day | null): Day | null {
  if (!schedule.enabled || !TIME.test(schedule.time)) return null;
  const today = storeDay(now);
  if (lastRunOn === today) return null;
  const [year, month, date] = today.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = schedule.time.split(":").map(Number) as [number, number];
  const due = new TZDate(year, month - 1, date, hours, minutes, STORE_TIME_ZONE);
  return now.getTime() >= due.getTime() ? today : null;
}

/** The names (oldest first, as their time-stamped names sort) of the backups beyond the newest `keep`. */
export function backupsBeyond(names: readonly string[], keep: number): string[] {
  const sorted = [...names].sort();
  return sorted.slice(0, Math.max(0, sorted.length - keep));
}

export const backupScheduleSchema = z.object({
  // An unticked box sends nothing.
  enabled: z
    .literal("on")
    .optional()
    .transform((on) => on === "on"),
  time: z
    .string({ message: "Enter the time, e.g. 02:00" })
    .trim()
    .regex(TIME, "Enter the time as HH:MM on a 24-hour clock, e.g. 02:00"),
  keep: z.coerce
    .number({ message: "Enter how many backups to keep" })
    .int("Enter a whole number of backups")
    .min(1, "Keep at least 1 backup")
    .max(MAX_BACKUPS_KEPT, `Keep at most ${MAX_BACKUPS_KEPT} backups`),
});
