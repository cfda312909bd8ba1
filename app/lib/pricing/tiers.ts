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
