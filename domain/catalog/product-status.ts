// What a product's status lets a buyer do (docs/product-rules.md, Product status): a draft is the
// operator's alone, an active product is sold, a discontinued one is still found by its part number
// and its page says so, but it cannot be bought. The database side of the same rule is
// server/catalog/products/visibility.ts.
import type { ProductStatus } from "./product-input";

export const productStatusLabel: Record<ProductStatus, string> = {
  draft: "Draft",
  active: "Active",
  discontinued: "Discontinued",
};

/** Whether a buyer may put the product in a cart or order it. */
export const isBuyable = (status: ProductStatus) => status === "active";

/** Why a buyer cannot add this product to a cart, or undefined when they can. */
export function notBuyableReason({ name, status }: { name: string; status: ProductStatus }): string | undefined {
  if (status === "discontinued") return `${name} is discontinued and can no longer be ordered.`;
  if (status === "draft") return "That product is no longer available.";
  return undefined;
}

/** Why a cart line cannot be checked out as it stands, or undefined when its status allows it. */
export function cartLineStatusProblem({ name, status }: { name: string; status: ProductStatus }): string | undefined {
  if (status === "discontinued")
    return `${name} is discontinued and can no longer be ordered. Remove it from your cart to continue.`;
  if (status === "draft") return `${name} is no longer available. Remove it from your cart to continue.`;
  return undefined;
}
