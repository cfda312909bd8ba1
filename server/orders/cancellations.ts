// A buyer cancels an order, or some of its lines, before they ship (docs/decisions/order-lifecycle.md):
// who may is checked here, what may be cancelled and everything it does in the lifecycle's move.
import { and, desc, eq, sql } from "drizzle-orm";
import { type CancellationInput, cancelRefusal } from "../../domain/orders/cancellations";
import type { Buyer } from "../companies/buyer";
import { db } from "../db/client";
import { orderCancellations, orders } from "../db/schema";
import { StoreError } from "../errors";
import { moveOrder } from "./lifecycle";
import { hasOrderNumber } from "./order-number";
import { buyerSeesOrder } from "./orders";

/** Whether the buyer may cancel this order of theirs: the refusal, or undefined. */
export const buyerCancelRefusal = (buyer: Buyer, order: { userId: string | null; companyId: string | null }) =>
  cancelRefusal({ userId: buyer.userId, companyId: buyer.company?.id ?? null, role: buyer.role }, order);

/**
 * Cancels the quantities the buyer chose, refused with a clear message when the buyer may not (a
 * viewer, a colleague's order without being the company admin), when another company's or an unknown
 * order is named, or when a quantity has shipped or is more than is left. Returns the order as written
 * and the cancellation's amounts.
 */
export async function cancelOrderLines(buyer: Buyer, input: CancellationInput, now = new Date()) {
  const [order] = await db()
    .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, companyId: orders.companyId })
    .from(orders)
    .where(and(hasOrderNumber(input.orderNumber), buyerSeesOrder(buyer)));
  if (!order) throw new StoreError("NotFound", `There is no order ${input.orderNumber}.`);
  const refusal = buyerCancelRefusal(buyer, order);
  if (refusal) throw new StoreError("Forbidden", refusal);
  const after = await moveOrder(
    { actor: "buyer", id: buyer.userId },
    order.orderNumber,
    { on: "linesCancelled", lines: input.lines, seen: input.seen },
    now,
  );
  const [latest] = await db()
    .select({ amount: orderCancellations.amount, refunded: orderCancellations.refunded })
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, order.id))
    .orderBy(desc(orderCancellations.number))
    .limit(1);
  return { order: after, amount: latest?.amount ?? "0.00", refunded: latest?.refunded ?? "0.00" };
}

/** What the order's cancellations took off it and refunded, in all ("0.00" each when none). */
export async function cancelledTotals(orderId: string) {
  const [totals] = await db()
    .select({
      amount: sql<string>`coalesce(sum(${orderCancellations.amount}), 0)::text`,
      refunded: sql<string>`coalesce(sum(${orderCancellations.refunded}), 0)::text`,
    })
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, orderId));
  return { amount: totals?.amount ?? "0", refunded: totals?.refunded ?? "0" };
}
