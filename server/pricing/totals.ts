// An order's totals. One rounding rule: tax is computed once, on the order's taxable amount
// (subtotal minus discount), and rounded half up to the cent; lines are exact already.
import { type Cents, divideRoundHalfUp } from "./money";

export interface PricedLine {
  quantity: number;
  unitPriceCents: Cents;
}

export interface Totals {
  subtotalCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
}

export const lineTotalCents = (line: PricedLine): Cents => line.quantity * line.unitPriceCents;

export function orderTotals({
  lines,
  discountCents,
  taxRatePpm,
}: {
  lines: readonly PricedLine[];
  discountCents: Cents;
  taxRatePpm: number;
}): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const discount = Math.min(Math.max(discountCents, 0), subtotalCents);
  const taxable = subtotalCents - discount;
  const taxCents = Number(divideRoundHalfUp(BigInt(taxable) * BigInt(taxRatePpm), 1_000_000n));
  // Shipping is always free (spec section 9).
  return { subtotalCents, discountCents: discount, taxCents, shippingCents: 0, totalCents: taxable + taxCents };
}
