import { formatUsd } from "../../../domain/money/format";
import { OrderTotals } from "../order-totals";
import { Price, UnitPrice } from "../price";
import { Card, CardContent } from "../ui/card";
import { BackorderNote } from "./backorder-note";
import { PackLine, PerUnit } from "./pack-line";

export interface OrderLine {
  id: string;
  productId: string | null;
  productName: string;
  productSku: string | null;
  quantity: number;
  /** The unit of sale the quantity counts, as bought. */
  unit: string;
  packQuantity: number;
  unitPrice: string;
  /** The list price beside a contract price that applied. */
  listUnitPrice?: string | null;
  totalPrice: string;
  /** What ships now and what is back-ordered, when some is. */
  backorder?: string;
  /** How many of the quantity were cancelled before they shipped. */
  cancelled?: number;
}

/** "2 of 5 cancelled", under a line some of which was cancelled. */
function CancelledNote({ item }: { item: OrderLine }) {
  if (!item.cancelled) return null;
  return (
    <span className="block font-medium text-red-800">
      {item.cancelled === item.quantity ? "Cancelled" : `${item.cancelled} of ${item.quantity} cancelled`}
    </span>
  );
}

/**
 * An order's lines and totals in a card: the buyer's order page, the order confirmation and the
 * admin's order page. The admin's is `dense` (a smaller heading, one line an item). With `choose`,
 * each line has a checkbox (the buyer's reorder); `wrap` puts the lines and totals in a form of the
 * caller's, and `children` come under them.
 */
export function OrderItems({
  title = "Items Ordered",
  items,
  totals,
  dense = false,
  className,
  choose,
  wrap = (content) => content,
  children,
}: {
  title?: string;
  items: OrderLine[];
  totals: React.ComponentProps<typeof OrderTotals>;
  dense?: boolean;
  className?: string;
  choose?: { chosen: readonly string[]; onChange: (id: string, checked: boolean) => void };
  wrap?: (content: React.ReactNode) => React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardContent className="py-5">
        <h2 className={dense ? "text-lg font-semibold text-slate-950" : "text-xl font-semibold text-slate-950"}>
          {title}
        </h2>
        {wrap(
          <>
            <ul className={dense ? "mt-2 divide-y divide-slate-200" : "mt-3 divide-y divide-slate-200"}>
              {items.map((item) =>
                dense ? (
                  <li key={item.id} className="flex justify-between gap-4 py-2 text-sm">
                    <span>
                      {item.productName}
                      {item.productSku && <span className="ml-2 font-mono text-slate-600">SKU: {item.productSku}</span>}
                      <span className="ml-2 text-slate-700">
                        {item.quantity} × <UnitPrice amount={item.unitPrice} listAmount={item.listUnitPrice} />
                        <PerUnit unit={item.unit} />
                      </span>
                      <PackLine line={item} className="text-slate-700" />
                      <BackorderNote note={item.backorder} />
                      <CancelledNote item={item} />
                    </span>
                    <Price amount={item.totalPrice} className="font-semibold" />
                  </li>
                ) : (
                  <li
                    key={item.id}
                    className={
                      choose ? "flex items-start gap-3 py-3 text-sm" : "flex justify-between gap-4 py-3 text-sm"
                    }
                  >
                    {choose ? (
                      <>
                        <input
                          type="checkbox"
                          name="itemId"
                          value={item.id}
                          id={`line-${item.id}`}
                          checked={choose.chosen.includes(item.id)}
                          onChange={(event) => choose.onChange(item.id, event.target.checked)}
                          className="mt-1 size-4 accent-brand-800"
                          aria-label={`Choose ${item.productName}`}
                        />
                        <label htmlFor={`line-${item.id}`} className="flex-1">
                          <LineText item={item} />
                        </label>
                      </>
                    ) : (
                      <div>
                        <LineText item={item} />
                      </div>
                    )}
                    <span className="font-semibold text-slate-950">{formatUsd(item.totalPrice)}</span>
                  </li>
                ),
              )}
            </ul>
            <div className={dense ? "mt-2 border-t border-slate-200 pt-3" : "border-t border-slate-200 pt-3"}>
              <OrderTotals {...totals} />
            </div>
          </>,
        )}
        {children}
      </CardContent>
    </Card>
  );
}

function LineText({ item }: { item: OrderLine }) {
  return (
    <>
      <span className="block font-medium text-slate-950">{item.productName}</span>
      {item.productSku && <span className="block text-slate-600">SKU: {item.productSku}</span>}
      <span className="block text-slate-700">
        {item.quantity} × <UnitPrice amount={item.unitPrice} listAmount={item.listUnitPrice} />
        <PerUnit unit={item.unit} />
      </span>
      <PackLine line={item} className="text-slate-700" />
      <BackorderNote note={item.backorder} />
      <CancelledNote item={item} />
    </>
  );
}
