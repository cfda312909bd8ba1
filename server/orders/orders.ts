// Reading orders back: a member sees their company's orders, never another company's.
import { and, eq } from "drizzle-orm";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { db } from "../db/client";
import { orderItems, orders } from "../db/schema";
import type { OrderWithItems } from "./messages";
import { hasOrderNumber } from "./order-number";

/** The company's order with this number, or null (unknown, or another company's: the same answer). */
export async function findOrder(orderNumber: string, buyer: Buyer): Promise<OrderWithItems | null> {
  const [order] = await db()
    .select()
    .from(orders)
    .where(and(hasOrderNumber(orderNumber), inBuyersCompany(orders.companyId, buyer)));
  if (!order) return null;
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.productName);
  return { ...order, items };
}
