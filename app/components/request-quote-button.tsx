import { Link } from "react-router";
import { Button } from "./ui/button";

/**
 * Opens the request-for-quote page (/quotes/new), with where its lines come from: a product and
 * quantity, a saved list, the cart, or nothing (paste or upload there). A visitor is sent to sign
 * in first and comes back to it.
 */
export function RequestQuoteButton({
  label,
  variant,
  size = "lg",
  from,
}: {
  label: string;
  variant?: "accent" | "outline" | "default";
  size?: "lg" | "default" | "sm";
  from?: { product: string; quantity: number } | { list: string } | { cart: true };
}) {
  return (
    <Button asChild size={size} variant={variant}>
      <Link to={requestQuotePath(from)}>{label}</Link>
    </Button>
  );
}

export function requestQuotePath(from?: { product: string; quantity: number } | { list: string } | { cart: true }) {
  const params = new URLSearchParams();
  if (from && "product" in from) {
    params.set("product", from.product);
    params.set("qty", String(from.quantity));
  } else if (from && "list" in from) params.set("list", from.list);
  else if (from && "cart" in from) params.set("from", "cart");
  const query = params.toString();
  return query ? `/quotes/new?${query}` : "/quotes/new";
}
