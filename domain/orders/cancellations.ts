// A buyer cancels an order, or some quantity of its lines, before they ship (docs/decisions/
// order-lifecycle.md, Cancellations). What may be cancelled, who may, how a cancelled quantity comes off
// the line's split, and what it takes off the order's total: one set of rules for the buyer's page and
// dialog and for the server that checks them again.
import { z } from "zod";
import type { CompanyRole } from "../companies/companies";
import { type Cents, toCents } from "../money/cents";
import { givenBack, type OrderAmounts } from "./given-back";

/** An order line as cancelling sees it. */
export interface CancellableLine {
  id: string;
  productSku: string | null;
  productName: string;
  quantity: number;
  allocatedQuantity: number;
  backorderedQuantity: number;
  shippedQuantity: number;
  cancelledQuantity: number;
  unitPrice: string;
}

export interface CancelLine {
  orderItemId: string;
  quantity: number;
}

const MAX_LINE_QUANTITY = 100_000;

/**
 * The dialog's form. `cancelled` is what the page showed as already cancelled (cents of lines), so a
 * form left open while the order changed is refused rather than cancelling what the buyer did not see.
 */
export const cancellationSchema = z.object({
  orderNumber: z.string().trim().min(1, "Reload the order and try again."),
  seen: z.coerce.number({ message: "Reload the order and try again." }).int().min(0),
  lines: z
    .array(
      z.object({
        orderItemId: z.string().uuid("Reload the order: a line you chose is not one of this order's."),
        quantity: z.coerce
          .number({ message: "Enter a whole number" })
          .int("Enter a whole number")
          .min(0, "Enter 0 or more")
          .max(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY}`),
      }),
    )
    .default([])
    .transform((lines) => lines.filter((line) => line.quantity > 0)),
});

export type CancellationInput = z.output<typeof cancellationSchema>;

const partOf = (line: Pick<CancellableLine, "productSku" | "productName">) => line.productSku ?? line.productName;

/** What of the line can still be cancelled: ordered, less what was cancelled and what has shipped. */
export const cancellableQuantity = (
  line: Pick<CancellableLine, "quantity" | "cancelledQuantity" | "shippedQuantity">,
) => line.quantity - line.cancelledQuantity - line.shippedQuantity;

/** What of the line is still to be delivered: ordered less cancelled. */
export const orderedQuantity = (line: Pick<CancellableLine, "quantity" | "cancelledQuantity">) =>
  line.quantity - line.cancelledQuantity;

export const SHIPPED_ONLY_RETURNED = "Once a line has shipped, it can only be returned.";

/** A fingerprint of what the buyer saw as cancelled and shipped, to refuse a form made from an older page. */
export const cancellationSeen = (lines: readonly Pick<CancellableLine, "cancelledQuantity" | "shippedQuantity">[]) =>
  lines.reduce((sum, line) => sum + line.cancelledQuantity + line.shippedQuantity, 0);

export const STALE_CANCELLATION =
  "This order changed since you opened it (a shipment or a cancellation). Reload the page and choose again.";

/** Why these quantities cannot be cancelled from these lines, or undefined. */
export function cancellationRefusal(
  lines: readonly CancellableLine[],
  asked: readonly CancelLine[],
): string | undefined {
  if (asked.length === 0) return "Enter a quantity to cancel for at least one line.";
  const seen = new Set<string>();
  for (const { orderItemId, quantity } of asked) {
    const line = lines.find((candidate) => candidate.id === orderItemId);
    if (!line || seen.has(orderItemId)) return "Reload the order: a line you chose is not one of this order's.";
    seen.add(orderItemId);
    const left = cancellableQuantity(line);
    if (quantity <= left) continue;
    const ordered = orderedQuantity(line);
    if (left === 0 && line.shippedQuantity === 0) return `${partOf(line)}: all ${line.quantity} are cancelled already.`;
    if (left === 0) return `${partOf(line)}: all ${ordered} have shipped. ${SHIPPED_ONLY_RETURNED}`;
    if (line.shippedQuantity > 0)
      return `${partOf(line)}: ${line.shippedQuantity} of ${ordered} have shipped, so ${left} can be cancelled. Cancel ${left} or fewer. ${SHIPPED_ONLY_RETURNED}`;
    return `${partOf(line)}: ${left} ${left === 1 ? "is" : "are"} left on the order. Cancel ${left} or fewer.`;
  }
  return undefined;
}

/**
 * How a cancelled quantity comes off the line: the back-ordered part first (it was never taken from
 * stock, and is the part that would wait), then what was taken from stock and has not shipped, which
 * goes back on the shelf.
 */
export function cancelSplit(line: Pick<CancellableLine, "backorderedQuantity">, quantity: number) {
  const fromBackorder = Math.min(line.backorderedQuantity, quantity);
  return { fromBackorder, fromStock: quantity - fromBackorder };
}

/** The lines as they stand once `asked` is cancelled. */
export function afterCancel<Line extends CancellableLine>(
  lines: readonly Line[],
  asked: readonly CancelLine[],
): Line[] {
  return lines.map((line) => {
    const quantity = asked.find((each) => each.orderItemId === line.id)?.quantity ?? 0;
    if (quantity === 0) return line;
    const { fromBackorder, fromStock } = cancelSplit(line, quantity);
    return {
      ...line,
      cancelledQuantity: line.cancelledQuantity + quantity,
      backorderedQuantity: line.backorderedQuantity - fromBackorder,
      allocatedQuantity: line.allocatedQuantity - fromStock,
    };
  });
}

/** Every line's quantity still to cancel: a whole order cancelled. */
export const everythingLeft = (lines: readonly CancellableLine[]): CancelLine[] =>
  lines.flatMap((line) => {
    const quantity = cancellableQuantity(line);
    return quantity > 0 ? [{ orderItemId: line.id, quantity }] : [];
  });

/** What is left of the order once cancelled: nothing, only what has shipped, or something still to ship. */
export function whatIsLeft(lines: readonly CancellableLine[]): "nothing" | "shipped" | "open" {
  if (lines.every((line) => orderedQuantity(line) === 0)) return "nothing";
  return lines.every((line) => cancellableQuantity(line) === 0) ? "shipped" : "open";
}

const cancelledLineCents = (lines: readonly CancellableLine[]) =>
  lines.reduce((sum, line) => sum + BigInt(line.cancelledQuantity) * BigInt(toCents(line.unitPrice)), 0n);

/**
 * What the cancelled quantities of `lines` take off the order, in cents, by the rule for anything
 * given back (domain/orders/given-back.ts). Counted for everything cancelled so far, so that one
 * cancellation's amount is the difference of two of these: the amounts of an order's cancellations
 * add up to its total when all of it is cancelled, never a cent more or less. Shipping is free, so
 * there is none to give back.
 */
export const cancelledCents = (order: OrderAmounts, lines: readonly CancellableLine[]): Cents =>
  givenBack(order, cancelledLineCents(lines)).totalCents;

/**
 * What the order still charges once its cancellations are off, in cents: its subtotal, discount and
 * tax less the cancelled shares (as cancelledCents counts them), so `net` is the total less cancelledCents.
 */
export function invoicedCents(order: OrderAmounts, lines: readonly CancellableLine[]) {
  const off = givenBack(order, cancelledLineCents(lines));
  return {
    subtotal: Math.max(0, toCents(order.subtotalAmount) - off.linesCents),
    discount: toCents(order.discountAmount) - off.discountCents,
    tax: toCents(order.taxAmount) - off.taxCents,
    net: toCents(order.totalAmount) - off.totalCents,
  };
}

/** What cancelling `asked` takes off the order (and refunds, on a card), in cents. */
export function cancellationCents(
  order: OrderAmounts,
  lines: readonly CancellableLine[],
  asked: readonly CancelLine[],
): Cents {
  return cancelledCents(order, afterCancel(lines, asked)) - cancelledCents(order, lines);
}

/**
 * Whether the member may cancel the order: a company admin any of the company's orders, a buyer those
 * they placed; approvers and viewers none. An order placed under an account of one's own that has
 * since closed is the placer's. Returns the refusal, or undefined.
 */
export function cancelRefusal(
  member: { userId: string; companyId: string | null; role: CompanyRole | null },
  order: { userId: string | null; companyId: string | null },
): string | undefined {
  const own = order.userId === member.userId;
  if (order.companyId !== member.companyId)
    return own ? undefined : "Only the buyer who placed this order can cancel it.";
  if (member.role === "admin") return undefined;
  if (member.role !== "buyer")
    return "Your role in this company does not allow cancelling orders. Ask your company admin.";
  return own ? undefined : "Only the buyer who placed this order or your company admin can cancel it.";
}
