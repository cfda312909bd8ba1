import { type Cents, requireCents } from "./money";

export interface BulkTier {
  minQuantity: number;
  unitPriceCents: Cents;
}

/**
 * The unit price for a quantity: the tier with the largest minQuantity the quantity reaches, else the
 * base price. Tiers may come in any order, as rows from the database do.
 */
export function unitPriceFor(basePriceCents: Cents, tiers: readonly BulkTier[], quantity: number): Cents {
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`Quantity must be a whole number from 1: ${quantity}`);
  let price = requireCents(basePriceCents, "Base price");
  let reached = 0;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity && tier.minQuantity >= reached) {
      price = requireCents(tier.unitPriceCents, "Tier price");
      reached = tier.minQuantity;
    }
  }
  return price;
}

/**
 * The product page's price list: the price of one from 1 unit, then each bulk tier from 2 units up
 * (a stored tier from 1 unit, as the seeded catalogue has, repeats the price and is left out); empty
 * without bulk tiers.
 */
export function priceList<Amount>(price: Amount, tiers: readonly { minQuantity: number; unitPrice: Amount }[]) {
  const bulk = tiers.filter((tier) => tier.minQuantity > 1).sort((a, b) => a.minQuantity - b.minQuantity);
  return bulk.length > 0 ? [{ minQuantity: 1, unitPrice: price }, ...bulk] : [];
}
