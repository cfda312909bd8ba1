import type { Database } from "../db/client";
import { adminAuditLog } from "../db/schema";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface AuditEntry {
  adminId: string;
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
