// The product page's price for the quantity the buyer chose: the tier's unit price (or the member's
// contract price, the list price struck through beside it), the line total and what the next tier
// would save, worked out by the cart's own pricing rule as the quantity changes. Prices are per unit
// of sale ("per box"), with a pack's price per piece beside them (docs/decisions/units-of-sale.md).

import { packNote, perUnit, quantityWithUnit, type SaleUnitOf } from "../../../domain/catalog/sale-units";
import { fromCents } from "../../../domain/money/cents";
import { nextTierOffer, priceQuantity, type QuantityOfProduct } from "../../../domain/pricing/tiers";
import { formatNumber } from "../../../domain/text/numbers";
import { Price, UnitPrice } from "../price";

export function QuantityPrice(product: QuantityOfProduct & SaleUnitOf) {
  const { unitPriceCents, listPriceCents, contractApplied, lineTotalCents } = priceQuantity(product);
  const offer = nextTierOffer(product);
  const count = quantityWithUnit(product.quantity, product.unit);
  const per = perUnit(product);
  const pack = packNote(product, unitPriceCents);
  return (
    // Polite and whole: a screen reader hears the new price once the buyer pauses, not each digit.
    <div aria-live="polite" aria-atomic="true" className="mt-6">
      <p className="text-slate-950">
        {contractApplied ? (
          <span className="text-3xl">
            <UnitPrice amount={fromCents(unitPriceCents)} listAmount={fromCents(listPriceCents)} />
          </span>
        ) : (
          <Price amount={fromCents(unitPriceCents)} className="text-3xl font-bold" />
        )}{" "}
        <span className="text-slate-700">{per}</span>
      </p>
      {pack && <p className="mt-1 font-semibold text-slate-800">{pack}</p>}
      {contractApplied && <p className="mt-1 text-sm text-slate-700">Your company's contract price applies.</p>}
      <p className="mt-1 text-slate-800">
        Line total for {count}: <Price amount={fromCents(lineTotalCents)} className="font-semibold text-slate-950" />
      </p>
      {offer && (
        <p className="mt-1 text-sm font-semibold text-green-800">
          Buy {formatNumber(offer.minQuantity)} or more at <Price amount={fromCents(offer.unitPriceCents)} /> {per},
          save <Price amount={fromCents(offer.savingCents)} />
        </p>
      )}
    </div>
  );
}
