import { describe, expect, it } from "vitest";
import { backupDueDay, backupScheduleSchema, backupsBeyond } from "./backup-schedule";

const schedule = { enabled: true, time: "02:00", keep: 7 };

describe("backupDueDay", () => {
  it("is due from the schedule's time of the store's day, not before", () => {
    // 06:59 UTC is 01:59 in New York in December (UTC−5).
    expect(backupDueDay(new Date("2026-12-02T06:59:00Z"), schedule, null)).toBeNull();
    expect(backupDueDay(new Date("2026-12-02T07:00:00Z"), schedule, null)).toBe("2026-12-02");
    expect(backupDueDay(new Date("2026-12-02T23:00:00Z"), schedule, "2026-12-01")).toBe("2026-12-02");
  });

  it("runs once a day: not again for a day already claimed", () => {
    expect(backupDueDay(new Date("2026-12-02T12:00:00Z"), schedule, "2026-12-02")).toBeNull();
  });

  it("counts the day in the store's time zone, summer time included", () => {
    // 03:30 UTC on July 2 is 23:30 on July 1 in New York (UTC−4): July 1's backup.
    expect(backupDueDay(new Date("2026-07-02T03:30:00Z"), { ...schedule, time: "23:00" }, null)).toBe("2026-07-01");
    expect(backupDueDay(new Date("2026-07-02T03:30:00Z"), { ...schedule, time: "23:45" }, null)).toBeNull();
  });

  it("is never due when the schedule is off", () => {
    expect(backupDueDay(new Date("2026-12-02T12:00:00Z"), { ...schedule, enabled: false }, null)).toBeNull();
  });
});

describe("backupsBeyond", () => {
  it("names the oldest backups past the number kept", () => {
    const names = ["store-2026-12-03T07-00-00Z", "store-2026-12-01T07-00-00Z", "store-2026-12-02T07-00-00Z"];
    expect(backupsBeyond(names, 2)).toEqual(["store-2026-12-01T07-00-00Z"]);
    expect(backupsBeyond(names, 3)).toEqual([]);
    expect(backupsBeyond(names, 7)).toEqual([]);
  });
});

describe("backupScheduleSchema", () => {
  it("reads the form: a ticked box, a 24-hour time and a count", () => {
    expect(backupScheduleSchema.parse({ enabled: "on", time: "23:30", keep: "14" })).toEqual({
      enabled: true,
      time: "23:30",
      keep: 14,
    });
    expect(backupScheduleSchema.parse({ time: "02:00", keep: "7" }).enabled).toBe(false);
  });

  it("refuses a time that is not HH:MM and a count out of range, saying what to enter", () => {
    const errors = (input: object) => backupScheduleSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(errors({ time: "25:00", keep: "7" })).toEqual(["Enter the time as HH:MM on a 24-hour clock, e.g. 02:00"]);
    expect(errors({ time: "02:00", keep: "0" })).toEqual(["Keep at least 1 backup"]);
    expect(errors({ time: "02:00", keep: "1000" })).toEqual(["Keep at most 365 backups"]);
    expect(errors({ time: "02:00", keep: "2.5" })).toEqual(["Enter a whole number of backups"]);
  });
});
