// A quantity as a person types it, read the same way by the forms' schemas (form-fields.ts) and by
// the places that cannot carry zod (Quick Order, in every page's header): digits, maybe a minus
// sign. Number() would also read "0x10" as 16, "1e2" as 100 and an empty box as 0.
import { formatNumber } from "./numbers";

export const WHOLE_NUMBER = /^\s*-?\d+\s*$/;

export const quantityMessages = {
  wholeNumber: "Quantity must be a whole number.",
  atLeastOne: "Quantity must be at least 1.",
  atMost: (max: number) => `Quantity can be at most ${formatNumber(max)}.`,
};

/** Why `typed` is not a whole quantity from 1 to `max`, or null when it is. */
export function quantityProblem(typed: string, max: number): string | null {
  if (!WHOLE_NUMBER.test(typed)) return quantityMessages.wholeNumber;
  const quantity = Number(typed);
  if (quantity < 1) return quantityMessages.atLeastOne;
  if (quantity > max) return quantityMessages.atMost(max);
  return null;
}
