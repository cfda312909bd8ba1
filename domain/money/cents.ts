// Money as integer cents. Database numerics arrive as decimal strings and are read digit by digit,
// so no amount ever passes through a binary float; products and quotients go through bigint.
export type Cents = number;

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** "12.99" -> 1299. Throws RangeError for anything that is not a non-negative dollar amount with at most 2 decimals. */
export function toCents(amount: string): Cents {
  const match = typeof amount === "string" ? AMOUNT.exec(amount.trim()) : null;
  if (!match) throw new RangeError(`Not an amount in dollars and cents: ${JSON.stringify(amount)}`);
  const [, dollars = "0", fraction = ""] = match;
  return centsFromBigInt(BigInt(dollars) * 100n + BigInt(fraction.padEnd(2, "0")));
}

/**
 * "-1.00" -> -100: an amount that may be below zero, such as an invoice's balance read while a payment
 * and a credit both counted against it (the reader then refuses or refunds what is too much).
 */
export function toSignedCents(amount: string): Cents {
  const trimmed = typeof amount === "string" ? amount.trim() : amount;
  return typeof trimmed === "string" && trimmed.startsWith("-") ? -toCents(trimmed.slice(1)) : toCents(trimmed);
}

/** 1299 -> "12.99", the form numeric columns take. */
export function fromCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The value back as Cents, refused when a number could not hold it exactly. */
export function centsFromBigInt(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError(`Amount too large to count in cents exactly: ${value}`);
  return Number(value);
}

/** Guards the entry points: an amount must be a whole, non-negative, exactly representable number of cents. */
export function requireCents(value: Cents, what: string): Cents {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole number of cents, 0 or more: ${value}`);
  return value;
}

/** numerator / denominator rounded to the nearest integer, halves away from zero ("half up" for amounts). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`Denominator must be positive: ${denominator}`);
  const magnitude = ((numerator < 0n ? -numerator : numerator) * 2n + denominator) / (denominator * 2n);
  return numerator < 0n ? -magnitude : magnitude;
}
