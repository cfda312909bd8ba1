// Applying a promo code to a cart: checked now, and again when the order is placed.
import { eq } from "drizzle-orm";
import { checkPromo, normalizePromoInput } from "../../domain/pricing/promo";
import type { Buyer } from "../companies/buyer";
import { db } from "../db/client";
import { carts, promoCodes } from "../db/schema";
import { StoreError } from "../errors";
import { priceStoredCart } from "../pricing/price";

export async function applyPromo(cartId: string, buyer: Buyer | null, rawCode: unknown, now = new Date()) {
  const input = normalizePromoInput(rawCode);
  if (!input.ok) throw new StoreError("Invalid", input.message);
  const [promo] = await db().select().from(promoCodes).where(eq(promoCodes.code, input.code));
  const { subtotalCents } = (await priceStoredCart(cartId, { buyer, now })).totals;
  const check = checkPromo(promo ?? null, { subtotalCents, now });
  if (!check.ok) throw new StoreError("Invalid", check.message);
  await db().update(carts).set({ promoCodeId: promo?.id, updatedAt: now }).where(eq(carts.id, cartId));
}

export async function removePromo(cartId: string) {
  await db().update(carts).set({ promoCodeId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
}
