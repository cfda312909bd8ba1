// What the cart endpoint accepts, shared by the browser and the server.
import { z } from "zod";
import { quantityField } from "../text/form-fields";
import { MAX_QUICK_ORDER_LINES, MAX_QUICK_ORDER_QUANTITY } from "./quick-order";

export const MAX_LINE_QUANTITY = 100_000;

const productId = z.uuid("That product is no longer available.");

export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, quantity: quantityField(1, MAX_LINE_QUANTITY) }),
  // Zero or less removes the line (docs/product-rules.md, Cart).
  z.object({ intent: z.literal("set"), productId, quantity: quantityField(-MAX_LINE_QUANTITY, MAX_LINE_QUANTITY) }),
  z.object({ intent: z.literal("remove"), productId }),
  // The code's own rules (blank, unknown, expired ...) give their messages on the server (docs/product-rules.md, Promo codes).
  z.object({ intent: z.literal("apply-promo"), code: z.string().optional() }),
  z.object({ intent: z.literal("remove-promo") }),
  z.object({ intent: z.literal("quick-order"), lines: z.string().max(20_000, "That list is too long.") }),
]);

export type CartAction = z.infer<typeof cartActionSchema>;

export const quickOrderSchema = z.object({
  lines: z
    .array(
      z.object({
        partNumber: z.string().trim().min(1).max(64, "Use at most 64 characters"),
        // Refused with its message, never made into 1 (docs/product-rules.md, Cart).
        quantity: quantityField(1, MAX_QUICK_ORDER_QUANTITY),
      }),
    )
    .min(1, "Please enter at least one part number.")
    .max(MAX_QUICK_ORDER_LINES, `Add at most ${MAX_QUICK_ORDER_LINES} lines at once.`),
});
