// The one function that prices a cart, for every place that shows or charges one: the cart
// popover, the checkout page and order placement. Each line's unit price (the lowest of its list
// price, its bulk tier and the company's contract price that day), the promo's check and
// discount, the tax for the shipping state (none under the company's tax-exempt certificate for
// that state), what of each line ships now and what is back-ordered, the totals, and what stands
// between the cart and an order (no lines, a line that can no longer be ordered or that the stock
// cannot supply, a promo that no longer applies), in that order.

import { MAX_LINE_QUANTITY } from "../cart/cart-schemas";
import type { ProductStatus } from "../catalog/product-input";
import { cartLineStatusProblem } from "../catalog/product-status";
import { type OrderRule, orderQuantityProblem } from "../catalog/sale-units";
import { outsideCatalogueProblem } from "../companies/customer-catalogue";
import { type ExemptionCertificate, exemptionFor, type TaxExemption } from "../companies/tax-exemption";
import { type Day, storeDay } from "../dates/dates";
import { type Cents, centsFromBigInt, toCents } from "../money/cents";
import type { Supply } from "../orders/backorderable";
import { type LineSplit, notEnoughStock, splitLine } from "../orders/backorders";
import { type ContractRule, contractPriceFor } from "./contract";
import { checkPromo, type Promo, type PromoCheck } from "./promo";
import { type TaxRatePpm, taxRateFor } from "./tax";
import { priceQuantity } from "./tiers";
import { type CartTotals, cartTotals } from "./totals";

export interface CartLine extends Supply, OrderRule {
  name: string;
  /** The list price, as numeric text ("12.99"). */
  price: string;
  /** A line whose product became a draft or was discontinued cannot be ordered. */
  status: ProductStatus;
  quantity: number;
  /** The product's bulk tiers, in any order. */
  tiers: readonly { minQuantity: number; unitPrice: string }[];
  /** The part is outside the buyer's company catalogue (removed from it since it was put in the cart). */
  outsideCatalogue?: boolean;
  /** What a contract rule matches on; a line without them gets no contract price. */
  productId?: string;
  category?: string;
  subcategory?: string;
  brand?: string;
}

export type PricedLine<Line extends CartLine> = Line & {
  unitPriceCents: Cents;
  listPriceCents: Cents;
  /** The contract price is the unit price (lower than list and tier): the list price is shown struck through. */
  contractApplied: boolean;
  lineTotalCents: Cents;
  /** What ships now and what is back-ordered; null when the stock cannot supply the quantity. */
  split: LineSplit | null;
  /** Why this line cannot be ordered as it is, or undefined. */
  problem?: string;
};

/** A promo code as a cart carries it: the rules' columns and whatever else the caller keeps of its row. */
export type AppliedPromo = Promo & { code: string };

export interface PricedCart<Line extends CartLine, Applied extends AppliedPromo = AppliedPromo> {
  lines: PricedLine<Line>[];
  /** The cart's promo code with its check: ok and the discount, or the message why it does not apply. */
  promo: (Applied & { check: PromoCheck }) | null;
  taxRate: TaxRatePpm;
  /** The certificate that takes the tax off, or null when the order is taxed. */
  taxExemption: TaxExemption | null;
  totals: CartTotals;
  /** The store's day it was priced on, which back-orders are counted from. */
  today: Day;
  /** Every reason the cart cannot become an order now, most basic first; empty when it can. */
  problems: string[];
}

export const emptyCartMessage = "Your cart is empty";

/** What a line the stock cannot supply (and that cannot be back-ordered) tells the buyer at checkout. */
export function stockProblem(line: Pick<CartLine, "name" | "quantity" | keyof Supply>, today: Day) {
  if (splitLine(line.quantity, line, today)) return undefined;
  if (line.stockLevel <= 0) return `${line.name} is now out of stock. Remove it from your cart to continue.`;
  return notEnoughStock(line);
}

/** A line whose quantity the part's minimum or multiple no longer allows (changed since it was added). */
export function quantityRuleProblem(line: Pick<CartLine, "name" | "quantity" | keyof OrderRule>) {
  const problem = orderQuantityProblem(line, line.quantity, MAX_LINE_QUANTITY);
  return problem && `${line.name}: ${problem}`;
}

export function priceCart<Line extends CartLine, Applied extends AppliedPromo>({
  lines,
  promo,
  taxState,
  certificates = [],
  now,
  contractRules = [],
  lineProblem = (line, today) =>
    (line.outsideCatalogue ? outsideCatalogueProblem(line) : undefined) ??
    cartLineStatusProblem(line) ??
    quantityRuleProblem(line) ??
    stockProblem(line, today),
}: {
  lines: readonly Line[];
  promo: Applied | null;
  /** The buyer's company's price list; none for a guest. */
  contractRules?: readonly ContractRule[];
  /** The shipping state; unknown or missing takes the default rate. */
  taxState?: string | null;
  /** The buyer's company's tax-exempt certificates (any state, any status). */
  certificates?: readonly ExemptionCertificate[];
  now: Date;
  /** Why a line cannot be ordered (a cart's lines are fixed in the cart, a quote's by asking for a revision). */
  lineProblem?: (line: Line, today: Day) => string | undefined;
}): PricedCart<Line, Applied> {
  const day = storeDay(now);
  const priced = lines.map(
    (line): PricedLine<Line> => ({
      ...line,
      ...priceQuantity({
        ...line,
        contractPriceCents: contractPriceOf(line, toCents(line.price), contractRules, day),
      }),
      split: splitLine(line.quantity, line, day),
      problem: lineProblem(line, day),
    }),
  );
  const subtotalCents = centsFromBigInt(priced.reduce((sum, line) => sum + BigInt(line.lineTotalCents), 0n));
  const check = promo ? checkPromo(promo, { subtotalCents, now }) : null;
  const taxExemption = exemptionFor(certificates, taxState, now);
  const taxRate = taxExemption ? 0 : taxRateFor(taxState);
  const totals = cartTotals({ lines: priced, discountCents: check?.ok ? check.discountCents : 0, taxRate });
  return {
    lines: priced,
    promo: promo && check ? { ...promo, check } : null,
    taxRate,
    taxExemption,
    totals,
    today: day,
    problems: [
      ...(priced.length === 0 ? [emptyCartMessage] : []),
      ...priced.flatMap((line) => (line.problem ? [line.problem] : [])),
      ...(check && !check.ok ? [check.message] : []),
    ],
  };
}

function contractPriceOf(line: CartLine, listCents: Cents, rules: readonly ContractRule[], day: string) {
  const { productId, category, subcategory, brand } = line;
  if (rules.length === 0 || productId === undefined || category === undefined || brand === undefined) return undefined;
  return contractPriceFor({ productId, category, subcategory: subcategory ?? "", brand }, listCents, rules, day);
}
