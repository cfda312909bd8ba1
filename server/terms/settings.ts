// The store settings an admin changes in the back office (one row, made by the migration).
import { eq } from "drizzle-orm";
import { DEFAULT_OVERDUE_GRACE_DAYS } from "../../app/lib/terms/terms";
import { recordAudit } from "../admin/audit";
import { type Database, db } from "../db/client";
import { storeSettings } from "../db/schema";

export interface StoreSettings {
  overdueGraceDays: number;
}

export async function readStoreSettings(executor: Database = db()): Promise<StoreSettings> {
  const [row] = await executor
    .select({ overdueGraceDays: storeSettings.overdueGraceDays })
    .from(storeSettings)
    .where(eq(storeSettings.id, true));
  return row ?? { overdueGraceDays: DEFAULT_OVERDUE_GRACE_DAYS };
}

/** Saves the settings with their audit entry; the row is made again if someone removed it. */
export async function updateStoreSettings(adminId: string, change: StoreSettings, now = new Date()) {
  return db().transaction(async (tx) => {
    const before = await readStoreSettings(tx);
    const [after] = await tx
      .insert(storeSettings)
      .values({ id: true, ...change, updatedAt: now })
      .onConflictDoUpdate({ target: storeSettings.id, set: { ...change, updatedAt: now } })
      .returning({ overdueGraceDays: storeSettings.overdueGraceDays });
    await recordAudit(tx, {
      adminId,
      action: "change_store_settings",
      entity: "store_settings",
      entityId: "store",
      before,
      after,
    });
    return after;
  });
}
