import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate } from "./dates";

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
