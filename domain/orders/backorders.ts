// Ordering past stock (docs/decisions/back-orders.md). What is on the shelf ships now and is taken
// from stock; the rest of a back-orderable part's quantity is back-ordered, expected its lead time
// in business days after the day it is ordered; any other quantity past the stock is refused with
// what is in stock, never cut. The product page, the cart, checkout, order placement, the order's
// pages, its mail and its invoice all word it through here.
import { addBusinessDays, type Day, formatWeekdayDay } from "../dates/dates";
import { formatNumber } from "../text/numbers";
import { canBackorder, type Supply } from "./backorderable";

/** An ordered quantity split: `shipNow` from stock, `backordered` owed, expected on `expectedOn`. */
export interface LineSplit {
  shipNow: number;
  backordered: number;
  /** The day the back-ordered part is expected; null when nothing is back-ordered. */
  expectedOn: Day | null;
}

/**
 * `quantity` of the part ordered on `today` (the store's day): what ships now and what is
 * back-ordered; null when the store cannot supply it (past the stock of a part that is not
 * back-orderable).
 */
export function splitLine(quantity: number, supply: Supply, today: Day): LineSplit | null {
  const onShelf = Math.max(0, supply.stockLevel);
  if (quantity <= onShelf) return { shipNow: quantity, backordered: 0, expectedOn: null };
  if (!canBackorder(supply)) return null;
  return {
    shipNow: onShelf,
    backordered: quantity - onShelf,
    expectedOn: addBusinessDays(today, supply.leadTimeDays ?? 0),
  };
}

/** "Only 640 in stock for GW-45-001": the start of every refusal of a quantity past the stock. */
export const onlyInStock = ({ partNumber, stockLevel }: Pick<Supply, "partNumber" | "stockLevel">) =>
  `Only ${formatNumber(Math.max(0, stockLevel))} in stock for ${partNumber}`;

/**
 * The refusal of a quantity past the stock of a part that is not back-orderable, with what to ask
 * for; `inCart`, what the buyer's cart already holds of it, when the quantity is added to that.
 */
export function notEnoughStock(supply: Pick<Supply, "partNumber" | "stockLevel">, inCart = 0): string {
  const { partNumber, stockLevel } = supply;
  if (stockLevel <= 0) return `${partNumber} is out of stock and cannot be back-ordered.`;
  if (inCart <= 0) return `${onlyInStock(supply)}; ask for ${formatNumber(stockLevel)} or fewer.`;
  if (inCart >= stockLevel) return `${onlyInStock(supply)}, and your cart has ${formatNumber(inCart)} already.`;
  return `${onlyInStock(supply)} and your cart has ${formatNumber(inCart)}; add ${formatNumber(stockLevel - inCart)} or fewer.`;
}

/**
 * Why `quantity` of the part cannot be ordered on `today`, or undefined when it can (all from
 * stock, or the rest back-ordered).
 */
export const supplyProblem = (quantity: number, supply: Supply, today: Day) =>
  splitLine(quantity, supply, today) ? undefined : notEnoughStock(supply);

/**
 * The one way a back-order is said: "12 ship now, 8 back-ordered, expected Tue, Dec 15"; "All 20
 * back-ordered, expected …" when none ships now; nothing when all of it ships now. `from` is the
 * day it was ordered (or today), whose year the date leaves out.
 */
export function backorderNote(
  { quantity, backordered, expectedOn }: { quantity: number; backordered: number; expectedOn: Day | null },
  from: Day,
): string | undefined {
  if (backordered <= 0 || !expectedOn) return undefined;
  const expected = `expected ${formatWeekdayDay(expectedOn, from)}`;
  const shipNow = quantity - backordered;
  if (shipNow > 0)
    return `${formatNumber(shipNow)} ${shipNow === 1 ? "ships" : "ship"} now, ${formatNumber(backordered)} back-ordered, ${expected}`;
  if (backordered === 1) return `Back-ordered, ${expected}`;
  return `All ${formatNumber(backordered)} back-ordered, ${expected}`;
}
