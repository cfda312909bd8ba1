import { count, desc, eq } from "drizzle-orm";
import { db, type Transaction } from "../db/client";
import { adminAuditLog, user } from "../db/schema";

export interface AuditEntry {
  /** The store admin, or the company admin acting on their company's API keys; null for the command line. */
  adminId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Written in the same transaction as the change, so the log and the data never disagree. */
export async function recordAudit(tx: Transaction, entry: AuditEntry) {
  await tx.insert(adminAuditLog).values(entry);
}

export const AUDIT_PAGE_SIZE = 50;

/** The log, newest first, with the e-mail of the admin who made each change (null once that account is deleted). */
export async function listAuditLog({ page }: { page: number }) {
  const [entries, [total]] = await Promise.all([
    db()
      .select({
        id: adminAuditLog.id,
        createdAt: adminAuditLog.createdAt,
        adminEmail: user.email,
        action: adminAuditLog.action,
        entity: adminAuditLog.entity,
        entityId: adminAuditLog.entityId,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
      })
      .from(adminAuditLog)
      .leftJoin(user, eq(user.id, adminAuditLog.adminId))
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db().select({ total: count() }).from(adminAuditLog),
  ]);
  return { entries, total: total?.total ?? 0, page, pageSize: AUDIT_PAGE_SIZE };
}
