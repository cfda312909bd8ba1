import { ShoppingCart } from "lucide-react";
import { lazy, useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { toast } from "../../lib/toast";
import { useLazyDialog } from "../ui/lazy-dialog";
import { useHydrated } from "../use-hydrated";
import { useCart } from "./use-cart";

const loadPopover = () => import("./cart-popover");
const CartPopover = lazy(loadPopover);

/** The header's cart icon: a badge with the number of items (hidden at 0) and the cart popover. */
export function CartButton() {
  const { cart, fetcher, load } = useCart();
  const hydrated = useHydrated();
  const { button, anchor, dialog, mount } = useLazyDialog(loadPopover);
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
  // One toast per answer: the toaster shows one at a time, so a second would hide the first. Part
  // done (a quick order with unknown part numbers) says what was added and, below, what was not.
  useEffect(() => {
    const { notice, message } = fetcher.data ?? {};
    if (notice) toast.success(notice, { description: message });
    else if (message) toast.error(message);
  }, [fetcher.data]);

  const count = cart.count;
  return (
    <>
      <button
        type="button"
        {...button}
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
      </button>
      {mount(<CartPopover anchor={anchor} {...dialog} />)}
    </>
  );
}
