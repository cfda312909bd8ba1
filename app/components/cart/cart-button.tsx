import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { toast } from "sonner";
import { formatUsd } from "../../lib/money";
import { UnitPrice } from "../price";
import { Button } from "../ui/button";
import { useHydrated } from "../use-hydrated";
import { CartTotals } from "./cart-totals";
import { useCart } from "./use-cart";

/** The header's cart icon: a badge with the number of items (hidden at 0) and the cart popover. */
export function CartButton() {
  const { cart, fetcher, load, change } = useCart();
  const hydrated = useHydrated();
  // The buyer's own request (their cart and who they are), once the page is up and again after
  // every form sent as a navigation: signing in or out, or placing an order, changes both. Forms
  // sent through the cart fetcher answer with both already.
  const navigation = useNavigation();
  const stale = useRef(true);
  useEffect(() => {
    if (navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET") stale.current = true;
    else if (navigation.state === "idle" && stale.current) {
      stale.current = false;
      load();
    }
  }, [navigation.state, navigation.formMethod, load]);
  useEffect(() => {
    if (fetcher.data?.message) toast.error(fetcher.data.message);
    if (fetcher.data?.notice) toast.success(fetcher.data.notice);
  }, [fetcher.data]);

  const count = cart.count;
  return (
    <Popover.Root>
      <Popover.Trigger
        disabled={!hydrated}
        className="relative rounded-md p-2 text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        aria-label={count > 0 ? `Shopping cart, ${count} ${count === 1 ? "item" : "items"}` : "Shopping cart"}
      >
        <ShoppingCart className="size-6" aria-hidden="true" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="cart-badge"
            className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-slate-950"
          >
            {count}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-4 shadow-xl"
          aria-label="Shopping Cart"
        >
          <h2 className="text-lg font-semibold text-slate-950">Shopping Cart</h2>
          {cart.lines.length === 0 ? (
            <p className="py-8 text-center text-slate-700">Your cart is empty</p>
          ) : (
            <ul className="mt-3 h-64 divide-y divide-slate-200 overflow-y-auto pr-1">
              {cart.lines.map((line) => (
                <li key={line.productId} className="py-3">
                  <div className="flex justify-between gap-2">
                    <div>
                      <p className="font-medium text-slate-950">{line.name}</p>
                      <p className="font-mono text-xs text-slate-600">{line.partNumber}</p>
                    </div>
                    <button
                      type="button"
                      onClick={() => change({ intent: "remove", productId: line.productId })}
                      aria-label={`Remove ${line.name}`}
                      className="self-start rounded p-1 text-slate-700 hover:bg-slate-100 hover:text-red-700"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                  <div className="mt-2 flex items-center justify-between">
                    <div className="flex items-center gap-2">
                      <button
                        type="button"
                        onClick={() =>
                          change({ intent: "set", productId: line.productId, quantity: line.quantity - 1 })
                        }
                        aria-label={`Decrease quantity of ${line.name}`}
                        className="rounded border border-slate-300 p-1 hover:bg-slate-100"
                      >
                        <Minus className="size-3.5" aria-hidden="true" />
                      </button>
                      <span className="min-w-8 text-center text-sm font-semibold">{line.quantity}</span>
                      <button
                        type="button"
                        onClick={() =>
                          change({ intent: "set", productId: line.productId, quantity: line.quantity + 1 })
                        }
                        aria-label={`Increase quantity of ${line.name}`}
                        disabled={line.quantity >= line.stockLevel}
                        className="rounded border border-slate-300 p-1 hover:bg-slate-100 disabled:opacity-50"
                      >
                        <Plus className="size-3.5" aria-hidden="true" />
                      </button>
                    </div>
                    <span className="text-sm text-slate-700">
                      <UnitPrice amount={line.unitPrice} listAmount={line.listPrice} /> each ·{" "}
                      <span className="font-semibold text-slate-950">{formatUsd(line.lineTotal)}</span>
                    </span>
                  </div>
                  {line.problem && <p className="mt-1 text-sm text-red-700">{line.problem}</p>}
                </li>
              ))}
            </ul>
          )}
          {cart.lines.length > 0 && (
            <>
              <CartTotals />
              <div className="mt-3 grid grid-cols-2 gap-2">
                <Popover.Close asChild>
                  <Button asChild variant="outline">
                    <Link to="/checkout">View Cart</Link>
                  </Button>
                </Popover.Close>
                <Popover.Close asChild>
                  <Button asChild>
                    <Link to="/checkout">Checkout</Link>
                  </Button>
                </Popover.Close>
              </div>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
