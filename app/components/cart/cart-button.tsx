import { ShoppingCart } from "lucide-react";
import { Popover } from "radix-ui";

/** The header's cart icon: a badge with the number of items (hidden at 0) and the cart popover. */
export function CartButton({ count = 0 }: { count?: number }) {
  return (
    <Popover.Root>
      <Popover.Trigger
        className="relative rounded-md p-2 text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        aria-label={count > 0 ? `Shopping cart, ${count} items` : "Shopping cart"}
      >
        <ShoppingCart className="size-6" aria-hidden="true" />
        {count > 0 && (
          <span
            aria-hidden="true"
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
          className="z-50 w-80 rounded-lg border border-slate-200 bg-white p-4 shadow-xl"
          aria-label="Shopping Cart"
        >
          <h2 className="text-lg font-semibold text-slate-950">Shopping Cart</h2>
          <p className="py-8 text-center text-slate-700">Your cart is empty</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
