// Whether an order needs approval (docs/decisions/approvals.md): the buyer's limits and what they
// ordered this calendar month (store time zone, cancelled orders aside), against the order's total.
import { and, eq, gte, ne, sql } from "drizzle-orm";
import { type Cents, toCents } from "../../domain/money/cents";
import { approvalReason, startOfStoreMonth } from "../../domain/orders/approvals";
import type { Buyer } from "../companies/buyer";
import type { Database } from "../db/client";
import { orders } from "../db/schema";

/**
 * The reason this order needs approval, or null. In an order's transaction the buyer is read under
 * their member row's lock first (lockedBuyer), so two orders of one buyer cannot pass the monthly
 * limit together.
 */
export async function spendLimitReason(
  executor: Database,
  buyer: Buyer,
  totalCents: Cents,
  now: Date,
): Promise<string | null> {
  const { orderLimit, monthlyLimit } = buyer;
  if (!buyer.company || (orderLimit === null && monthlyLimit === null)) return null;
  const [month] = await executor
    .select({ total: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, buyer.userId),
        eq(orders.companyId, buyer.company.id),
        ne(orders.status, "cancelled"),
        gte(orders.orderDate, startOfStoreMonth(now)),
      ),
    );
  return approvalReason({ orderLimit, monthlyLimit }, { totalCents, monthToDateCents: toCents(month?.total ?? "0") });
}
