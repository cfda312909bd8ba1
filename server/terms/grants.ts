// The store admin grants a customer's company terms (Net 30, 60 or 90 with a credit limit) or
// takes them back; each change is audit-logged with the terms before and after.
import { eq } from "drizzle-orm";
import type { TermsDays } from "../../domain/terms/terms";
import { recordAudit } from "../admin/audit";
import { lockCustomerCompany } from "../companies/customer-company";
import { db } from "../db/client";
import { companies } from "../db/schema";

const termsFields = {
  onTerms: companies.onTerms,
  onTermsSince: companies.onTermsSince,
  onTermsApprovedBy: companies.onTermsApprovedBy,
  creditLimit: companies.creditLimit,
  termsDays: companies.termsDays,
};

async function changeTerms(
  adminId: string | null,
  companyId: string,
  action: "approve_terms" | "revoke_terms",
  change: {
    onTerms: boolean;
    onTermsSince: Date | null;
    onTermsApprovedBy: string | null;
    creditLimit: string;
    termsDays: number;
  },
) {
  return db().transaction(async (tx) => {
    await lockCustomerCompany(tx, companyId);
    const [before] = await tx.select(termsFields).from(companies).where(eq(companies.id, companyId));
    const [after] = await tx.update(companies).set(change).where(eq(companies.id, companyId)).returning(termsFields);
    await recordAudit(tx, { adminId, action, entity: "company", entityId: companyId, before, after });
    if (!before || !after) throw new Error("The company's terms were not written.");
    return { before, after };
  });
}

/**
 * Approve: terms on (Net 30, 60 or 90), with the date, the approving admin (null: the operator at the
 * command line) and the credit limit.
 */
export function approveTerms(
  adminId: string | null,
  companyId: string,
  creditLimit: string,
  { termsDays = 30, now = new Date() }: { termsDays?: TermsDays; now?: Date } = {},
) {
  return changeTerms(adminId, companyId, "approve_terms", {
    onTerms: true,
    onTermsSince: now,
    onTermsApprovedBy: adminId,
    creditLimit,
    termsDays,
  });
}

/** Revoke: terms off, date and approver cleared, credit limit 0, back to the default Net 30. */
export function revokeTerms(adminId: string, companyId: string) {
  return changeTerms(adminId, companyId, "revoke_terms", {
    onTerms: false,
    onTermsSince: null,
    onTermsApprovedBy: null,
    creditLimit: "0",
    termsDays: 30,
  });
}
