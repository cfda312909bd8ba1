// What a part's price is for, said to machines (docs/decisions/units-of-sale.md): schema.org's
// UnitPriceSpecification in the product page's structured data, and Google's unit pricing attributes
// in the merchant feed. Where the price is for one piece (each), nothing is added.
import { DEFAULT_SALE_UNIT, type SaleUnitOf, saleUnitLabel } from "./sale-units";

/** Rec 20's own code for the unit: the store writes a foot FT, as buyers' systems do; Rec 20 writes FOT. */
const rec20Code = (unit: string) => (unit === "FT" ? "FOT" : unit);

/**
 * schema.org's price specification for a unit of sale: the price is per `unitCode` (BX), which holds
 * `referenceQuantity` pieces (25 EA) for a pack, or one of itself (1 FOT) for a unit of one piece.
 * Null for a part sold each, whose Offer's price says it all.
 */
export function unitPriceSpecification(part: SaleUnitOf, price: string) {
  if (part.unit === DEFAULT_SALE_UNIT && part.packQuantity <= 1) return null;
  const unitCode = rec20Code(part.unit);
  return {
    "@type": "UnitPriceSpecification",
    price,
    priceCurrency: "USD",
    unitCode,
    unitText: saleUnitLabel(part),
    referenceQuantity: {
      "@type": "QuantitativeValue",
      value: part.packQuantity,
      unitCode: part.packQuantity > 1 ? DEFAULT_SALE_UNIT : unitCode,
    },
  };
}

// Google's units for the measures the store sells by (its unit pricing attributes take no others).
const googleMeasure: Record<string, string> = { FT: "ft", MTR: "m", GLL: "gal", LTR: "l", LBR: "lb" };

/**
 * Google's `unit_pricing_measure` and `unit_pricing_base_measure`: a pack's price per piece ("25ct"
 * per "1ct"), a measure's per its unit ("1ft" per "1ft"). Null where neither applies (each, a pair,
 * a kit of one): Google would show the price it already shows.
 */
export function merchantUnitPricing(part: SaleUnitOf): { measure: string; base: string } | null {
  if (part.packQuantity > 1) return { measure: `${part.packQuantity}ct`, base: "1ct" };
  const unit = googleMeasure[part.unit];
  return unit ? { measure: `1${unit}`, base: `1${unit}` } : null;
}
