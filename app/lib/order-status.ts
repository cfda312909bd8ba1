/** "pending_payment" -> "Pending Payment": an order status as buyers read it. */
export function orderStatusLabel(status: string): string {
  return status
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
