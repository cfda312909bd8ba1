// Promo codes as the operator runs them: create, see uses, switch off and on; each change audited.
import { and, desc, eq, ne } from "drizzle-orm";
import type { NewPromoCode } from "../../domain/admin/admin-schemas";
import { db } from "../db/client";
import { promoCodes } from "../db/schema";
import { StoreError } from "../errors";
import { recordAudit } from "./audit";

export async function listPromoCodes() {
  return db().select().from(promoCodes).orderBy(desc(promoCodes.createdAt), promoCodes.code).limit(200);
}

export async function createPromoCode(adminId: string, promo: NewPromoCode) {
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(promoCodes)
      .values({ ...promo, maxUses: promo.maxUses ?? null, expiresAt: promo.expiresAt ?? null })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    if (!created) throw new StoreError("Conflict", `A promo code ${promo.code} already exists.`);
    await recordAudit(tx, {
      adminId,
      action: "create_promo_code",
      entity: "promo_code",
      entityId: created.id,
      before: null,
      after: created,
    });
    return created;
  });
}

export async function setPromoCodeActive(adminId: string, promoId: string, isActive: boolean) {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promoId)).for("update");
    if (!before) throw new StoreError("NotFound", "That promo code does not exist.");
    const [after] = await tx.update(promoCodes).set({ isActive }).where(eq(promoCodes.id, promoId)).returning();
    await recordAudit(tx, {
      adminId,
      action: isActive ? "activate_promo_code" : "deactivate_promo_code",
      entity: "promo_code",
      entityId: promoId,
      before: { isActive: before.isActive },
      after: { isActive: after?.isActive },
    });
  });
}

/** Edits a code's terms; its uses so far stay, and max uses cannot drop below them. */
export async function updatePromoCode(adminId: string, promoId: string, promo: NewPromoCode) {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promoId)).for("update");
    if (!before) throw new StoreError("NotFound", "That promo code does not exist.");
    const [taken] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.code, promo.code), ne(promoCodes.id, promoId)));
    if (taken) throw new StoreError("Conflict", `A promo code ${promo.code} already exists.`);
    if (promo.maxUses !== undefined && promo.maxUses < before.currentUses)
      throw new StoreError(
        "Invalid",
        `${before.code} has been used ${before.currentUses} times, so max uses must be at least ${before.currentUses}.`,
      );
    const [after] = await tx
      .update(promoCodes)
      .set({ ...promo, maxUses: promo.maxUses ?? null, expiresAt: promo.expiresAt ?? null })
      .where(eq(promoCodes.id, promoId))
      .returning();
    await recordAudit(tx, {
      adminId,
      action: "update_promo_code",
      entity: "promo_code",
      entityId: promoId,
      before,
      after,
    });
    return after;
  });
}
