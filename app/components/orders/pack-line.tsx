import { DEFAULT_SALE_UNIT, packNote, perUnit, type SaleUnitOf } from "../../../domain/catalog/sale-units";
import { toCents } from "../../../domain/money/cents";

/**
 * A line's unit of sale beside its unit price: "Box of 25 ($1.43 each)", "Foot"; nothing for a part
 * sold each (docs/decisions/units-of-sale.md). Every place a line appears shows it through here.
 */
export function PackLine({ line, className }: { line: SaleUnitOf & { unitPrice: string }; className?: string }) {
  const note = packNote(line, toCents(line.unitPrice));
  return note ? <span className={`block ${className ?? ""}`}>{note}</span> : null;
}

/** " per box" after a line's unit price ("3 × $35.79 per box"); nothing for each, whose lines read as they always have. */
export function PerUnit({ unit }: { unit: string }) {
  return unit === DEFAULT_SALE_UNIT ? null : <> {perUnit({ unit })}</>;
}
