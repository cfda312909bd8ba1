// Orders as the operator finds them: the list with its filters and one order with the moves its
// page offers. Moving an order is the lifecycle's (server/orders/lifecycle.ts).
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { invoicePayable, nextStatuses } from "../../domain/orders/lifecycle";
import { db } from "../db/client";
import { escapeLike } from "../db/like";
import { type OrderStatus, orderItems, orders } from "../db/schema";
import { hasOrderNumber } from "../orders/order-number";
import { invoiceBalance } from "../terms/account-terms";

export const ORDERS_PAGE_SIZE = 25;

export async function listOrders({ status, q, page }: { status?: OrderStatus; q: string; page: number }) {
  const pattern = `%${escapeLike(q)}%`;
  const where = and(
    status ? eq(orders.status, status) : undefined,
    q
      ? or(
          ilike(orders.orderNumber, `${escapeLike(q)}%`),
          ilike(orders.companyName, pattern),
          ilike(orders.email, pattern),
          ilike(orders.poNumber, pattern),
        )
      : undefined,
  ) as SQL | undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        orderNumber: orders.orderNumber,
        orderDate: orders.orderDate,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        termsDays: orders.termsDays,
        paidAt: orders.paidAt,
        totalAmount: orders.totalAmount,
        email: orders.email,
        name: sql<string>`${orders.firstName} || ' ' || ${orders.lastName}`,
        companyName: orders.companyName,
        poNumber: orders.poNumber,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.orderNumber))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db().select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: rows, total: total?.total ?? 0, page, pageSize: ORDERS_PAGE_SIZE };
}

export async function findOrderForAdmin(orderNumber: string) {
  const [order] = await db().select().from(orders).where(hasOrderNumber(orderNumber));
  if (!order) return null;
  const [items, [owed]] = await Promise.all([
    db().select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    // What the buyers' online payments left of a terms invoice (server/terms/account-terms.ts).
    db().select({ balance: invoiceBalance }).from(orders).where(eq(orders.id, order.id)),
  ]);
  return {
    ...order,
    items,
    balance: owed?.balance ?? order.totalAmount,
    next: nextStatuses(order),
    invoicePayable: invoicePayable(order),
  };
}
