import { Minus, Plus, Trash2 } from "lucide-react";
import { Popover } from "radix-ui";
import { type RefObject, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type OrderRule, perUnit, smallestQuantity } from "../../../domain/catalog/sale-units";
import { formatUsd } from "../../../domain/money/format";
import { focusIfLost } from "../focus-if-lost";
import { AddToListDialog } from "../lists/add-to-list-dialog";
import { BackorderNote } from "../orders/backorder-note";
import { PackLine } from "../orders/pack-line";
import { ShippingNote } from "../orders/shipping-note";
import { UnitPrice } from "../price";
import { requestQuotePath } from "../request-quote-button";
import { Button } from "../ui/button";
import type { LazyDialogProps } from "../ui/lazy-dialog";
import { CartTotals } from "./cart-totals";
import { useCart } from "./use-cart";

// The popover stands above the toaster (see its className); a dialog it opens stands above it.
const ABOVE_POPOVER = "z-[1000000001]";

/**
 * The cart popover, anchored to the header's cart button (cart-button.tsx), which loads it on
 * first use: Radix Popover and its positioning are about 10 KB most page views never open.
 */
export default function CartPopover({
  anchor,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: LazyDialogProps & { anchor: RefObject<HTMLButtonElement | null> }) {
  const { cart, change } = useCart();
  // A line removed (its Remove button, or Decrease at 1) takes the pressed button with it: the
  // focus goes to the Remove button now in its place (or the last one), or to the title when the
  // cart is empty, not to the page behind the popover.
  const list = useRef<HTMLUListElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const removedAt = useRef<number | null>(null);
  const lineCount = cart.lines.length;
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const removeButtons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-remove-line]") ?? [];
    focusIfLost(removeButtons[Math.min(at, lineCount - 1)] ?? title.current);
  }, [lineCount]);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          onCloseAutoFocus={onCloseAutoFocus}
          // The button toggles the popover itself; a press on it is not a press outside.
          onInteractOutside={(event) => {
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          }}
          align="end"
          sideOffset={8}
          // Above the toaster (z-index 999999999): a toast in the bottom corner covered the popover's
          // Checkout link on a short screen, and pointing at it only paused the toast. No taller than
          // the screen below the cart button: it scrolls, so Checkout is always in reach.
          className="z-[1000000000] max-h-(--radix-popover-content-available-height) w-[min(24rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 shadow-xl"
          aria-label="Shopping Cart"
        >
          <h2 ref={title} tabIndex={-1} className="text-lg font-semibold text-slate-950 focus:outline-none">
            Shopping Cart
          </h2>
          {cart.lines.length === 0 ? (
            <p className="py-8 text-center text-slate-700">Your cart is empty</p>
          ) : (
            <ul ref={list} className="mt-3 h-64 divide-y divide-slate-200 overflow-y-auto pr-1">
              {cart.lines.map((line, index) => (
                <li key={line.productId} className="py-3">
                  <div className="flex justify-between gap-2">
                    <div>
                      <p className="font-medium text-slate-950">{line.name}</p>
                      <p className="font-mono text-xs text-slate-600">{line.partNumber}</p>
                    </div>
                    <button
                      type="button"
                      data-remove-line
                      onClick={() => {
                        removedAt.current = index;
                        change({ intent: "remove", productId: line.productId });
                      }}
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
                        onClick={() => {
                          // A step is the part's order multiple; below its least quantity the line goes, as below 1.
                          const less = line.quantity - line.orderMultiple;
                          const quantity = less < smallestQuantity(line) ? 0 : less;
                          if (quantity === 0) removedAt.current = index;
                          change({ intent: "set", productId: line.productId, quantity });
                        }}
                        aria-label={`Decrease quantity of ${line.name}`}
                        className="rounded border border-slate-300 p-1 hover:bg-slate-100"
                      >
                        <Minus className="size-3.5" aria-hidden="true" />
                      </button>
                      <LineQuantity
                        line={line}
                        onSet={(quantity) => change({ intent: "set", productId: line.productId, quantity })}
                      />
                      <button
                        type="button"
                        onClick={() =>
                          change({
                            intent: "set",
                            productId: line.productId,
                            quantity: line.quantity + line.orderMultiple,
                          })
                        }
                        aria-label={`Increase quantity of ${line.name}`}
                        disabled={!line.backorderable && line.quantity + line.orderMultiple > line.stockLevel}
                        className="rounded border border-slate-300 p-1 hover:bg-slate-100 disabled:opacity-50"
                      >
                        <Plus className="size-3.5" aria-hidden="true" />
                      </button>
                    </div>
                    <span className="text-sm text-slate-700">
                      <UnitPrice amount={line.unitPrice} listAmount={line.listPrice} /> {perUnit(line)} ·{" "}
                      <span className="font-semibold text-slate-950">{formatUsd(line.lineTotal)}</span>
                    </span>
                  </div>
                  <PackLine line={line} className="mt-1 text-sm text-slate-700" />
                  <BackorderNote note={line.backorder} className="mt-1 text-sm" />
                  <ShippingNote note={line.shipping} className="mt-1 text-sm" />
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
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                {/* The checkout summary's own Save Cart to List; its dialog stands above this popover. */}
                <AddToListDialog
                  items={cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity }))}
                  label="Save Cart to List"
                  layerClassName={ABOVE_POPOVER}
                />
                <Popover.Close asChild>
                  <Link to={requestQuotePath({ cart: true })} className="text-sm font-medium text-brand-700 underline">
                    Request a quote
                  </Link>
                </Popover.Close>
              </div>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * A line's quantity, typed (a trade buyer going from 600 to 500 does not press Decrease 100 times):
 * sent on Enter or on leaving the field. Anything but a whole number of 1 or more goes back to the
 * line's quantity; the server checks the stock and says so when there is not enough.
 */
function LineQuantity({
  line,
  onSet,
}: {
  line: { name: string; quantity: number; stockLevel: number; backorderable: boolean } & OrderRule;
  onSet: (quantity: number) => void;
}) {
  const [typed, setTyped] = useState(String(line.quantity));
  // Each answer of the cart (this change, refused or not, or a press of − or +) shows its quantity.
  useEffect(() => setTyped(String(line.quantity)), [line]);
  const send = () => {
    const quantity = Number(typed);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity === line.quantity) setTyped(String(line.quantity));
    else onSet(quantity);
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      min={smallestQuantity(line)}
      step={line.orderMultiple}
      max={line.backorderable ? undefined : line.stockLevel}
      value={typed}
      aria-label={`Quantity of ${line.name}`}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={send}
      onKeyDown={(event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        send();
      }}
      className="w-16 rounded border border-slate-300 px-1 py-0.5 text-center text-sm font-semibold"
    />
  );
}
