// The unit a part is sold in, its pack and the quantities a buyer may order of it
// (docs/decisions/units-of-sale.md). A price, a bulk tier, a stock level and every line's quantity
// count units of sale; the pack quantity says how many pieces one unit holds. Shared by the browser
// (quantity boxes, labels) and the server (every place a quantity is taken, and every document).
import { type Cents, centsFromBigInt, divideRoundHalfUp, fromCents } from "../money/cents";
import { formatUsd } from "../money/format";
import { formatNumber } from "../text/numbers";

interface SaleUnit {
  /** The unit's name, capitalised in a label ("Box of 25") and after a price ("per box"). */
  name: string;
  /** A count of units in a sentence: "10 boxes", "1 piece". */
  one: string;
  many: string;
}

/** UN/CEFACT codes (Recommendation 20; FT as buyers' systems write a foot), in the editor's order. */
export const saleUnits = {
  EA: { name: "each", one: "piece", many: "pieces" },
  PR: { name: "pair", one: "pair", many: "pairs" },
  PK: { name: "pack", one: "pack", many: "packs" },
  BX: { name: "box", one: "box", many: "boxes" },
  CS: { name: "case", one: "case", many: "cases" },
  SET: { name: "set", one: "set", many: "sets" },
  KT: { name: "kit", one: "kit", many: "kits" },
  BG: { name: "bag", one: "bag", many: "bags" },
  RO: { name: "roll", one: "roll", many: "rolls" },
  DR: { name: "drum", one: "drum", many: "drums" },
  FT: { name: "foot", one: "foot", many: "feet" },
  MTR: { name: "meter", one: "meter", many: "meters" },
  GLL: { name: "gallon", one: "gallon", many: "gallons" },
  LTR: { name: "liter", one: "liter", many: "liters" },
  LBR: { name: "pound", one: "pound", many: "pounds" },
} as const satisfies Record<string, SaleUnit>;

export type SaleUnitCode = keyof typeof saleUnits;
export const saleUnitCodes = Object.keys(saleUnits) as SaleUnitCode[];
export const DEFAULT_SALE_UNIT: SaleUnitCode = "EA";

export const isSaleUnitCode = (code: string): code is SaleUnitCode => Object.hasOwn(saleUnits, code);

/** Rec 20's own codes for units the store writes otherwise: its foot is FOT, which buyers' systems write FT. */
const saleUnitAliases: Record<string, SaleUnitCode> = { FOT: "FT" };

/** A code as written ("bx", "FOT") as the store keeps it ("BX", "FT"); an unknown one is returned upper-cased. */
export function saleUnitCode(written: string): string {
  const code = written.trim().toUpperCase();
  return saleUnitAliases[code] ?? code;
}

/** The unit's entry; a code the list no longer has (an old order's) reads as its code. */
const unitOf = (code: string): SaleUnit =>
  isSaleUnitCode(code) ? saleUnits[code] : { name: code, one: code, many: code };

/** How a part is sold, as every line and page reads it. */
export interface SaleUnitOf {
  unit: string;
  /** Pieces in one unit of sale; 1 for each. */
  packQuantity: number;
}

