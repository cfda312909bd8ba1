// The checkout form's rules (spec section 5), shared by the browser and the server.
import { z } from "zod";
import { optional, required, stateField, zipField } from "./account-schemas";

export const paymentMethodLabels = {
  credit_card: "Credit Card (Pay Now)",
  net_30: "Net 30 Terms (Pay within 30 days)",
} as const;

const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "false"])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

const country = z
  .string()
  .trim()
  .max(60)
  .optional()
  .transform((value) => value || "United States");

const addressShape = {
  AddressLine1: required("Address is required"),
  AddressLine2: optional(),
  City: required("City is required", 100),
  State: stateField,
  Zip: zipField,
  Country: country,
};
type AddressShape = typeof addressShape;

/** The address fields under a prefix: shippingCity, billingCity, ... */
function addressFields<P extends "shipping" | "billing">(prefix: P) {
  return Object.fromEntries(Object.entries(addressShape).map(([field, rule]) => [`${prefix}${field}`, rule])) as {
    [K in keyof AddressShape as `${P}${K}`]: AddressShape[K];
  };
}

const billingAddress = z.object(addressFields("billing"));

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
    sameAsShipping: checkbox,
    paymentMethod: z.enum(["credit_card", "net_30"], { message: "Choose a payment method" }).default("credit_card"),
    ...addressFields("shipping"),
    // Checked below: required only when billing differs from shipping.
    billingAddressLine1: z.string().optional(),
    billingAddressLine2: z.string().optional(),
    billingCity: z.string().optional(),
    billingState: z.string().optional(),
    billingZip: z.string().optional(),
    billingCountry: z.string().optional(),
  })
  // Runs even when other fields are wrong, so the buyer sees every missing field at once.
  .superRefine(
    (value, ctx) => {
      if (value.sameAsShipping === true || (value.sameAsShipping as unknown) === "on") return;
      for (const issue of billingAddress.safeParse(value).error?.issues ?? []) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  // With same-as-shipping on, billing is shipping's copy (so it passes the same address rules).
  .transform((value) => {
    const billing = value.sameAsShipping
      ? {
          billingAddressLine1: value.shippingAddressLine1,
          billingAddressLine2: value.shippingAddressLine2,
          billingCity: value.shippingCity,
          billingState: value.shippingState,
          billingZip: value.shippingZip,
          billingCountry: value.shippingCountry,
        }
      : billingAddress.parse(value);
    return { ...value, ...billing };
  });

export type CheckoutInput = z.output<typeof checkoutSchema>;
