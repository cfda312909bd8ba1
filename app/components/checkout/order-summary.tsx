import { formatUsd } from "../../../domain/money/format";
import type { CartSummary } from "../../../server/pricing/price";
import { ProductPicture } from "../catalog/product-picture";
import { AddToListDialog } from "../lists/add-to-list-dialog";
import { OrderTotals } from "../order-totals";
import { BackorderNote } from "../orders/backorder-note";
import { PackLine, PerUnit } from "../orders/pack-line";
import { ShippingNote } from "../orders/shipping-note";
import { UnitPrice } from "../price";

/** The checkout's side panel: each line, `children` (the promo code field), then subtotal, discount, tax, free shipping and total. */
export function OrderSummary({
  cart,
  children,
  saveLabel = "Save Cart to List",
}: {
  cart: CartSummary;
  children?: React.ReactNode;
  /** What saving these lines to a list is called ("Save Quote to List" at a quote's checkout). */
  saveLabel?: string;
}) {
  return (
    <aside
      aria-labelledby="order-summary-heading"
      className="h-fit rounded-lg border border-slate-200 bg-white p-5 lg:sticky lg:top-4"
    >
      <h2 id="order-summary-heading" className="text-xl font-semibold text-slate-950">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex gap-3 py-3">
            <ProductPicture src={line.image || undefined} alt="" className="size-14 shrink-0" sizes="56px" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-950">{line.name}</p>
              <p className="text-slate-700">
                {line.quantity} × <UnitPrice amount={line.unitPrice} listAmount={line.listPrice} />
                <PerUnit unit={line.unit} />
              </p>
              <PackLine line={line} className="text-slate-700" />
              {line.partNumber && <p className="text-slate-600">SKU: {line.partNumber}</p>}
              <BackorderNote note={line.backorder} />
              <ShippingNote note={line.shipping} />
              {line.problem && <p className="text-red-700">{line.problem}</p>}
            </div>
            <p className="text-sm font-semibold text-slate-950">{formatUsd(line.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <AddToListDialog
        items={cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity }))}
        label={saveLabel}
      />
      {children}
      <div className="mt-2 border-t border-slate-200 pt-3">
        <OrderTotals
          subtotal={cart.subtotal}
          discount={cart.discount}
          promoCode={cart.promo?.code}
          tax={cart.tax}
          taxExemption={cart.taxExemption}
          total={cart.total}
        />
      </div>
    </aside>
  );
}
