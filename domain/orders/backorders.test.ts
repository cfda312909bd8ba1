import { describe, expect, it } from "vitest";
import { addBusinessDays, formatWeekdayDay } from "../dates/dates";
import { orderable } from "./backorderable";
import { backorderNote, notEnoughStock, splitLine, supplyProblem } from "./backorders";

const wheel = { partNumber: "GW-45-001", stockLevel: 12, backorderable: true, leadTimeDays: 10 };
const plain = { ...wheel, backorderable: false };
// Tuesday, December 1, 2026.
const tuesday = "2026-12-01";

describe("business days", () => {
  it("skips Saturdays and Sundays", () => {
    expect(addBusinessDays("2026-12-04", 1)).toBe("2026-12-07"); // Friday + 1 = Monday
    expect(addBusinessDays(tuesday, 10)).toBe("2026-12-15"); // two working weeks
    expect(addBusinessDays("2026-12-07", 5)).toBe("2026-12-14"); // Monday + 5 = next Monday
  });

  it("counts from the Monday after a weekend", () => {
    expect(addBusinessDays("2026-12-05", 1)).toBe("2026-12-07"); // Saturday + 1 = Monday
    expect(addBusinessDays("2026-12-06", 2)).toBe("2026-12-08"); // Sunday + 2 = Tuesday
  });

  it("crosses months and years", () => {
    expect(addBusinessDays("2026-12-30", 3)).toBe("2027-01-04"); // Wed + 3 = Mon, Jan 4
    // 365 business days are 73 weeks: Thursday to Thursday, 2028 being a leap year.
    expect(addBusinessDays("2026-12-31", 365)).toBe("2028-05-25");
  });

  it("writes the day with its weekday, and its year only when it is another year", () => {
    expect(formatWeekdayDay("2026-12-15", tuesday)).toBe("Tue, Dec 15");
    expect(formatWeekdayDay("2027-01-04", "2026-12-30")).toBe("Mon, Jan 4, 2027");
  });
});

describe("splitLine", () => {
  it("ships all of a quantity the stock covers, exactly the stock included", () => {
    expect(splitLine(12, plain, tuesday)).toEqual({ shipNow: 12, backordered: 0, expectedOn: null });
    expect(splitLine(5, wheel, tuesday)).toEqual({ shipNow: 5, backordered: 0, expectedOn: null });
  });

  it("ships the stock now and back-orders the rest of a back-orderable part, expected the lead time in business days on", () => {
    expect(splitLine(20, wheel, tuesday)).toEqual({ shipNow: 12, backordered: 8, expectedOn: "2026-12-15" });
    expect(splitLine(3, { ...wheel, stockLevel: 0 }, tuesday)).toEqual({
      shipNow: 0,
      backordered: 3,
      expectedOn: "2026-12-15",
    });
  });

  it("cannot supply past the stock of a part that is not back-orderable, or that has no lead time", () => {
    expect(splitLine(13, plain, tuesday)).toBeNull();
    expect(splitLine(13, { ...wheel, leadTimeDays: null }, tuesday)).toBeNull();
    expect(orderable({ ...plain, stockLevel: 0 })).toBe(false);
    expect(orderable({ ...wheel, stockLevel: 0 })).toBe(true);
  });
});

describe("refusing a quantity the store cannot supply", () => {
  it("names what is in stock and what to ask for", () => {
    expect(supplyProblem(1000, { ...plain, stockLevel: 640 }, tuesday)).toBe(
      "Only 640 in stock for GW-45-001; ask for 640 or fewer.",
    );
    expect(notEnoughStock({ partNumber: "CW-45-045", stockLevel: 2847 })).toBe(
      "Only 2,847 in stock for CW-45-045; ask for 2,847 or fewer.",
    );
    expect(notEnoughStock({ partNumber: "GW-45-001", stockLevel: 0 })).toBe(
      "GW-45-001 is out of stock and cannot be back-ordered.",
    );
    expect(supplyProblem(1000, wheel, tuesday)).toBeUndefined();
  });

  it("counts what the cart already holds when a quantity is added to it", () => {
    expect(notEnoughStock({ partNumber: "GW-45-001", stockLevel: 10 }, 4)).toBe(
      "Only 10 in stock for GW-45-001 and your cart has 4; add 6 or fewer.",
    );
    expect(notEnoughStock({ partNumber: "GW-45-001", stockLevel: 10 }, 10)).toBe(
      "Only 10 in stock for GW-45-001, and your cart has 10 already.",
    );
  });
});

describe("backorderNote", () => {
  it("says what ships now, what is back-ordered and when it is expected", () => {
    expect(backorderNote({ quantity: 20, backordered: 8, expectedOn: "2026-12-15" }, tuesday)).toBe(
      "12 ship now, 8 back-ordered, expected Tue, Dec 15",
    );
    expect(backorderNote({ quantity: 1500, backordered: 1499, expectedOn: "2026-12-15" }, tuesday)).toBe(
      "1 ships now, 1,499 back-ordered, expected Tue, Dec 15",
    );
    expect(backorderNote({ quantity: 20, backordered: 20, expectedOn: "2026-12-15" }, tuesday)).toBe(
      "All 20 back-ordered, expected Tue, Dec 15",
    );
    expect(backorderNote({ quantity: 1, backordered: 1, expectedOn: "2027-01-04" }, tuesday)).toBe(
      "Back-ordered, expected Mon, Jan 4, 2027",
    );
  });

  it("says nothing when all of it ships now", () => {
    expect(backorderNote({ quantity: 20, backordered: 0, expectedOn: null }, tuesday)).toBeUndefined();
  });
});
