import { describe, expect, it } from "vitest";
import { endOfPeriods, fillPeriods, lastPeriods, periodLabel, periodStart } from "./periods";

describe("periods of the store's calendar", () => {
  it("start weeks on Monday and months on the 1st", () => {
    expect(periodStart("2026-12-02", "week")).toBe("2026-11-30"); // a Wednesday
    expect(periodStart("2026-11-30", "week")).toBe("2026-11-30"); // a Monday
    expect(periodStart("2026-12-06", "week")).toBe("2026-11-30"); // a Sunday
    expect(periodStart("2026-12-31", "month")).toBe("2026-12-01");
    expect(periodStart("2026-12-31", "day")).toBe("2026-12-31");
  });

  it("list the last periods up to today's, oldest first, across a year's end", () => {
    expect(lastPeriods("2027-01-15", "month", 3)).toEqual(["2026-11-01", "2026-12-01", "2027-01-01"]);
    expect(lastPeriods("2026-12-02", "week", 2)).toEqual(["2026-11-23", "2026-11-30"]);
    expect(lastPeriods("2026-03-01", "day", 2)).toEqual(["2026-02-28", "2026-03-01"]);
    expect(endOfPeriods(["2026-11-01", "2026-12-01"], "month")).toBe("2027-01-01");
    expect(endOfPeriods(["2026-11-23", "2026-11-30"], "week")).toBe("2026-12-07");
  });

  it("show a period with nothing in it as zero", () => {
    const filled = fillPeriods(["2026-11-30", "2026-12-01"], [{ start: "2026-12-01", total: "5.00" }], {
      total: "0.00",
    });
    expect(filled).toEqual([
      { start: "2026-11-30", total: "0.00" },
      { start: "2026-12-01", total: "5.00" },
    ]);
  });

  it("are labelled as a buyer reads them", () => {
    expect(periodLabel("2026-12-02", "day")).toBe("Dec 2");
    expect(periodLabel("2026-12-01", "month")).toBe("Dec 2026");
  });
});
