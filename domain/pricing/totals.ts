// A cart's or an order's totals. One rounding rule: lines are exact (quantity × unit cents), and
// tax is computed once, on the order's taxable amount (subtotal − discount), rounded half up to
// the cent, in bigint arithmetic with the rate in millionths. Never per line, never a float multiply.
// See docs/decisions/0001-money-and-tax-rounding.md.
import { type Cents, centsFromBigInt, divideRoundHalfUp, requireCents } from "../money/cents";
import type { TaxRatePpm } from "./tax";

export interface PricedLine {
  quantity: number;
  unitPriceCents: Cents;
}

export interface CartTotals {
  subtotalCents: Cents;
  discountCents: Cents;
  taxableCents: Cents;
  taxCents: Cents;
  shippingCents: 0;
  totalCents: Cents;
}

const PPM = 1_000_000n;

export function lineTotalCents(line: PricedLine): Cents {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
    throw new RangeError(`Quantity must be a whole number from 1: ${line.quantity}`);
  const unitPrice = requireCents(line.unitPriceCents, "Unit price");
  return centsFromBigInt(BigInt(line.quantity) * BigInt(unitPrice));
}

/** Tax on the taxable amount at a rate in millionths, rounded half up to the cent. */
export function taxCentsFor(taxableCents: Cents, taxRate: TaxRatePpm): Cents {
  if (!Number.isSafeInteger(taxRate) || taxRate < 0 || BigInt(taxRate) > PPM)
    throw new RangeError(`Tax rate must be in millionths (82500 = 8.25%), as taxRateFor gives it: ${taxRate}`);
  return centsFromBigInt(
    divideRoundHalfUp(BigInt(requireCents(taxableCents, "Taxable amount")) * BigInt(taxRate), PPM),
  );
}

/** Subtotal, discount (capped at the subtotal), tax on the discounted base, free shipping, total. */
export function cartTotals({
  lines,
  discountCents,
  taxRate,
}: {
  lines: readonly PricedLine[];
  discountCents: Cents;
  taxRate: TaxRatePpm;
}): CartTotals {
  const subtotalCents = centsFromBigInt(lines.reduce((sum, line) => sum + BigInt(lineTotalCents(line)), 0n));
  const discount = Math.min(requireCents(discountCents, "Discount"), subtotalCents);
  const taxableCents = subtotalCents - discount;
  const taxCents = taxCentsFor(taxableCents, taxRate);
  // Shipping is always free (docs/product-rules.md, Tax and totals).
  return {
    subtotalCents,
    discountCents: discount,
    taxableCents,
    taxCents,
    shippingCents: 0,
    totalCents: centsFromBigInt(BigInt(taxableCents) + BigInt(taxCents)),
  };
}
