// Reading orders back: a buyer sees only their own.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { orderItems, orders } from "../db/schema";
import type { OrderWithItems } from "./messages";
import { hasOrderNumber } from "./order-number";

/** The buyer's order with this number, or null (unknown, or someone else's: the same answer). */
export async function findOrder(orderNumber: string, userId: string): Promise<OrderWithItems | null> {
  const [order] = await db()
    .select()
    .from(orders)
    .where(and(hasOrderNumber(orderNumber), eq(orders.userId, userId)));
  if (!order) return null;
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.productName);
  return { ...order, items };
}
