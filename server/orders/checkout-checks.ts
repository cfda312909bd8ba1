// What the checkout refuses before a card payment is started or a Net 30 order placed, so a buyer
// is never charged for an order that would be refused: a ship-to id that is not theirs (answered
// as not found), and a PO number that does not pass (placement checks it again in its transaction).
import { chosenShipToId, type ShipToChoice } from "../../app/lib/address-book";
import type { PurchaseOrderInput } from "../../app/lib/purchase-order";
import { findShipTo } from "../address-book/address-book";
import { checkPurchaseOrder } from "./purchase-order";

export async function checkBeforePlacing(userId: string, checkout: ShipToChoice & PurchaseOrderInput) {
  const shipToId = chosenShipToId(checkout);
  if (shipToId) await findShipTo(userId, shipToId);
  await checkPurchaseOrder(userId, checkout);
}
