// What My Account shows: the buyer's profile and company, the company's orders with their items, and top products.
import { desc, eq, inArray, sql } from "drizzle-orm";
import { companyOf } from "../companies/membership";
import { db } from "../db/client";
import { companies, companyMembers, orderItems, orders, profiles } from "../db/schema";

/** The buyer's own details, with the account they buy for: its number, name, PO rule and their role. */
export async function getProfile(userId: string) {
  const [row] = await db()
    .select({
      profile: profiles,
      accountNumber: companies.accountNumber,
      companyName: companies.name,
      poRequired: companies.poRequired,
      companyRole: companyMembers.role,
    })
    .from(profiles)
    .leftJoin(companyMembers, eq(companyMembers.userId, profiles.userId))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) return null;
  const { profile, ...account } = row;
  return { ...profile, ...account, poRequired: account.poRequired ?? false };
}

export async function listOrdersWithItems(userId: string) {
  const rows = await db()
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      totalAmount: orders.totalAmount,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.companyId, companyOf(userId)))
    .orderBy(desc(orders.orderDate));
  return withItems(rows);
}

/** Each order with its lines. */
export async function withItems<Order extends { id: string }>(rows: Order[]) {
  if (rows.length === 0) return [];
  const items = await db()
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((order) => ({ ...order, items: items.filter((item) => item.orderId === order.id) }));
}

/** The ranking (docs/product-rules.md, Orders): summed per product name, most units first, ten at most. */
export async function topPurchasedProducts(userId: string, limit = 10) {
  return db()
    .select({
      productName: orderItems.productName,
      totalQuantity: sql<number>`sum(${orderItems.quantity})::int`,
      totalSpent: sql<string>`sum(${orderItems.totalPrice})::numeric(14,2)::text`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.companyId, companyOf(userId)))
    .groupBy(orderItems.productName)
    .orderBy(desc(sql`sum(${orderItems.quantity})`), orderItems.productName)
    .limit(limit);
}
