// The purchase-order rules that read the database (docs/product-rules.md, Purchase orders): an
// account the admin marked "PO required" gives a PO number on every order, and a PO number the
// company already used on an order (any member's) is refused until the buyer confirms it.
import { and, desc, eq, sql } from "drizzle-orm";
import {
  duplicateConfirmed,
  duplicatePoMessage,
  type PurchaseOrderInput,
  poNumberRequiredMessage,
} from "../../domain/orders/purchase-order";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { type Database, db } from "../db/client";
import { orders } from "../db/schema";
import { StoreError } from "../errors";

/** A refusal about the PO number field; `usedOn` names the earlier order of a PO number given again. */
export class PurchaseOrderProblem extends StoreError {
  readonly usedOn?: string;
  constructor(kind: "Invalid" | "Conflict", message: string, usedOn?: string) {
    super(kind, message);
    this.usedOn = usedOn;
  }
}

/** Order placement's step: throws a PurchaseOrderProblem when the order's PO number does not pass. */
export async function checkPurchaseOrder(
  buyer: Buyer,
  checkout: PurchaseOrderInput,
  executor: Database = db(),
): Promise<void> {
  const { poNumber } = checkout;
  if (!poNumber) {
    if (buyer.company?.poRequired) throw new PurchaseOrderProblem("Invalid", poNumberRequiredMessage);
    return;
  }
  if (duplicateConfirmed(checkout)) return;
  const [earlier] = await executor
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(inBuyersCompany(orders.companyId, buyer), eq(sql`lower(${orders.poNumber})`, poNumber.toLowerCase())))
    .orderBy(desc(orders.orderDate))
    .limit(1);
  if (earlier)
    throw new PurchaseOrderProblem("Conflict", duplicatePoMessage(poNumber, earlier.orderNumber), earlier.orderNumber);
}

/** The order's columns for them. */
export function purchaseOrderColumns({ poNumber, jobReference }: PurchaseOrderInput) {
  return { poNumber: poNumber ?? null, jobReference: jobReference ?? null };
}
