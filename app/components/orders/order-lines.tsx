import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { formatUsd } from "../../../domain/money/format";
import { CartReport } from "../cart/cart-report";
import { useCart } from "../cart/use-cart";
import { AddToListDialog } from "../lists/add-to-list-dialog";
import { UnitPrice } from "../price";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";

export interface OrderLine {
  id: string;
  productId: string | null;
  productName: string;
  productSku: string | null;
  quantity: number;
  unitPrice: string;
  /** The list price beside a contract price that applied. */
  listUnitPrice?: string | null;
  totalPrice: string;
}

/**
 * The order's lines, each with a checkbox: reorder the whole order or the lines chosen, at today's
 * prices, or save them to a list. `totals` is rendered under the lines.
 */
export function OrderLines({
  orderNumber,
  items,
  totals,
}: {
  orderNumber: string;
  items: OrderLine[];
  totals: React.ReactNode;
}) {
  const { fetcher } = useCart();
  const [chosen, setChosen] = useState<string[]>([]);
  const formId = useId();
  const busy = fetcher.state !== "idle";
  const toSave = items
    .filter((item) => item.productId && (chosen.length === 0 || chosen.includes(item.id)))
    .map((item) => ({ productId: item.productId ?? "", quantity: item.quantity }));
  return (
    <Card>
      <CardContent className="py-5">
        <h2 className="text-xl font-semibold text-slate-950">Items Ordered</h2>
        <fetcher.Form method="post" action="/api/reorder" id={formId}>
          <input type="hidden" name="intent" value="order" />
          <input type="hidden" name="orderNumber" value={orderNumber} />
          <ul className="mt-3 divide-y divide-slate-200">
            {items.map((item) => (
              <li key={item.id} className="flex items-start gap-3 py-3 text-sm">
                <input
                  type="checkbox"
                  name="itemId"
                  value={item.id}
                  id={`line-${item.id}`}
                  checked={chosen.includes(item.id)}
                  onChange={(event) =>
                    setChosen((now) => (event.target.checked ? [...now, item.id] : now.filter((id) => id !== item.id)))
                  }
                  className="mt-1 size-4 accent-brand-800"
                  aria-label={`Choose ${item.productName}`}
                />
                <label htmlFor={`line-${item.id}`} className="flex-1">
                  <span className="block font-medium text-slate-950">{item.productName}</span>
                  {item.productSku && <span className="block text-slate-600">SKU: {item.productSku}</span>}
                  <span className="block text-slate-700">
                    {item.quantity} × <UnitPrice amount={item.unitPrice} listAmount={item.listUnitPrice} />
                  </span>
                </label>
                <span className="font-semibold text-slate-950">{formatUsd(item.totalPrice)}</span>
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-200 pt-3">{totals}</div>
        </fetcher.Form>
        {/* Outside the form: the dialog holds a form of its own. */}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" form={formId} disabled={busy}>
            <RotateCcw aria-hidden="true" />
            {chosen.length > 0 ? `Reorder Selected (${chosen.length})` : "Reorder All"}
          </Button>
          <AddToListDialog
            items={toSave}
            size="default"
            label={chosen.length > 0 ? "Add Selected to List" : "Add Order to List"}
          />
        </div>
        <p className="mt-2 text-sm text-slate-700">Items are added to your cart at today's prices.</p>
        <div className="mt-3">
          <CartReport />
        </div>
      </CardContent>
    </Card>
  );
}
