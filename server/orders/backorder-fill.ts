// Stock that arrives for a part goes to its open back-orders before anyone else can order it, oldest
// order first (docs/decisions/back-orders.md): the back-ordered quantity of each line becomes
// allocated, ready to ship, and is taken from stock in the same transaction.
import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Transaction } from "../db/client";
import { orderItems, orders, products } from "../db/schema";

/**
 * Fills the open back-orders of `productIds` from their stock, in the caller's transaction, and
 * returns the products whose stock it took. Lines another transaction holds (an order being
 * cancelled or shipped) are skipped rather than waited for, so this never deadlocks with them, in
 * whatever transaction it runs; the next stock that arrives fills them.
 */
export async function fillBackorders(tx: Transaction, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const stocked = await tx
    .select({ id: products.id, stockLevel: products.stockLevel })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), gt(products.stockLevel, 0)))
    .orderBy(asc(products.id))
    .for("update");
  const filled: string[] = [];
  for (const product of stocked) {
    const waiting = await tx
      .select({ id: orderItems.id, backordered: orderItems.backorderedQuantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.productId, product.id),
          gt(orderItems.backorderedQuantity, 0),
          ne(orders.status, "cancelled"),
        ),
      )
      .orderBy(asc(orders.orderDate), asc(orderItems.id))
      .for("update", { of: orderItems, skipLocked: true });
    let left = product.stockLevel;
    for (const line of waiting) {
      if (left === 0) break;
      const taken = Math.min(left, line.backordered);
      await tx
        .update(orderItems)
        .set({
          allocatedQuantity: sql`${orderItems.allocatedQuantity} + ${taken}`,
          backorderedQuantity: sql`${orderItems.backorderedQuantity} - ${taken}`,
          // Nothing owed any more: no day to expect it.
          backorderExpectedOn: taken === line.backordered ? null : orderItems.backorderExpectedOn,
        })
        .where(eq(orderItems.id, line.id));
      left -= taken;
    }
    if (left === product.stockLevel) continue;
    await tx.update(products).set({ stockLevel: left }).where(eq(products.id, product.id));
    filled.push(product.id);
  }
  return filled;
}
