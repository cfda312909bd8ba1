// A shipment of an order (docs/decisions/shipments.md): its carrier, tracking number and the quantity
// of each line it carries. A line ships only what was taken from stock for it (allocated) and not yet
// shipped: never more than was ordered, never a back-ordered quantity not yet in stock.
import { z } from "zod";
import { type CarrierCode, carrierCodes, carriers, normalTrackingNumber, trackingNumberProblem } from "./carriers";

/** Quantities per line are at most the cart's limit per line. */
const MAX_LINE_QUANTITY = 100_000;

export const shipmentSchema = z
  .object({
    carrier: z.enum(carrierCodes, { message: "Choose the carrier" }),
    trackingNumber: z
      .string()
      .optional()
      .transform((typed) => normalTrackingNumber(typed ?? "")),
    lines: z
      .array(
        z.object({
          orderItemId: z.string().uuid("Reload the order: a line of this shipment is not one of the order's."),
          quantity: z.coerce
            .number({ message: "Enter a whole number" })
            .int("Enter a whole number")
            .min(0, "Enter 0 or more")
            .max(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY}`),
        }),
      )
      .default([]),
  })
  .superRefine(({ carrier, trackingNumber }, context) => {
    const problem = trackingNumberProblem(carrier, trackingNumber);
    if (problem) context.addIssue({ code: "custom", path: ["trackingNumber"], message: problem });
  })
  .transform(({ trackingNumber, lines, ...rest }) => ({
    ...rest,
    trackingNumber: trackingNumber || null,
    lines: lines.filter((line) => line.quantity > 0),
  }));

export type ShipmentInput = z.output<typeof shipmentSchema>;

/** An order line as shipping sees it. */
export interface ShippableLine {
  id: string;
  productSku: string | null;
  productName: string;
  quantity: number;
  allocatedQuantity: number;
  shippedQuantity: number;
  /** What the buyer cancelled of it before it shipped (domain/orders/cancellations.ts): never to ship. */
  cancelledQuantity: number;
  /** A hazardous material in transport: it ships by ground only (docs/decisions/hazardous-materials.md). */
  groundOnly?: boolean;
}

/** What of the line is to be delivered: ordered, less what was cancelled. */
const deliverable = (line: Pick<ShippableLine, "quantity" | "cancelledQuantity">) =>
  line.quantity - line.cancelledQuantity;

const partOf = (line: ShippableLine) => line.productSku ?? line.productName;

/** What of the line can ship now: taken from stock and not shipped yet. */
export const readyToShip = (line: ShippableLine) => line.allocatedQuantity - line.shippedQuantity;

/** Why the shipment cannot be recorded against these lines, or undefined. */
export function shipmentRefusal(lines: readonly ShippableLine[], asked: ShipmentInput["lines"]): string | undefined {
  if (asked.length === 0) return "Enter a quantity to ship for at least one line.";
  const seen = new Set<string>();
  for (const { orderItemId, quantity } of asked) {
    const line = lines.find((candidate) => candidate.id === orderItemId);
    if (!line || seen.has(orderItemId)) return "Reload the order: a line of this shipment is not one of the order's.";
    seen.add(orderItemId);
    const ordered = deliverable(line);
    const left = ordered - line.shippedQuantity;
    const cancelled = line.cancelledQuantity > 0 ? ` (${line.cancelledQuantity} cancelled)` : "";
    if (quantity > left)
      return left === 0
        ? `${partOf(line)}: all ${ordered} ordered${cancelled} have shipped already.`
        : `${partOf(line)}: ${ordered} ordered${cancelled} and ${line.shippedQuantity} shipped, so ${left} ${left === 1 ? "is" : "are"} left to ship. Ship ${left} or fewer.`;
    const ready = readyToShip(line);
    if (quantity > ready && ready === 0)
      return `${partOf(line)}: the ${left} left to ship ${left === 1 ? "is" : "are"} back-ordered and not in stock yet. Wait for the back-order.`;
    if (quantity > ready)
      return `${partOf(line)}: only ${ready} of the ${left} left to ship ${ready === 1 ? "is" : "are"} in stock; the rest ${left - ready === 1 ? "is" : "are"} back-ordered. Ship ${ready} or fewer, or wait for the back-order.`;
  }
  return undefined;
}

/** Why the carrier may not take this shipment: a line that ships by ground only, by a carrier that flies. */
export function carrierRefusal(lines: readonly ShippableLine[], shipment: ShipmentInput): string | undefined {
  const carrier = carriers[shipment.carrier];
  if (!carrier.airOnly) return undefined;
  const grounded = lines.filter(
    (line) => line.groundOnly && shipment.lines.some((asked) => asked.orderItemId === line.id),
  );
  if (grounded.length === 0) return undefined;
  return `${grounded.map(partOf).join(", ")} ${grounded.length === 1 ? "ships" : "ship"} by ground only (hazardous material), and ${carrier.name} carries parcels by air. Ship ${grounded.length === 1 ? "it" : "them"} by a ground service (UPS, FedEx or USPS ground, OnTrac, Freight/LTL).`;
}

/** Whether every line has shipped in full once `asked` ships too. */
export function completesOrder(lines: readonly ShippableLine[], asked: ShipmentInput["lines"]): boolean {
  return lines.every(
    (line) =>
      line.shippedQuantity + (asked.find((each) => each.orderItemId === line.id)?.quantity ?? 0) === deliverable(line),
  );
}

/**
 * How far an order has shipped, from its lines: the status says shipped once all has, and a
 * processing order with some lines shipped reads "Partially Shipped" beside its status.
 */
export function shippingProgress(
  lines: readonly Pick<ShippableLine, "quantity" | "shippedQuantity" | "cancelledQuantity">[],
) {
  const shipped = lines.reduce((sum, line) => sum + line.shippedQuantity, 0);
  if (shipped === 0) return "none" as const;
  return lines.every((line) => line.shippedQuantity === deliverable(line)) ? ("all" as const) : ("partial" as const);
}

export const PARTIALLY_SHIPPED = "Partially Shipped";

/** "UPS 1Z999AA10123456784", or "Freight/LTL" without a number. */
export function shipmentLabel(carrier: CarrierCode, trackingNumber: string | null): string {
  return [carriers[carrier].name, trackingNumber].filter(Boolean).join(" ");
}
