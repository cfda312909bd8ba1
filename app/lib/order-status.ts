export const orderStatuses = ["pending_payment", "paid", "processing", "shipped", "completed", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** "pending_payment" -> "Pending Payment": an order status as buyers read it. */
export function orderStatusLabel(status: string): string {
  return status
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
