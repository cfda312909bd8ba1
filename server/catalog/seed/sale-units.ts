// How the seeded parts are sold (issue 34): in the unit the part comes in, read from what the
// generator already wrote of it (a "25 Pack" attribute is a pack of 25 priced as one), and discs and
// wheels in boxes, priced per box. Every seeded part may be bought one unit at a time: minimums and
// multiples are left to the sample parts that show them (generator.ts, namedProducts).
import type { SaleUnitCode } from "../../../domain/catalog/sale-units";

export interface SeededSale {
  unit: SaleUnitCode;
  packQuantity: number;
}

const each: SeededSale = { unit: "EA", packQuantity: 1 };

/** Parts the generator prices by the piece that are sold in boxes: the pieces in a box. */
const boxedPieces: Record<string, (attributes: Record<string, string>) => number> = {
  // Thin wheels come 50 to a box, as the makers pack them.
  "cut-off-wheels": (attributes) => ([".035 in", ".040 in"].includes(attributes.Thickness ?? "") ? 50 : 25),
  "psa-discs": () => 50,
  "roloc-grinding-discs": () => 25,
};

/** A pack, pair, bag, roll or size as the generator writes it, read as a unit of sale. */
const written: [RegExp, (count: number) => SeededSale][] = [
  [/^(\d[\d,]*) (?:Pack|Sheets)$/, (count) => ({ unit: "PK", packQuantity: count })],
  [/^1 Pair$/, () => ({ unit: "PR", packQuantity: 1 })],
  [/^(\d+) (?:Pairs|Bags)$/, (count) => ({ unit: "BX", packQuantity: count })],
  [/^(\d+) Rolls$/, (count) => ({ unit: "CS", packQuantity: count })],
  [/^\d+ lb Box$/, () => ({ unit: "BX", packQuantity: 1 })],
  [/^1 gal$/, () => ({ unit: "GLL", packQuantity: 1 })],
  [/^55 gal Drum$/, () => ({ unit: "DR", packQuantity: 1 })],
];

/** The unit of sale of a generated part of `subcategory` with these attributes. */
export function seededSale(subcategory: string, attributes: Record<string, string>): SeededSale {
  const pieces = boxedPieces[subcategory]?.(attributes);
  if (pieces) return { unit: "BX", packQuantity: pieces };
  if (subcategory === "disposable-gloves") return { unit: "BX", packQuantity: 100 };
  if (subcategory === "electrical-tape") return { unit: "RO", packQuantity: 1 };
  for (const value of [attributes.Pack, attributes.Quantity, attributes.Size]) {
    for (const [pattern, sale] of written) {
      const match = value === undefined ? null : pattern.exec(value);
      if (match) return sale(Number((match[1] ?? "1").replace(/,/g, "")));
    }
  }
  return each;
}

/**
 * The price of a box of a part the generator priced by the piece: the pieces at a tenth off (a
 * box is the cheaper way to buy), ending in 9 as shelf prices do. Other parts keep their price.
 */
export function seededUnitCents(subcategory: string, attributes: Record<string, string>, pieceCents: number) {
  const pieces = boxedPieces[subcategory]?.(attributes);
  if (!pieces) return pieceCents;
  const cents = Math.floor((pieceCents * pieces * 9) / 10);
  return cents - (cents % 10) + 9;
}
