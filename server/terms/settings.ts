// The store settings an admin changes in the back office (one row, made by the migration): the
// credit hold's grace, how long an invitation link works, when certificate and invoice reminders go
// out, the ship-today cut-off and the return window.
import { eq } from "drizzle-orm";
import { DEFAULT_INVITATION_DAYS } from "../../domain/companies/companies";
import { DEFAULT_REMINDER_DAYS } from "../../domain/companies/tax-exemption";
import { DEFAULT_SHIP_CUTOFF } from "../../domain/orders/ship-today";
import { DEFAULT_RETURN_WINDOW_DAYS } from "../../domain/returns/returns";
import { DEFAULT_INVOICE_REMINDER_DAYS, DEFAULT_OVERDUE_GRACE_DAYS } from "../../domain/terms/terms";
import { recordAudit } from "../admin/audit";
import { type Database, db } from "../db/client";
import { storeSettings } from "../db/schema";
import { StoreError } from "../errors";

export interface StoreSettings {
  overdueGraceDays: number;
  invitationDays: number;
  certificateReminderDays: number;
  invoiceReminderDays: number;
  /** "HH:MM" in the store's time zone: orders placed on a business day before it ship that day. */
  shipCutoff: string;
  /** Days after its shipment a line may be asked back (docs/decisions/returns.md). */
  returnWindowDays: number;
}

const settingsColumns = {
  overdueGraceDays: storeSettings.overdueGraceDays,
  invitationDays: storeSettings.invitationDays,
  certificateReminderDays: storeSettings.certificateReminderDays,
  invoiceReminderDays: storeSettings.invoiceReminderDays,
  shipCutoff: storeSettings.shipCutoff,
  returnWindowDays: storeSettings.returnWindowDays,
};

const defaults: StoreSettings = {
  overdueGraceDays: DEFAULT_OVERDUE_GRACE_DAYS,
  invitationDays: DEFAULT_INVITATION_DAYS,
  certificateReminderDays: DEFAULT_REMINDER_DAYS,
  invoiceReminderDays: DEFAULT_INVOICE_REMINDER_DAYS,
  shipCutoff: DEFAULT_SHIP_CUTOFF,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
};

export async function readStoreSettings(executor: Database = db()): Promise<StoreSettings> {
  const { updatedAt: _updatedAt, ...settings } = await settingsRow(executor);
  return settings;
}

/** The settings with when they were last saved (the version a form edits). */
export async function settingsRow(
  executor: Database = db(),
  { lock = false } = {},
): Promise<StoreSettings & { updatedAt: Date | null }> {
  const query = executor
    .select({ ...settingsColumns, updatedAt: storeSettings.updatedAt })
    .from(storeSettings)
    .where(eq(storeSettings.id, true));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? { ...defaults, updatedAt: null };
}

/**
 * Saves the settings with their audit entry. `savedAt` is when the settings the admin edited were
 * saved: if another admin saved since, nothing changes and they are asked to look again.
 */
export async function updateStoreSettings(
  adminId: string,
  { savedAt, ...change }: Partial<StoreSettings> & { savedAt?: Date },
  now = new Date(),
) {
  return db().transaction(async (tx) => {
    const { updatedAt, ...before } = await settingsRow(tx, { lock: true });
    if (savedAt && updatedAt && savedAt.getTime() !== updatedAt.getTime())
      throw new StoreError(
        "Conflict",
        "These settings were changed by another admin meanwhile. Reload the page to see them, then save again.",
      );
    const [after] = await tx
      .insert(storeSettings)
      .values({ id: true, ...before, ...change, updatedAt: now })
      .onConflictDoUpdate({ target: storeSettings.id, set: { ...change, updatedAt: now } })
      .returning(settingsColumns);
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
