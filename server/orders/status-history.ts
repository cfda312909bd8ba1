// An order's status history: one row each time its status changes (placement, payment, the admin's
// changes, cancellation), written in the same transaction as the change.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { db } from "../db/client";
import { type OrderStatus, orderStatusHistory } from "../db/schema";

export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  at?: Date;
  note?: string | null;
  byAdminId?: string | null;
}

export async function recordOrderStatus(
  tx: Database,
  { orderId, status, at = new Date(), note, byAdminId }: StatusChange,
) {
  await tx.insert(orderStatusHistory).values({ orderId, status, at, note: note ?? null, byAdminId: byAdminId ?? null });
}

/** What the buyer reads: statuses with their dates and notes, oldest first (never who the admin was). */
export async function orderStatusHistoryFor(orderId: string) {
  return db()
    .select({
      id: orderStatusHistory.id,
      status: orderStatusHistory.status,
      at: orderStatusHistory.at,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
}
