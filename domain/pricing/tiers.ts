import { type Cents, fromCents, requireCents, toCents } from "../money/cents";
import { lineTotalCents } from "./totals";

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
 * The product page's price list: the price of one from 1 unit, then each bulk tier (from 2 units up)
 * in order; empty without bulk tiers.
 */
export function priceList<Amount>(price: Amount, tiers: readonly { minQuantity: number; unitPrice: Amount }[]) {
  const bulk = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return bulk.length > 0 ? [{ minQuantity: 1, unitPrice: price }, ...bulk] : [];
}

/** A quantity of one product as the catalogue stores it: the list price and tiers as numeric text. */
export interface QuantityOfProduct {
  /** The list price, "12.99". */
  price: string;
  /** The product's bulk tiers, in any order. */
  tiers: readonly { minQuantity: number; unitPrice: string }[];
  quantity: number;
  /** The buyer's company's contract unit price that day, when it has one (contract.ts). */
  contractPriceCents?: Cents;
}

/**
 * The unit price and line total of a quantity: the lowest of the list price, the tier the quantity
 * reaches and the company's contract price. The cart's lines (price-cart.ts) and the product page's
 * price as the buyer changes the quantity, one computation.
 */
export function priceQuantity({ price, tiers, quantity, contractPriceCents }: QuantityOfProduct) {
  const listPriceCents = toCents(price);
  const tierCents = tiers.map((tier) => ({ minQuantity: tier.minQuantity, unitPriceCents: toCents(tier.unitPrice) }));
  const tierPriceCents = Math.min(listPriceCents, unitPriceFor(listPriceCents, tierCents, quantity));
  const contractApplied = contractPriceCents !== undefined && contractPriceCents < tierPriceCents;
  const unitPriceCents = contractApplied ? contractPriceCents : tierPriceCents;
  return {
    unitPriceCents,
    listPriceCents,
    /** The contract price is the lowest, so the list price is shown struck through beside it. */
    contractApplied,
    lineTotalCents: lineTotalCents({ quantity, unitPriceCents }),
  };
}

/**
 * The next quantity break above `quantity` and what it saves: buying its minimum quantity at its
 * price instead of at the price `quantity` pays ("Buy 100 or more at $1.98 each, save $47.00");
 * null when no cheaper tier lies above.
 */
export function nextTierOffer(product: QuantityOfProduct) {
  const now = priceQuantity(product).unitPriceCents;
  const above = product.tiers
    .map((tier) => tier.minQuantity)
    .filter((minQuantity) => minQuantity > product.quantity)
    .sort((a, b) => a - b);
  for (const minQuantity of above) {
    const { unitPriceCents } = priceQuantity({ ...product, quantity: minQuantity });
    if (unitPriceCents < now)
      return {
        minQuantity,
        unitPriceCents,
        savingCents: lineTotalCents({ quantity: minQuantity, unitPriceCents: now - unitPriceCents }),
      };
  }
  return null;
}

/**
 * The product page's price list as this buyer pays it: each row's price is priceQuantity's at the
 * row's first quantity (a row's quantities all reach the same tier), so a contract price below a
 * tier shows in its row, with the price everyone else pays there struck through beside it, and a
 * tier below the contract price stays the row's price. Empty without bulk tiers, as priceList.
 */
export function pricedList(product: Omit<QuantityOfProduct, "quantity">) {
  return priceList(product.price, product.tiers).map(({ minQuantity }) => {
    const everyone = priceQuantity({ ...product, contractPriceCents: undefined, quantity: minQuantity });
    const paid = priceQuantity({ ...product, quantity: minQuantity });
    return {
      minQuantity,
      unitPrice: fromCents(paid.unitPriceCents),
      /** The row's price without the contract, shown struck through when the contract price is lower. */
      withoutContract: paid.contractApplied ? fromCents(everyone.unitPriceCents) : null,
    };
  });
}
