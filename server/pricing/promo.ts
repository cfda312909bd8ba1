// Promo code rules with the spec's messages, word for word. `now` is a parameter so expiry is
// decided, and tested, at its exact instant; the caller looks the code up and passes the row.
import { formatUsd } from "../../app/lib/money";
import { plainText } from "../../app/lib/plain-text";
import type { promoCodes } from "../db/schema";
import { type Cents, centsFromBigInt, divideRoundHalfUp, fromCents, requireCents, toCents } from "./money";

/** The promo_codes columns the rules read, typed from the table so the two cannot drift apart. */
export type Promo = Pick<
  typeof promoCodes.$inferSelect,
  "discountType" | "discountValue" | "minimumOrderAmount" | "currentUses" | "maxUses" | "expiresAt" | "isActive"
>;

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
 * spec's order: not found or inactive, expired, below the minimum, usage limit.
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
    // Decision: the spec's '${amount}' is shown as US dollars with 2 decimals, like every other
    // amount in the store: "Minimum order amount of $50.00 required".
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
