import { Loader2, ShoppingCart } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { useCart } from "./use-cart";

interface AddToCartButtonProps {
  productId: string;
  name: string;
  quantity?: number;
  /** Some in stock, or back-orderable: else the button is the disabled "Out of Stock". */
  orderable: boolean;
  /** The quantity chosen is one the stock cannot supply (the page says why). */
  refused?: boolean;
  /** The detail page says how many ('3 x name added to cart!'); a listing card just names it. */
  announceQuantity?: boolean;
}

export function AddToCartButton({
  productId,
  name,
  quantity = 1,
  orderable,
  refused = false,
  announceQuantity,
}: AddToCartButtonProps) {
  const { fetcher, change, ready } = useCart();
  // This button's answer is the first cart response that differs from the one shown at the click.
  const [pending, setPending] = useState<{ before: unknown } | null>(null);
  useEffect(() => {
    if (!pending || fetcher.state !== "idle" || fetcher.data === pending.before) return;
    setPending(null);
    const added = fetcher.data?.added;
    if (!added) return;
    toast.success(
      announceQuantity ? `${added.quantity} x ${added.name} added to cart!` : `${added.name} added to cart!`,
    );
  }, [pending, fetcher.state, fetcher.data, announceQuantity]);

  const label = orderable ? "Add to Cart" : "Out of Stock";
  return (
    <Button
      type="button"
      size="sm"
      disabled={!orderable || refused || !ready || pending !== null}
      aria-label={`${label}: ${name}`}
      onClick={() => {
        setPending({ before: fetcher.data });
        change({ intent: "add", productId, quantity });
      }}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
      {label}
    </Button>
  );
}
