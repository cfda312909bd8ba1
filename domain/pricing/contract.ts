// A company's contract price for a part on a day (docs/decisions/contract-prices.md): a fixed unit
// price for that part, or the best percentage off its list price among the company's rules for its
// category, subcategory or brand. Rules are in force from their first to their last day, both
// included, days being the store's calendar days.
import type { Day } from "../dates/dates";
import { type Cents, centsFromBigInt, divideRoundHalfUp, requireCents, toCents } from "../money/cents";

export interface ContractRule {
  /** A fixed price's part (the product's id); null for a percentage rule. */
  productId: string | null;
  category: string | null;
  brand: string | null;
  /** The fixed unit price, as numeric text ("9.50"). */
  price: string | null;
  /** The percentage off list, as numeric text ("12.5"). */
  percentOff: string | null;
  startsOn: Day;
  endsOn: Day | null;
}

/** What of a product a rule can match. */
export interface ContractTarget {
  productId: string;
  category: string;
  subcategory: string;
  brand: string;
}

export function inForce(rule: Pick<ContractRule, "startsOn" | "endsOn">, day: Day): boolean {
  return rule.startsOn <= day && (rule.endsOn === null || day <= rule.endsOn);
}

/** The list price less a percentage (two decimals at most), rounded to the cent, halves up. */
export function percentOffPrice(listCents: Cents, percentOff: string): Cents {
  const hundredths = BigInt(toCents(percentOff));
  return centsFromBigInt(
    divideRoundHalfUp(BigInt(requireCents(listCents, "List price")) * (10_000n - hundredths), 10_000n),
  );
}

/** The lowest contract unit price for the product on `day`, or undefined when no rule of the list applies. */
export function contractPriceFor(
  product: ContractTarget,
  listCents: Cents,
  rules: readonly ContractRule[],
  day: Day,
): Cents | undefined {
  let best: Cents | undefined;
  for (const rule of rules) {
    if (!inForce(rule, day)) continue;
    let price: Cents | undefined;
    if (rule.productId !== null) {
      if (rule.productId === product.productId && rule.price !== null) price = toCents(rule.price);
    } else if (
      rule.percentOff !== null &&
      ((rule.category !== null && (rule.category === product.category || rule.category === product.subcategory)) ||
        (rule.brand !== null && rule.brand === product.brand))
    ) {
      price = percentOffPrice(listCents, rule.percentOff);
    }
    if (price !== undefined && (best === undefined || price < best)) best = price;
  }
  return best;
}
