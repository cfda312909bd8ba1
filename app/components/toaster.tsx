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
    // the buyer reaches for them ("Welcome back!", "… added to cart!"). Two in view: a step's toast
    // stays on the page, stacked behind the next one (a hover spreads them), however quickly that
    // follows: "Payment successful!", then "Order placed successfully!" once the order is created.
    <Toaster
      position="bottom-right"
      closeButton
      duration={4500}
      visibleToasts={2}
      toastOptions={{ classNames: { title: "text-slate-950", description: "!text-slate-700" } }}
    />
  );
}
