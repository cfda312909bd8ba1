// The admin marks a customer account "PO required": from then on every order of the account must
// carry a PO number (server/orders/purchase-order.ts). Audit-logged, before and after.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { profiles } from "../db/schema";
import { StoreError } from "../errors";
import { recordAudit } from "./audit";
import { isCustomer } from "./customers";

export function setPoRequired(adminId: string, profileId: string, required: boolean) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ poRequired: profiles.poRequired })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), isCustomer()))
      .for("update");
    if (!before) throw new StoreError("NotFound", "That customer does not exist.");
    const [after] = await tx
      .update(profiles)
      .set({ poRequired: required })
      .where(eq(profiles.id, profileId))
      .returning({ poRequired: profiles.poRequired });
    await recordAudit(tx, {
      adminId,
      action: "set_po_required",
      entity: "profile",
      entityId: profileId,
      before,
      after,
    });
    return after;
  });
}
