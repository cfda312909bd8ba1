// The checkout form's rules (docs/product-rules.md, Checkout), shared by the browser and the server.
import { z } from "zod";
import { billingOrShipping, checkBilling, evenWithOtherErrors, shippingAndBillingFields } from "../addresses/address";
import { shipToChoiceFields } from "../addresses/address-book";
import { optional, required } from "../text/form-fields";
import { purchaseOrderFields } from "./purchase-order";

// Terms ('net_30', whatever their length) are labelled by termsOptionLabel (domain/terms/terms.ts).
export const paymentMethodLabels = {
  credit_card: "Credit Card (Pay Now)",
} as const;

export const checkoutSchema = z
  .object({
    email: z
      .string({ message: "Invalid email address" })
      .trim()
      .max(254, "Use at most 254 characters")
      .pipe(z.email("Invalid email address"))
      .transform((email) => email.toLowerCase()),
    firstName: required("First name is required", 100),
    lastName: required("Last name is required", 100),
    companyName: optional(),
    phone: z
      .string({ message: "Phone number must be at least 10 digits" })
      .trim()
      .min(10, "Phone number must be at least 10 digits")
      .max(30, "Use at most 30 characters"),
    paymentMethod: z.enum(["credit_card", "net_30"], { message: "Choose a payment method" }).default("credit_card"),
    ...shippingAndBillingFields,
    ...shipToChoiceFields,
    ...purchaseOrderFields,
  })
  .superRefine(checkBilling, evenWithOtherErrors)
  .transform(billingOrShipping);

export type CheckoutInput = z.output<typeof checkoutSchema>;
