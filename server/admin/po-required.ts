// The admin marks a customer's company "PO required": from then on every order of the account must
// carry a PO number (server/orders/purchase-order.ts). Audit-logged, before and after.
import { eq } from "drizzle-orm";
import { lockCustomerCompany } from "../companies/customer-company";
import { db } from "../db/client";
import { companies } from "../db/schema";
import { recordAudit } from "./audit";

export function setPoRequired(adminId: string, companyId: string, required: boolean) {
  return db().transaction(async (tx) => {
    await lockCustomerCompany(tx, companyId);
    const [before] = await tx
      .select({ poRequired: companies.poRequired })
      .from(companies)
      .where(eq(companies.id, companyId));
    const [after] = await tx
      .update(companies)
      .set({ poRequired: required })
      .where(eq(companies.id, companyId))
      .returning({ poRequired: companies.poRequired });
    await recordAudit(tx, {
      adminId,
      action: "set_po_required",
      entity: "company",
      entityId: companyId,
      before,
      after,
    });
    return after;
  });
}
