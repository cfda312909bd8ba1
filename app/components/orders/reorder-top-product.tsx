import { ShoppingCart } from "lucide-react";
import { useCart } from "../cart/use-cart";
import { Button } from "../ui/button";

/** One of My Account's top products back into the cart, as last ordered, at today's price. */
export function ReorderTopProduct({ productName }: { productName: string }) {
  const { fetcher } = useCart();
  return (
    <fetcher.Form method="post" action="/api/reorder">
      <input type="hidden" name="intent" value="top-product" />
      <input type="hidden" name="productName" value={productName} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        aria-label={`Add to Cart: ${productName}`}
      >
        <ShoppingCart aria-hidden="true" />
        Add to Cart
      </Button>
    </fetcher.Form>
  );
}
