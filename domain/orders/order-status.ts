export const orderStatuses = ["pending_payment", "paid", "processing", "shipped", "completed", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** "pending_payment" -> "Pending Payment": an order status as buyers read it. */
export function orderStatusLabel(status: string): string {
  return status
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** What a buyer is told happens after an order is placed, on the confirmation page and in its e-mail. */
export const whatsNext = [
  "Your order will be processed within 1-2 business days.",
  "It will ship within 2-3 business days.",
  "Expect delivery in 5-7 business days.",
];
