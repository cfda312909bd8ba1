import { packNote, type SaleUnitOf } from "../../../domain/catalog/sale-units";
import { toCents } from "../../../domain/money/cents";

/**
 * A line's unit of sale beside its unit price: "Box of 25 ($1.43 each)", "Foot"; nothing for a part
 * sold each (docs/decisions/units-of-sale.md). Every place a line appears shows it through here.
 */
export function PackLine({ line, className }: { line: SaleUnitOf & { unitPrice: string }; className?: string }) {
  const note = packNote(line, toCents(line.unitPrice));
  return note ? <span className={`block ${className ?? ""}`}>{note}</span> : null;
}
