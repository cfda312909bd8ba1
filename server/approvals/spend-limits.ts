// Whether an order needs approval (docs/decisions/approvals.md): the buyer's limits and what they
// ordered this calendar month (store time zone, cancelled orders aside), against the order's total.
import { and, eq, gte, ne, sql } from "drizzle-orm";
import { type Cents, toCents } from "../../domain/money/cents";
import { approvalReason, startOfStoreMonth } from "../../domain/orders/approvals";
import type { Database } from "../db/client";
import { companyMembers, orders } from "../db/schema";

/**
 * Locks the buyer's member row in an order's transaction, before its products and company (the
 * order of locks in place-order.ts): a buyer's orders, through the checkout and the API at once,
 * then check the monthly limit one after the other and never deadlock over it.
 */
export async function lockBuyerLimits(tx: Database, userId: string) {
  await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .for("update");
}

/**
 * The reason this order needs approval, or null. In an order's transaction the member's row is
 * locked first (lockBuyerLimits), so two orders of one buyer cannot pass the monthly limit together.
 */
export async function spendLimitReason(
  executor: Database,
  buyer: { userId: string; companyId: string },
  totalCents: Cents,
  now: Date,
): Promise<string | null> {
  const [limits] = await executor
    .select({ orderLimit: companyMembers.orderLimit, monthlyLimit: companyMembers.monthlyLimit })
    .from(companyMembers)
    .where(eq(companyMembers.userId, buyer.userId));
  if (!limits || (limits.orderLimit === null && limits.monthlyLimit === null)) return null;
  const [month] = await executor
    .select({ total: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, buyer.userId),
        eq(orders.companyId, buyer.companyId),
        ne(orders.status, "cancelled"),
        gte(orders.orderDate, startOfStoreMonth(now)),
      ),
    );
  return approvalReason(limits, { totalCents, monthToDateCents: toCents(month?.total ?? "0") });
}
