import type { CheckoutInput } from "../app/lib/checkout-schema";

/** A valid checkout form as the schema outputs it: Portland, Oregon, billing same as shipping. */
export function checkoutInput(email: string, overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  const state = overrides.shippingState ?? "OR";
  return {
    email,
    firstName: "Dana",
    lastName: "Reyes",
    companyName: undefined,
    phone: "5035550142",
    sameAsShipping: true,
    paymentMethod: "credit_card",
    shippingAddressLine1: "100 Main St",
    shippingAddressLine2: undefined,
    shippingCity: "Portland",
    shippingState: state,
    shippingZip: "97201",
    shippingCountry: "United States",
    billingAddressLine1: "100 Main St",
    billingAddressLine2: undefined,
    billingCity: "Portland",
    billingState: state,
    billingZip: "97201",
    billingCountry: "United States",
    ...overrides,
  };
}
