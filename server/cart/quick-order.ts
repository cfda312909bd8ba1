// Quick Order: part numbers typed or pasted by the buyer, looked up in the catalogue.
import { and, inArray } from "drizzle-orm";
import type { QuickOrderLine } from "../../domain/cart/quick-order";
import { normalizedPartNumber, normalizePartNumber } from "../catalog/products/part-numbers";
import { shownToBuyers } from "../catalog/products/visibility";
import type { CatalogueScope } from "../context";
import { db } from "../db/client";
import { products } from "../db/schema";
import { StoreError } from "../errors";
import { addToCart } from "./cart";

/** The catalogue's products for typed or pasted part numbers (Quick Order, a saved list from a paste). */
export async function findPartNumbers(partNumbers: string[], catalogue: CatalogueScope | null) {
  const wanted = [...new Set(partNumbers.map(normalizePartNumber).filter(Boolean))];
  const found = wanted.length
    ? await db()
        .select({ id: products.id, key: normalizedPartNumber, partNumber: products.partNumber, name: products.name })
        .from(products)
        .where(and(inArray(normalizedPartNumber, wanted), shownToBuyers(catalogue)))
    : [];
  const byKey = new Map(found.map((product) => [product.key, product]));
  return (partNumber: string) => byKey.get(normalizePartNumber(partNumber));
}

/** Known parts go into the cart at their real name and price; the rest are named, not added. */
export async function addPartNumbers(cartId: string, lines: QuickOrderLine[], catalogue: CatalogueScope | null) {
  const find = await findPartNumbers(
    lines.map((line) => line.partNumber),
    catalogue,
  );
  const added: { name: string; quantity: number }[] = [];
  const notFound: string[] = [];
  const refused: string[] = [];
  for (const line of lines) {
    const found = find(line.partNumber);
    const productId = found?.id;
    if (!found || !productId) {
      notFound.push(line.partNumber);
      continue;
    }
    try {
      const { name } = await addToCart(cartId, productId, line.quantity, catalogue);
      added.push({ name, quantity: line.quantity });
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      // A refused quantity's message (domain/catalog/sale-units.ts) does not name the part; a stock one does.
      refused.push(error.kind === "Invalid" ? `${found.partNumber}: ${error.message}` : error.message);
    }
  }
  return { added, notFound, refused };
}
