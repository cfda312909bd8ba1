// A terms order's invoice is paid when the admin records the payment that came in (by cheque or
// transfer): a lifecycle move (server/orders/lifecycle.ts) that sets paid_at, so the invoice leaves
// the open invoices and frees its credit, and makes an order still pending payment paid.
import { moveOrder } from "../orders/lifecycle";

export function markInvoicePaid(adminId: string, orderNumber: string, now = new Date()) {
  return moveOrder({ actor: "admin", id: adminId }, orderNumber, { on: "invoicePaid" }, now);
}
