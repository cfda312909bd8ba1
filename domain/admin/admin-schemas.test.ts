import { describe, expect, it } from "vitest";
import { checkPromo } from "../pricing/promo";
import { promoCodeSchema, storeSettingsSchema } from "./admin-schemas";

const terms = { code: "XMAS", description: "Holiday", discountType: "fixed", discountValue: "5" };

describe("a promo code's expiry", () => {
  it("is the last day it works, all of that day in the store's time zone", () => {
    const promo = promoCodeSchema.parse({ ...terms, expiresAt: "2026-12-25" });
    expect(promo.expiresAt?.toISOString()).toBe("2026-12-26T05:00:00.000Z"); // midnight Eastern
    const row = { ...promo, currentUses: 0, maxUses: null, expiresAt: promo.expiresAt ?? null, isActive: true };
    const at = (instant: string) => checkPromo(row, { subtotalCents: 1000, now: new Date(instant) });
    // 7 pm Eastern on the 24th (midnight UTC) and the last minute of the 25th both still work.
    expect(at("2026-12-25T00:00:00Z").ok).toBe(true);
    expect(at("2026-12-26T04:59:00Z").ok).toBe(true);
    expect(at("2026-12-26T05:00:00Z")).toEqual({ ok: false, message: "Promo code has expired" });
  });

  it("must be a real day written YYYY-MM-DD", () => {
    for (const expiresAt of ["12/25/2026", "2026-02-30", "tomorrow"]) {
      expect(promoCodeSchema.safeParse({ ...terms, expiresAt }).error?.issues[0]?.message).toBe(
        "Enter the last day as YYYY-MM-DD, for example 2026-12-25",
      );
    }
  });
});

describe("a promo code's discount value", () => {
  const messages = (input: Record<string, string>) =>
    promoCodeSchema
      .safeParse({ ...terms, ...input })
      .error?.issues.filter((issue) => issue.path[0] === "discountValue")
      .map((issue) => issue.message);

  it.each([
    // not a number: the message speaks of the type chosen
    ["percentage", "abc", ["Enter the discount as a percentage, e.g. 10 or 12.5"]],
    ["fixed", "abc", ["Enter the discount in dollars, e.g. 25 or 12.50"]],
    ["percentage", "-5", ["Enter the discount as a percentage, e.g. 10 or 12.5"]],
    // one message at a time, the first that applies
    ["percentage", "0", ["The discount must be more than 0"]],
    ["percentage", "100.01", ["A percentage discount can be at most 100"]],
    ["fixed", "150", undefined],
    ["percentage", "12.5", undefined],
  ])("%s %j", (discountType, discountValue, expected) => {
    expect(messages({ discountType, discountValue })).toEqual(expected);
  });

  it("is checked even while another field is wrong", () => {
    const issues = promoCodeSchema.safeParse({ ...terms, code: "x", discountType: "percentage", discountValue: "abc" })
      .error?.issues;
    expect(issues?.map((issue) => issue.path[0])).toEqual(["code", "discountValue"]);
  });
});

describe("the store settings' ship-today cut-off", () => {
  const settings = {
    overdueGraceDays: "15",
    invitationDays: "7",
    certificateReminderDays: "30",
    invoiceReminderDays: "3",
    returnWindowDays: "30",
    savedAt: new Date(0).toISOString(),
  };
  it("is a time of day as HH:MM, seconds from a browser's time box dropped", () => {
    expect(storeSettingsSchema.parse({ ...settings, shipCutoff: "16:30" }).shipCutoff).toBe("16:30");
    expect(storeSettingsSchema.parse({ ...settings, shipCutoff: "09:05:00" }).shipCutoff).toBe("09:05");
    for (const wrong of ["25:00", "3pm", ""])
      expect(storeSettingsSchema.safeParse({ ...settings, shipCutoff: wrong }).error?.issues[0]?.message).toBe(
        "Enter the cut-off time as hours and minutes, e.g. 15:00",
      );
  });
});

describe("the store settings' return window", () => {
  it("is 1 to 365 days", () => {
    const base = {
      overdueGraceDays: "15",
      invitationDays: "7",
      certificateReminderDays: "30",
      invoiceReminderDays: "3",
      shipCutoff: "15:00",
      savedAt: new Date(0).toISOString(),
    };
    expect(storeSettingsSchema.parse({ ...base, returnWindowDays: "45" }).returnWindowDays).toBe(45);
    expect(storeSettingsSchema.safeParse({ ...base, returnWindowDays: "0" }).error?.issues[0]?.message).toBe(
      "Enter 1 or more days",
    );
    expect(storeSettingsSchema.safeParse({ ...base, returnWindowDays: "366" }).error?.issues[0]?.message).toBe(
      "Enter at most 365 days",
    );
  });
});
