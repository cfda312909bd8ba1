// Promo code rules with the spec's messages. `now` is a parameter: expiry is tested at its instant.
import { formatUsd } from "../../app/lib/money";
import { type Cents, divideRoundHalfUp, toCents } from "./money";

export interface Promo {
  code: string;
  description: string;
  discountType: "percentage" | "fixed";
  discountValue: string;
  minimumOrderAmount: string;
  currentUses: number;
  maxUses: number | null;
  expiresAt: Date | null;
  isActive: boolean;
}

export const MAX_PROMO_CODE_LENGTH = 64;

export type PromoInput = { ok: true; code: string } | { ok: false; message: string };

/** What the buyer typed, trimmed and upper-cased; blank or absurdly long input is refused. */
export function normalizePromoInput(raw: unknown): PromoInput {
  const code = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (!code) return { ok: false, message: "Please enter a promo code" };
  if (code.length > MAX_PROMO_CODE_LENGTH) return { ok: false, message: "Invalid promo code" };
  return { ok: true, code };
}

export type PromoCheck = { ok: true; discountCents: Cents } | { ok: false; message: string };

/** Whether the promo applies to this subtotal now, and the discount it gives (never above the subtotal). */
export function checkPromo(
  promo: Promo | null,
  { subtotalCents, now }: { subtotalCents: Cents; now: Date },
): PromoCheck {
  if (!promo?.isActive) return { ok: false, message: "Invalid promo code" };
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime())
    return { ok: false, message: "Promo code has expired" };
  const minimum = toCents(promo.minimumOrderAmount);
  // The spec's '${amount}' reads as a dollar amount: "Minimum order amount of $50.00 required".
  if (subtotalCents < minimum)
    return { ok: false, message: `Minimum order amount of ${formatUsd(promo.minimumOrderAmount)} required` };
  if (promo.maxUses !== null && promo.currentUses >= promo.maxUses)
    return { ok: false, message: "Promo code usage limit reached" };
  return { ok: true, discountCents: discountFor(promo, subtotalCents) };
}

function discountFor(promo: Promo, subtotalCents: Cents): Cents {
  const value = toCents(promo.discountValue);
  const discount =
    promo.discountType === "percentage"
      ? Number(divideRoundHalfUp(BigInt(subtotalCents) * BigInt(value), 10_000n)) // value is percent × 100
      : value;
  return Math.min(discount, subtotalCents);
}
