import { describe, expect, it } from "vitest";
import { addDays, formatLongDate, formatShortDate, isDay, lastStoreDayBefore, storeDay } from "./dates";
import { endOfStoreDay, startOfStoreDay } from "./store-day-bounds";

describe("dates", () => {
  it("shows the short US form on the account page", () => {
    expect(formatShortDate("2026-11-23T15:00:00Z")).toBe("Nov 23, 2026");
  });
  it("shows the long US form on the confirmation", () => {
    expect(formatLongDate("2026-11-23T15:00:00Z")).toBe("November 23, 2026");
  });
  it("uses the store's Eastern day, not the server's", () => {
    expect(formatShortDate("2026-11-24T03:00:00Z")).toBe("Nov 23, 2026");
  });
});

describe("calendar days in the store's time zone", () => {
  it("ends a day at the next midnight Eastern, in winter (UTC-5) and in summer (UTC-4)", () => {
    expect(endOfStoreDay("2026-12-25").toISOString()).toBe("2026-12-26T05:00:00.000Z");
    expect(endOfStoreDay("2026-07-04").toISOString()).toBe("2026-07-05T04:00:00.000Z");
    // The night the clocks go forward (March 8, 2026) is 23 hours long.
    expect(endOfStoreDay("2026-03-07").getTime() - startOfStoreDay("2026-03-07").getTime()).toBe(24 * 3600_000);
    expect(endOfStoreDay("2026-03-08").getTime() - startOfStoreDay("2026-03-08").getTime()).toBe(23 * 3600_000);
  });

  it("reads the store's day of an instant and the last day before an end", () => {
    expect(storeDay("2026-12-25T04:59:59Z")).toBe("2026-12-24");
    expect(storeDay("2026-12-25T05:00:00Z")).toBe("2026-12-25");
    expect(lastStoreDayBefore(endOfStoreDay("2026-12-25"))).toBe("2026-12-25");
  });

  it("adds calendar days across months, years and daylight-saving changes", () => {
    expect(addDays("2026-02-28", 30)).toBe("2026-03-30");
    expect(addDays("2026-12-15", 30)).toBe("2027-01-14");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("knows a real day from a malformed or impossible one", () => {
    expect(isDay("2026-12-25")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("12/25/2026")).toBe(false);
    expect(isDay("2026-12-25T00:00")).toBe(false);
  });
});
