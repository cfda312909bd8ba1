import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { onToastsChanged, takeToasts } from "../lib/toast";

/** Sonner's toaster, loaded on first use (see app/lib/toast.ts), showing every toast asked for. */
export default function LoadedToaster() {
  // Sonner's Toaster, a child, subscribes in its own effect, which React runs before this one.
  useEffect(() => {
    const showPending = () => {
      for (const { type, title, description } of takeToasts()) {
        (type === "info" ? toast : toast[type])(title, { description });
      }
    };
    showPending();
    return onToastsChanged(showPending);
  }, []);
  return (
    // Bottom corner: at the top, a toast would cover the header's Account link and cart right when
    // the buyer reaches for them ("Welcome back!", "… added to cart!"). The two newest in full, one
    // above the other: a step's toast stays readable however quickly the next follows ("Payment
    // successful!", then "Order placed successfully!" once the order is created). Not stacked:
    // sonner's stack fades the one behind to nothing while its close button stays in the tab order.
    <Toaster
      position="bottom-right"
      closeButton
      expand
      duration={4500}
      visibleToasts={2}
      toastOptions={{ classNames: { title: "text-slate-950", description: "!text-slate-700" } }}
    />
  );
}
