// Reading orders back: a member sees their company's orders, never another company's, and the orders
// they placed under an account of their own that closed when they joined a company.
import { and, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { db } from "../db/client";
import { companies, orderItems, orders } from "../db/schema";
import type { OrderWithItems } from "./messages";
import { hasOrderNumber } from "./order-number";

/**
 * A query's condition: the order is one the buyer sees. Their company's, and the ones they placed
 * under an account closed when they left it to join a company (docs/decisions/joining-a-company.md):
 * those stay theirs, and are not the new company's.
 */
export const buyerSeesOrder = (buyer: Buyer): SQL =>
  or(
    inBuyersCompany(orders.companyId, buyer),
    and(
      eq(orders.userId, buyer.userId),
      inArray(orders.companyId, db().select({ id: companies.id }).from(companies).where(isNotNull(companies.closedAt))),
    ),
  ) as SQL;

/** The company's order with this number, or null (unknown, or another company's: the same answer). */
export async function findOrder(orderNumber: string, buyer: Buyer): Promise<OrderWithItems | null> {
  const [order] = await db()
    .select()
    .from(orders)
    .where(and(hasOrderNumber(orderNumber), buyerSeesOrder(buyer)));
  if (!order) return null;
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.productName);
  return { ...order, items };
}
