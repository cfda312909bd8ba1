import { describe, expect, it } from "vitest";
import { checkPromo, normalizePromoInput, type Promo } from "./promo";

const now = new Date("2026-11-23T12:00:00.000Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

// A 10% code for orders of $50 or more, as the promo_codes row gives it.
const promo = (overrides: Partial<Promo> = {}): Promo => ({
  discountType: "percentage",
  discountValue: "10.00",
  minimumOrderAmount: "50.00",
  currentUses: 0,
  maxUses: null,
  expiresAt: null,
  isActive: true,
  ...overrides,
});

describe("normalizePromoInput", () => {
  it.each([
    ["  save10 ", { ok: true, code: "SAVE10" }],
    ["Save10", { ok: true, code: "SAVE10" }],
    ["X".repeat(64), { ok: true, code: "X".repeat(64) }],
    ["", { ok: false, message: "Please enter a promo code" }],
    ["   ", { ok: false, message: "Please enter a promo code" }],
    ["\t\n", { ok: false, message: "Please enter a promo code" }],
    [undefined, { ok: false, message: "Please enter a promo code" }],
    [42, { ok: false, message: "Please enter a promo code" }],
    ["X".repeat(65), { ok: false, message: "Promo codes are at most 64 characters" }],
    ["X".repeat(10_000), { ok: false, message: "Promo codes are at most 64 characters" }],
  ])("reads %j", (raw, expected) => {
    expect(normalizePromoInput(raw)).toEqual(expected);
  });
});

describe("checkPromo", () => {
  it.each([
    // Discount types
    ["10% of $100.00", promo(), 10_000, { ok: true, discountCents: 1000 }],
    ["10% of $51.96, 5.196 rounded half up", promo(), 5196, { ok: true, discountCents: 520 }],
    ["10% of $50.05, exactly 5.005 rounded up", promo(), 5005, { ok: true, discountCents: 501 }],
    ["10% of $50.04, 5.004 rounded down", promo(), 5004, { ok: true, discountCents: 500 }],
    [
      "12.5% of $10.01, 1.25125 rounded down",
      promo({ discountValue: "12.50", minimumOrderAmount: "0" }),
      1001,
      { ok: true, discountCents: 125 },
    ],
    ["100% of the subtotal", promo({ discountValue: "100.00" }), 6000, { ok: true, discountCents: 6000 }],
    ["150% capped at the subtotal", promo({ discountValue: "150.00" }), 6000, { ok: true, discountCents: 6000 }],
    [
      "a fixed $15.00",
      promo({ discountType: "fixed", discountValue: "15.00" }),
      6000,
      { ok: true, discountCents: 1500 },
    ],
    [
      "a fixed $80.00 capped at a $60.00 subtotal",
      promo({ discountType: "fixed", discountValue: "80.00" }),
      6000,
      { ok: true, discountCents: 6000 },
    ],
    [
      "a fixed $0.00 on an empty cart with no minimum",
      promo({ discountType: "fixed", discountValue: "0", minimumOrderAmount: "0" }),
      0,
      { ok: true, discountCents: 0 },
    ],
    // Not found or inactive
    ["an unknown code", null, 10_000, { ok: false, message: "Invalid promo code" }],
    ["an inactive code", promo({ isActive: false }), 10_000, { ok: false, message: "Invalid promo code" }],
    // Minimum order
    [
      "a subtotal a cent below the minimum",
      promo(),
      4999,
      { ok: false, message: "Minimum order amount of $50.00 required" },
    ],
    ["a subtotal at the minimum", promo(), 5000, { ok: true, discountCents: 500 }],
    ["a subtotal a cent above the minimum", promo(), 5001, { ok: true, discountCents: 500 }],
    [
      "a minimum in the thousands, with its separator",
      promo({ minimumOrderAmount: "1250.5" }),
      100_000,
      { ok: false, message: "Minimum order amount of $1,250.50 required" },
    ],
    // Usage limit
    ["one use left", promo({ currentUses: 4, maxUses: 5 }), 10_000, { ok: true, discountCents: 1000 }],
    [
      "no uses left",
      promo({ currentUses: 5, maxUses: 5 }),
      10_000,
      { ok: false, message: "Promo code usage limit reached" },
    ],
    [
      "more uses than allowed",
      promo({ currentUses: 6, maxUses: 5 }),
      10_000,
      { ok: false, message: "Promo code usage limit reached" },
    ],
    ["no limit at all", promo({ currentUses: 1_000_000, maxUses: null }), 10_000, { ok: true, discountCents: 1000 }],
    // Expiry at its exact instant
    ["an expiry a millisecond away", promo({ expiresAt: at(1) }), 10_000, { ok: true, discountCents: 1000 }],
    [
      "an expiry at this instant",
      promo({ expiresAt: at(0) }),
      10_000,
      { ok: false, message: "Promo code has expired" },
    ],
    [
      "an expiry a millisecond ago",
      promo({ expiresAt: at(-1) }),
      10_000,
      { ok: false, message: "Promo code has expired" },
    ],
    // The order of the checks: inactive before expired before minimum before usage
    [
      "an inactive, expired code",
      promo({ isActive: false, expiresAt: at(-1) }),
      10_000,
      { ok: false, message: "Invalid promo code" },
    ],
    [
      "an expired code below its minimum",
      promo({ expiresAt: at(-1) }),
      100,
      { ok: false, message: "Promo code has expired" },
    ],
    [
      "a used-up code below its minimum",
      promo({ currentUses: 5, maxUses: 5 }),
      100,
      { ok: false, message: "Minimum order amount of $50.00 required" },
    ],
  ])("gives %s", (_case, input, subtotalCents, expected) => {
    expect(checkPromo(input, { subtotalCents, now })).toEqual(expected);
  });

  it.each([
    ["a fractional subtotal", promo(), 50.5, now],
    ["a negative subtotal", promo(), -1, now],
    ["an invalid now", promo(), 10_000, new Date("not a date")],
    ["a discount value with 3 decimals", promo({ discountValue: "10.125" }), 10_000, now],
  ])("refuses %s", (_case, input, subtotalCents, when) => {
    expect(() => checkPromo(input, { subtotalCents, now: when })).toThrow(RangeError);
  });
});
