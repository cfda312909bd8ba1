// A return read back whole, as its pages, mails and documents tell it: the order it belongs to,
// its lines with their parts and prices, and its credit memo once received.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { creditMemos, orderItems, orders, returnLines, returns, user } from "../db/schema";
import { StoreError } from "../errors";

/** A return as its pages, mails and documents tell it. */
export async function returnView(executor: Database, returnId: string) {
  const [row] = await executor
    .select({
      id: returns.id,
      status: returns.status,
      reason: returns.reason,
      note: returns.note,
      rmaNumber: returns.rmaNumber,
      refusalReason: returns.refusalReason,
      requestedAt: returns.requestedAt,
      decidedAt: returns.decidedAt,
      receivedAt: returns.receivedAt,
      requestedBy: returns.requestedBy,
      requesterEmail: user.email,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      companyName: orders.companyName,
      paymentMethod: orders.paymentMethod,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(user, eq(user.id, returns.requestedBy))
    .where(eq(returns.id, returnId));
  if (!row) throw new StoreError("NotFound", "There is no such return.");
  const [lines, [memo]] = await Promise.all([
    executor
      .select({
        orderItemId: returnLines.orderItemId,
        quantity: returnLines.quantity,
        restocked: returnLines.restocked,
        part: orderItems.productSku,
        name: orderItems.productName,
        unit: orderItems.unit,
        unitPrice: orderItems.unitPrice,
      })
      .from(returnLines)
      .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
      .where(eq(returnLines.returnId, returnId))
      .orderBy(asc(orderItems.productName)),
    executor.select().from(creditMemos).where(eq(creditMemos.returnId, returnId)),
  ]);
  return { ...row, lines, creditMemo: memo ?? null };
}
export type ReturnView = Awaited<ReturnType<typeof returnView>>;
