// The checkout's contact and addresses, as the columns profiles and orders both store them in.
import { addressColumns } from "../../domain/addresses/address";
import type { CheckoutInput } from "../../domain/orders/checkout-schema";

export function checkoutColumns(checkout: CheckoutInput) {
  return {
    firstName: checkout.firstName,
    lastName: checkout.lastName,
    companyName: checkout.companyName ?? null,
    phone: checkout.phone,
    ...addressColumns("shipping", checkout.shipping),
    ...addressColumns("billing", checkout.billing),
  };
}
