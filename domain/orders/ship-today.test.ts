import { describe, expect, it } from "vitest";
import { formatCutoff, orderShipPromise, shipDay, shipPromise, shipTodayBefore } from "./ship-today";

// 2026-12-02 is a Wednesday; New York is UTC-5 in winter and UTC-4 in summer.
const at = (iso: string) => new Date(iso);

describe("the ship-today cut-off", () => {
  it("ships a weekday order placed before the cut-off that day, and one at or after it the next business day", () => {
    expect(shipDay(at("2026-12-02T19:59:00Z"), "15:00")).toBe("2026-12-02"); // 14:59 EST
    expect(shipDay(at("2026-12-02T20:00:00Z"), "15:00")).toBe("2026-12-03"); // 15:00 EST
    // Saturday in UTC, still Friday 22:00 in New York: after Friday's cut-off, so Monday.
    expect(shipDay(at("2026-12-05T03:00:00Z"), "15:00")).toBe("2026-12-07");
    // Thursday 01:00 in UTC, Wednesday 20:00 in New York: Thursday.
    expect(shipDay(at("2026-12-03T01:00:00Z"), "15:00")).toBe("2026-12-03");
  });

  it("skips the weekend", () => {
    expect(shipDay(at("2026-12-04T21:00:00Z"), "15:00")).toBe("2026-12-07"); // Friday 16:00 -> Monday
    expect(shipDay(at("2026-12-05T15:00:00Z"), "15:00")).toBe("2026-12-07"); // Saturday morning -> Monday
    expect(shipDay(at("2026-12-06T15:00:00Z"), "15:00")).toBe("2026-12-07"); // Sunday -> Monday
  });

  it("keeps to the store's clock across daylight saving", () => {
    // Summer (EDT, UTC-4): 14:59 is 18:59 UTC.
    expect(shipDay(at("2026-07-15T18:59:00Z"), "15:00")).toBe("2026-07-15");
    expect(shipDay(at("2026-07-15T19:00:00Z"), "15:00")).toBe("2026-07-16");
    // Monday 2026-03-09, the day after clocks went forward.
    expect(shipDay(at("2026-03-09T18:59:00Z"), "15:00")).toBe("2026-03-09");
    expect(shipTodayBefore(at("2026-03-09T20:00:00Z"), "15:00").toISOString()).toBe("2026-03-09T19:00:00.000Z");
    // Monday 2026-11-02, the day after clocks went back.
    expect(shipTodayBefore(at("2026-11-02T20:00:00Z"), "15:00").toISOString()).toBe("2026-11-02T20:00:00.000Z");
  });

  it("promises today or the next business day, and nothing once the day has passed", () => {
    const placed = at("2026-12-02T15:00:00Z"); // Wednesday 10:00
    expect(shipPromise(placed, "15:00", placed)).toBe("Ships today");
    expect(shipPromise(at("2026-12-02T21:00:00Z"), "15:00", at("2026-12-02T21:00:00Z"))).toBe(
      "Ships next business day",
    );
    expect(shipPromise(placed, "15:00", at("2026-12-04T15:00:00Z"))).toBeNull();
    // Nothing waits to ship (all shipped, or all back-ordered): no promise.
    expect(
      orderShipPromise({ orderDate: placed, items: [{ allocatedQuantity: 0, shippedQuantity: 0 }] }, "15:00", placed),
    ).toBeNull();
    expect(
      orderShipPromise({ orderDate: placed, items: [{ allocatedQuantity: 2, shippedQuantity: 0 }] }, "15:00", placed),
    ).toBe("Ships today");
  });

  it("lists for a weekend day what Friday's cut-off covered", () => {
    expect(shipTodayBefore(at("2026-12-05T15:00:00Z"), "15:00").toISOString()).toBe("2026-12-04T20:00:00.000Z");
    expect(shipTodayBefore(at("2026-12-02T12:00:00Z"), "16:30").toISOString()).toBe("2026-12-02T21:30:00.000Z");
  });

  it("reads a cut-off as the settings page shows it", () => {
    expect(formatCutoff("15:00")).toBe("3:00 PM");
    expect(formatCutoff("09:05")).toBe("9:05 AM");
    expect(formatCutoff("00:30")).toBe("12:30 AM");
  });
});
