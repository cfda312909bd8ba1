// Shipping an order: the carriers the admin chooses from and the tracking number's form, shared by
// the admin's form and the server (docs/product-rules.md, Orders).
import { z } from "zod";

export const carriers = ["UPS", "FedEx", "USPS", "Freight/LTL", "Other"] as const;
export type Carrier = (typeof carriers)[number];

export const TRACKING_NUMBER_MAX = 40;

export const shipmentSchema = z.object({
  carrier: z.enum(carriers, { message: "Choose the carrier" }),
  // Optional; letters, digits, spaces and dashes as carriers print them (UPS 1Z…, USPS 94…, a PRO number).
  trackingNumber: z
    .string()
    .trim()
    .max(TRACKING_NUMBER_MAX, `Use at most ${TRACKING_NUMBER_MAX} characters`)
    .regex(/^[A-Za-z0-9 -]*$/, "Use only letters, digits, spaces and dashes")
    .optional()
    .transform((value) => (value ? value.replace(/\s+/g, " ").toUpperCase() : null)),
});

export type Shipment = z.output<typeof shipmentSchema>;
