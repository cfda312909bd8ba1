import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { CartReport } from "../cart/cart-report";
import { useCart } from "../cart/use-cart";
import { AddToListDialog } from "../lists/add-to-list-dialog";
import { Button } from "../ui/button";
import { OrderItems, type OrderLine } from "./order-items";

/**
 * The order's lines, each with a checkbox: reorder the whole order or the lines chosen, at today's
 * prices, or save them to a list. `totals` are shown under the lines.
 */
export function OrderLines({
  orderNumber,
  items,
  totals,
}: {
  orderNumber: string;
  items: OrderLine[];
  totals: React.ComponentProps<typeof OrderItems>["totals"];
}) {
  const { fetcher } = useCart();
  const [chosen, setChosen] = useState<string[]>([]);
  const formId = useId();
  const busy = fetcher.state !== "idle";
  const toSave = items
    .filter((item) => item.productId && (chosen.length === 0 || chosen.includes(item.id)))
    .map((item) => ({ productId: item.productId ?? "", quantity: item.quantity }));
  return (
    <OrderItems
      items={items}
      totals={totals}
      choose={{
        chosen,
        onChange: (id, checked) => setChosen((now) => (checked ? [...now, id] : now.filter((other) => other !== id))),
      }}
      wrap={(content) => (
        <fetcher.Form method="post" action="/api/reorder" id={formId}>
          <input type="hidden" name="intent" value="order" />
          <input type="hidden" name="orderNumber" value={orderNumber} />
          {content}
        </fetcher.Form>
      )}
    >
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
    </OrderItems>
  );
}