/** What an ordered quantity must be: at least the minimum, and a multiple of the order multiple. */
export interface OrderRule extends SaleUnitOf {
  minOrderQuantity: number;
  orderMultiple: number;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "box" or "boxes", "piece" or "pieces": a count of the unit in a sentence. */
export const unitName = (code: string, count: number) => (count === 1 ? unitOf(code).one : unitOf(code).many);

/** "each", "box", "foot": the unit's own name, as a select lists it. */
export const saleUnitName = (code: string) => unitOf(code).name;

/**
 * The unit as a label beside the price: "Box of 25" for a pack, "Pair" or "Foot" for a unit of
 * one piece, and nothing for each (the store's usual case says nothing).
 */
export function saleUnitLabel({ unit, packQuantity }: SaleUnitOf): string {
  const name = capitalised(unitOf(unit).name);
  if (packQuantity > 1) return `${name} of ${formatNumber(packQuantity)}`;
  return unit === DEFAULT_SALE_UNIT ? "" : name;
}

/** What follows a unit price: "each", "per box", "per foot". */
export const perUnit = ({ unit }: Pick<SaleUnitOf, "unit">) =>
  unit === DEFAULT_SALE_UNIT ? "each" : `per ${unitOf(unit).name}`;

/**
 * "Box of 25 ($1.43 each)": the unit's label with the price of one piece, for comparison, where the
 * unit holds more than one; nothing for a unit of one piece, which "per foot" after its price says.
 * `unitPriceCents` is what one unit costs.
 */
export function packNote(part: SaleUnitOf, unitPriceCents: Cents): string {
  const piece = piecePriceCents(unitPriceCents, part.packQuantity);
  return piece === null ? "" : `${saleUnitLabel(part)} (${formatUsd(fromCents(piece))} each)`;
}

/** "25 boxes", "1 pair", "10": a quantity with its unit, each left bare. */
export const quantityWithUnit = (quantity: number, unit: string) =>
  unit === DEFAULT_SALE_UNIT ? formatNumber(quantity) : `${formatNumber(quantity)} ${unitName(unit, quantity)}`;

/**
 * The price of one piece of a pack, for comparison only (never charged): the unit's price divided
 * by the pieces it holds, rounded half up to the cent. Null when one unit is one piece.
 */
export function piecePriceCents(unitPriceCents: Cents, packQuantity: number): Cents | null {
  if (!Number.isSafeInteger(packQuantity) || packQuantity <= 1) return null;
  return centsFromBigInt(divideRoundHalfUp(BigInt(unitPriceCents), BigInt(packQuantity)));
}

/** The smallest quantity the rule allows: the minimum, or the first multiple at or above it. */
export function smallestQuantity({
  minOrderQuantity,
  orderMultiple,
}: Pick<OrderRule, "minOrderQuantity" | "orderMultiple">) {
  const step = Math.max(1, orderMultiple);
  return Math.ceil(Math.max(1, minOrderQuantity) / step) * step;
}

/** Whether `quantity` (a whole number) is one the rule allows. */
export const allowsQuantity = (rule: Pick<OrderRule, "minOrderQuantity" | "orderMultiple">, quantity: number) =>
  quantity >= smallestQuantity(rule) && quantity % Math.max(1, rule.orderMultiple) === 0;

/**
 * The allowed quantities nearest `quantity`: the one below (when there is one) and the one above;
 * none above past `max` (the most a line may hold), so an offer can always be taken.
 */
export function nearestQuantities(
  rule: Pick<OrderRule, "minOrderQuantity" | "orderMultiple">,
  quantity: number,
  max = Number.MAX_SAFE_INTEGER,
): number[] {
  const step = Math.max(1, rule.orderMultiple);
  const smallest = smallestQuantity(rule);
  if (quantity <= smallest) return smallest <= max ? [smallest] : [];
  const below = Math.min(Math.floor(quantity / step) * step, Math.floor(max / step) * step);
  const above = below + step;
  return [...(below >= smallest ? [below] : []), ...(above <= max && above > quantity ? [above] : [])];
}

/**
 * The rule said before any quantity is refused, beside the quantity box: "Sold in multiples of 25",
 * "Minimum order: 10 feet", "Minimum order: 50 pieces, in multiples of 25"; nothing without one.
 */
export function orderRuleNote(rule: OrderRule): string {
  const multiple = rule.orderMultiple > 1 ? `multiples of ${quantityWithUnit(rule.orderMultiple, rule.unit)}` : "";
  if (rule.minOrderQuantity <= 1) return multiple && `Sold in ${multiple}`;
  const minimum = `Minimum order: ${formatNumber(rule.minOrderQuantity)} ${unitName(rule.unit, rule.minOrderQuantity)}`;
  return multiple ? `${minimum}, in ${multiple}` : minimum;
}

const offer = (quantities: number[]) =>
  quantities.length ? `: ${quantities.map((quantity) => formatNumber(quantity)).join(" or ")}?` : ".";

/**
 * Why `quantity` of the part cannot be ordered, with the nearest quantities that can, or undefined
 * when it can: "Sold in multiples of 25: 50 or 75?", "Minimum order is 10 boxes: 10?". The one
 * wording of the rule, for the page, the cart, Quick Order, reorders, lists, quotes, checkout,
 * the API and the import. Stock is not its matter (domain/orders/backorders.ts).
 */
export function orderQuantityProblem(rule: OrderRule, quantity: number, max?: number): string | undefined {
  if (allowsQuantity(rule, quantity)) return undefined;
  const offers = nearestQuantities(rule, quantity, max);
  const multiple = quantityWithUnit(rule.orderMultiple, rule.unit);
  if (quantity < smallestQuantity(rule) && rule.minOrderQuantity > 1) {
    const minimum = `Minimum order is ${formatNumber(rule.minOrderQuantity)} ${unitName(rule.unit, rule.minOrderQuantity)}`;
    return rule.orderMultiple > 1
      ? `${minimum}, in multiples of ${multiple}${offer(offers)}`
      : `${minimum}${offer(offers)}`;
  }
  return `Sold in multiples of ${multiple}${offer(offers)}`;
}

/** "Each", "Box of 25": how a line or a part is sold, named even for each. */
const soldAs = (part: SaleUnitOf) => saleUnitLabel(part) || capitalised(saleUnitName(part.unit));

/** Why a quantity asked in one unit cannot be bought in the part's unit now. */
export const unitChangedMessage = (name: string, asked: SaleUnitOf, now: SaleUnitOf) =>
  `${name} is now sold as ${soldAs(now)}, not as ${soldAs(asked)} as it was asked for. Please order it again.`;

/** A part sold by the piece in any quantity: what every product was before units of sale. */
export const soldEach: OrderRule = { unit: DEFAULT_SALE_UNIT, packQuantity: 1, minOrderQuantity: 1, orderMultiple: 1 };

/** The unit and pack a line keeps of its part (an order's, a quote's); each for a part not in the catalogue. */
export const saleUnitOf = (part: SaleUnitOf | undefined): SaleUnitOf => ({
  unit: part?.unit ?? DEFAULT_SALE_UNIT,
  packQuantity: part?.packQuantity ?? 1,
});
