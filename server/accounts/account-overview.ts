// What My Account shows: the buyer's profile and company, the company's orders with their items, and top products.
import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { db } from "../db/client";
import { companies, companyMembers, orderItems, orders, profiles } from "../db/schema";
import { buyerSeesOrder } from "../orders/orders";

/** The buyer's own details, with the account they buy for: its number, name, PO rule and their role. */
export async function getProfile(buyer: Buyer) {
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, buyer.userId)).limit(1);
  if (!profile) return null;
  return {
    ...profile,
    accountNumber: buyer.company?.accountNumber ?? null,
    companyName: buyer.company?.name ?? null,
    poRequired: buyer.company?.poRequired ?? false,
    companyRole: buyer.role,
  };
}

/** How many people buy on the buyer's account: 1 for a company of one. */
export async function accountMembers(buyer: Buyer): Promise<number> {
  if (!buyer.company) return 0;
  const [row] = await db()
    .select({ members: count() })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, buyer.company.id));
  return row?.members ?? 0;
}

export async function listOrdersWithItems(buyer: Buyer) {
  const rows = await db()
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      totalAmount: orders.totalAmount,
      status: orders.status,
      // Set for an order placed under the buyer's own account, closed since: it is theirs, not the company's.
      closedAccount: sql<
        string | null
      >`case when ${companies.closedAt} is not null then ${companies.accountNumber} end`,
    })
    .from(orders)
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(buyerSeesOrder(buyer))
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
export async function topPurchasedProducts(buyer: Buyer, limit = 10) {
  return db()
    .select({
      productName: orderItems.productName,
      totalQuantity: sql<number>`sum(${orderItems.quantity})::int`,
      // The unit the sum counts; none when the part was bought in more than one (its unit changed).
      unit: sql<string | null>`case when count(distinct ${orderItems.unit}) = 1 then min(${orderItems.unit}) end`,
      totalSpent: sql<string>`sum(${orderItems.totalPrice})::numeric(14,2)::text`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inBuyersCompany(orders.companyId, buyer))
    .groupBy(orderItems.productName)
    .orderBy(desc(sql`sum(${orderItems.quantity})`), orderItems.productName)
    .limit(limit);
}
