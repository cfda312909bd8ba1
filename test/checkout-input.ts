import type { Address } from "../domain/addresses/address";
import type { CheckoutInput } from "../domain/orders/checkout-schema";

/** A valid checkout form as the schema outputs it: Portland, Oregon (or `state`), billing same as shipping. */
export function checkoutInput(
  email: string,
  overrides: Partial<CheckoutInput> = {},
  state: Address["state"] = "OR",
): CheckoutInput {
  const address: Address = {
    line1: "100 Main St",
    line2: undefined,
    city: "Portland",
    state,
    zip: "97201",
    country: "United States",
  };
  return {
    email,
    firstName: "Dana",
    lastName: "Reyes",
    companyName: undefined,
    phone: "5035550142",
    sameAsShipping: true,
    paymentMethod: "credit_card",
    shipping: address,
    billing: address,
    shipTo: undefined,
    saveShipTo: false,
    shipToLabel: undefined,
    poNumber: undefined,
    jobReference: undefined,
    poDuplicateConfirmed: undefined,
    ...overrides,
  };
}
