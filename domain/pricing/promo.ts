// Promo code rules with their messages, word for word (docs/product-rules.md, Promo codes). `now` is a parameter so expiry is
// decided, and tested, at its exact instant; the caller looks the code up and passes the row.

import { type Cents, centsFromBigInt, divideRoundHalfUp, fromCents, requireCents, toCents } from "../money/cents";
import { formatUsd } from "../money/format";
import { plainText } from "../text/plain-text";

/** The promo_codes columns the rules read; a row of that table is one. */
export interface Promo {
  discountType: "percentage" | "fixed";
  /** Dollars for a fixed discount, percent for a percentage one, as numeric text ("10.00"). */
  discountValue: string;
  minimumOrderAmount: string;
  currentUses: number;
  maxUses: number | null;
  expiresAt: Date | null;
  isActive: boolean;
}

export const MAX_PROMO_CODE_LENGTH = 64;

export type PromoInput = { ok: true; code: string } | { ok: false; message: string };

/** What the buyer typed, trimmed and upper-cased (codes are stored upper-case); blank or overlong input is refused. */
export function normalizePromoInput(raw: unknown): PromoInput {
  const code = typeof raw === "string" ? plainText(raw).trim().toUpperCase() : "";
  if (!code) return { ok: false, message: "Please enter a promo code" };
  if (code.length > MAX_PROMO_CODE_LENGTH)
    return { ok: false, message: `Promo codes are at most ${MAX_PROMO_CODE_LENGTH} characters` };
  return { ok: true, code };
}

export type PromoCheck = { ok: true; discountCents: Cents } | { ok: false; message: string };

/**
 * Whether the promo applies to this subtotal at `now`, and the discount it gives. Checks run in the
 * order buyers are told: not found or inactive, expired, below the minimum, usage limit.
 */
export function checkPromo(
  promo: Promo | null,
  { subtotalCents, now }: { subtotalCents: Cents; now: Date },
): PromoCheck {
  requireCents(subtotalCents, "Subtotal");
  if (!promo?.isActive) return { ok: false, message: "Invalid promo code" };
  if (hasExpired(promo, now)) return { ok: false, message: "Promo code has expired" };
  const minimumCents = toCents(promo.minimumOrderAmount);
  if (subtotalCents < minimumCents) {
    // The amount in US dollars with 2 decimals, like every other amount in the store.
    return { ok: false, message: `Minimum order amount of ${formatUsd(fromCents(minimumCents))} required` };
  }
  if (promo.maxUses !== null && promo.currentUses >= promo.maxUses)
    return { ok: false, message: "Promo code usage limit reached" };
  return { ok: true, discountCents: discountFor(promo, subtotalCents) };
}

/** Expired from the instant expires_at is reached, not a millisecond later. */
function hasExpired(promo: Promo, now: Date): boolean {
  if (Number.isNaN(now.getTime())) throw new RangeError("now must be a valid date");
  return promo.expiresAt !== null && promo.expiresAt.getTime() <= now.getTime();
}

/** Percentage: subtotal × value / 100, half up to the cent; fixed: the value. Never more than the subtotal. */
function discountFor(promo: Promo, subtotalCents: Cents): Cents {
  // discount_value is numeric(12,2), so toCents reads a percentage in hundredths of a percent.
  const value = toCents(promo.discountValue);
  const discount =
    promo.discountType === "percentage"
      ? centsFromBigInt(divideRoundHalfUp(BigInt(subtotalCents) * BigInt(value), 10_000n))
      : value;
  return Math.min(discount, subtotalCents);
}
