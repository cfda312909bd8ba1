// What lines given back take off an order, whether cancelled before they shipped or returned after:
// one rule for both, so that everything an order gives back adds up to its total, never a cent more
// (docs/decisions/0001-money-and-tax-rounding.md: the order's tax is shared out, never computed again
// per line).
import { type Cents, centsFromBigInt, divideRoundHalfUp, toCents } from "../money/cents";

/** The order's money as stored: decimal strings. */
export interface OrderAmounts {
  subtotalAmount: string;
  discountAmount: string;
  taxAmount: string;
  totalAmount: string;
}

export interface GivenBack {
  linesCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/**
 * What lines worth `valueCents` at the prices paid take off the order, counted for everything given
 * back so far: their value, less their share of the order's discount, plus their share of its tax
 * (shared out by value, each share rounded half up); all of it once they are worth the subtotal.
 */
export function givenBack(order: OrderAmounts, valueCents: bigint): GivenBack {
  const subtotal = BigInt(toCents(order.subtotalAmount));
  const whole = valueCents >= subtotal;
  const share = (amount: string) =>
    whole ? toCents(amount) : centsFromBigInt(divideRoundHalfUp(BigInt(toCents(amount)) * valueCents, subtotal));
  const linesCents = centsFromBigInt(valueCents);
  const discountCents = share(order.discountAmount);
  const taxCents = share(order.taxAmount);
  return {
    linesCents,
    discountCents,
    taxCents,
    totalCents: whole ? toCents(order.totalAmount) : linesCents - discountCents + taxCents,
  };
}

/**
 * What giving back `addedCents` more (at the prices paid) takes off, after `beforeCents` given back:
 * the difference of the two cumulative figures, so that the parts add up to the whole whatever the
 * rounding.
 */
export function givingBack(order: OrderAmounts, beforeCents: bigint, addedCents: bigint): GivenBack {
  const before = givenBack(order, beforeCents);
  const after = givenBack(order, beforeCents + addedCents);
  return {
    linesCents: after.linesCents - before.linesCents,
    discountCents: after.discountCents - before.discountCents,
    taxCents: after.taxCents - before.taxCents,
    totalCents: after.totalCents - before.totalCents,
  };
}
