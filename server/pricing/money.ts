// Money as integer cents. Database numerics arrive as decimal strings and are parsed digit by
// digit, never through a binary float.
export type Cents = number;

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

/** "12.99" -> 1299. Throws RangeError for anything that is not a non-negative amount in cents. */
export function toCents(amount: string): Cents {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount in dollars and cents: ${JSON.stringify(amount)}`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${amount}`);
  return cents;
}

/** 1299 -> "12.99", the form numeric columns take. */
export function fromCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** numerator / denominator rounded half up (away from zero for the positive amounts we use). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
