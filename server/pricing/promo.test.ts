import { describe, expect, it } from "vitest";
import { checkPromo, normalizePromoInput, type Promo } from "./promo";

const now = new Date("2026-11-23T12:00:00Z");
const promo = (overrides: Partial<Promo> = {}): Promo => ({
  code: "SAVE10",
  description: "10% off",
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
    ["", { ok: false, message: "Please enter a promo code" }],
    ["   ", { ok: false, message: "Please enter a promo code" }],
    [undefined, { ok: false, message: "Please enter a promo code" }],
    ["X".repeat(10_000), { ok: false, message: "Invalid promo code" }],
  ])("reads %j", (raw, expected) => {
    expect(normalizePromoInput(raw)).toEqual(expected);
  });
});

describe("checkPromo", () => {
  it.each([
    ["a percentage of the subtotal", promo(), 10000, { ok: true, discountCents: 1000 }],
    [
      "a percentage rounded half up",
      promo({ discountValue: "12.50", minimumOrderAmount: "0" }),
      1001,
      { ok: true, discountCents: 125 },
    ],
    [
      "a fixed amount",
      promo({ discountType: "fixed", discountValue: "15.00" }),
      6000,
      { ok: true, discountCents: 1500 },
    ],
    [
      "a fixed amount never above the subtotal",
      promo({ discountType: "fixed", discountValue: "80.00" }),
      6000,
      { ok: true, discountCents: 6000 },
    ],
    ["an unknown code", null, 10000, { ok: false, message: "Invalid promo code" }],
    ["an inactive code", promo({ isActive: false }), 10000, { ok: false, message: "Invalid promo code" }],
    ["a subtotal at the minimum", promo(), 5000, { ok: true, discountCents: 500 }],
    [
      "a subtotal a cent below the minimum",
      promo(),
      4999,
      { ok: false, message: "Minimum order amount of $50.00 required" },
    ],
    ["one use left", promo({ currentUses: 4, maxUses: 5 }), 10000, { ok: true, discountCents: 1000 }],
    [
      "no uses left",
      promo({ currentUses: 5, maxUses: 5 }),
      10000,
      { ok: false, message: "Promo code usage limit reached" },
    ],
    [
      "an expiry a second away",
      promo({ expiresAt: new Date(now.getTime() + 1000) }),
      10000,
      { ok: true, discountCents: 1000 },
    ],
    ["an expiry at this instant", promo({ expiresAt: now }), 10000, { ok: false, message: "Promo code has expired" }],
    [
      "an expiry in the past",
      promo({ expiresAt: new Date("2026-01-01") }),
      10000,
      { ok: false, message: "Promo code has expired" },
    ],
  ])("gives %s", (_case, input, subtotalCents, expected) => {
    expect(checkPromo(input, { subtotalCents, now })).toEqual(expected);
  });
});
