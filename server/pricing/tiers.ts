import type { Cents } from "./money";

export interface BulkTier {
  minQuantity: number;
  unitPriceCents: Cents;
}

/** The unit price for a quantity: the tier with the largest minimum the quantity reaches, else the base price. */
export function unitPriceFor(basePriceCents: Cents, tiers: readonly BulkTier[], quantity: number): Cents {
  let price = basePriceCents;
  let reached = 0;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity && tier.minQuantity >= reached) {
      price = tier.unitPriceCents;
      reached = tier.minQuantity;
    }
  }
  return price;
}
