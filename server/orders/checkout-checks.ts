// What the checkout refuses before a card payment is started or a Net 30 order placed, so a buyer
// is never charged for an order that would be refused: a member whose role does not order, a new
// ship-to to keep from a member who does not manage the company's addresses, a ship-to id that is
// not the company's (answered as not found), and a PO number that does not pass (placement checks
// each again in its transaction).
import { chosenShipToId, shipToToSave } from "../../domain/addresses/address-book";
import { can, refusals } from "../../domain/companies/companies";
import type { CheckoutInput } from "../../domain/orders/checkout-schema";
import { findShipTo } from "../address-book/address-book";
import { type Buyer, requirePermission } from "../companies/buyer";
import { StoreError } from "../errors";
import { checkPurchaseOrder } from "./purchase-order";

export async function checkBeforePlacing(buyer: Buyer, checkout: CheckoutInput) {
  const { role } = requirePermission(buyer, "placeOrders");
  if (shipToToSave(checkout, checkout.shipping) && !can(role, "manageAddresses"))
    throw new StoreError("Forbidden", refusals.manageAddresses);
  const shipToId = chosenShipToId(checkout);
  if (shipToId) await findShipTo(buyer, shipToId);
  await checkPurchaseOrder(buyer, checkout);
}
