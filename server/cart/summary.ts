// The cart as the browser shows it: what the server says, nothing the browser computed.
import { cartLines } from "./cart";

export type CartSummary = Awaited<ReturnType<typeof cartSummary>>;

export const emptyCart = { lines: [], count: 0 } satisfies { lines: unknown[]; count: number };

export async function cartSummary(cartId: string | undefined) {
  if (!cartId) return emptyCart;
  const lines = await cartLines(cartId);
  return {
    lines: lines.map((line) => ({
      productId: line.productId,
      slug: line.slug,
      name: line.name,
      partNumber: line.partNumber,
      unitPrice: line.price,
      quantity: line.quantity,
      stockLevel: line.stockLevel,
    })),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}
