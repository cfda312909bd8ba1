// The customer accounts an admin manages: stats, search, and Net 30 approval. The admin finds a
// person (their profile); terms, limits and the account number are the person's company's.

import { and, count, desc, eq, ilike, notExists, or, sql } from "drizzle-orm";
import type { TermsDays } from "../../domain/terms/terms";
import { type Database, db } from "../db/client";
import { escapeLike } from "../db/like";
import { companies, companyMembers, profiles, user, userRoles } from "../db/schema";
import { StoreError } from "../errors";
import { recordAudit } from "./audit";

export const CUSTOMERS_PAGE_SIZE = 25;

/** Customers are the profiles of users who are not admins. */
export const isCustomer = () =>
  notExists(
    db()
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, profiles.userId), eq(userRoles.role, "admin"))),
  );

/** Customer counts are of people; the credit granted is summed once per company. */
export async function customerStats() {
  const [row] = await db()
    .select({
      totalCustomers: count(),
      onTerms: sql<number>`count(*) filter (where ${companies.onTerms})::int`,
      totalCreditLimit: sql<string>`coalesce((select sum(${companies.creditLimit}) from ${companies}), 0)::text`,
    })
    .from(profiles)
    .innerJoin(companyMembers, eq(companyMembers.userId, profiles.userId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(isCustomer());
  const total = row?.totalCustomers ?? 0;
  const approved = row?.onTerms ?? 0;
  return {
    totalCustomers: total,
    onTerms: approved,
    totalCreditLimit: row?.totalCreditLimit ?? "0",
    pendingApprovals: total - approved,
  };
}

/** Case-insensitive search on first name, last name, full name, company and account number. */
export async function searchCustomers({ q, page }: { q: string; page: number }) {
  const pattern = `%${escapeLike(q)}%`;
  const matches = q
    ? or(
        ilike(profiles.firstName, pattern),
        ilike(profiles.lastName, pattern),
        ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, pattern),
        ilike(companies.name, pattern),
        ilike(companies.accountNumber, pattern),
      )
    : undefined;
  const where = and(isCustomer(), matches);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: profiles.id,
        accountNumber: companies.accountNumber,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        phone: profiles.phone,
        companyName: companies.name,
        email: user.email,
        onTerms: companies.onTerms,
        creditLimit: companies.creditLimit,
        poRequired: companies.poRequired,
        termsDays: companies.termsDays,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .innerJoin(companyMembers, eq(companyMembers.userId, profiles.userId))
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(where)
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((page - 1) * CUSTOMERS_PAGE_SIZE),
    db()
      .select({ total: count() })
      .from(profiles)
      .innerJoin(companyMembers, eq(companyMembers.userId, profiles.userId))
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(where),
  ]);
  return { customers: rows, total: total?.total ?? 0, page, pageSize: CUSTOMERS_PAGE_SIZE };
}

const termsFields = {
  onTerms: companies.onTerms,
  onTermsSince: companies.onTermsSince,
  onTermsApprovedBy: companies.onTermsApprovedBy,
  creditLimit: companies.creditLimit,
  termsDays: companies.termsDays,
};

/** The company of a customer's profile, locked for the admin's change; NotFound for anyone else. */
export async function lockCustomerCompany(tx: Database, profileId: string) {
  const [row] = await tx
    .select({ companyId: companies.id })
    .from(profiles)
    .innerJoin(companyMembers, eq(companyMembers.userId, profiles.userId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(profiles.id, profileId), isCustomer()))
    .for("update", { of: companies });
  if (!row) throw new StoreError("NotFound", "That customer does not exist.");
  return row.companyId;
}

async function changeTerms(
  adminId: string,
  profileId: string,
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
    const companyId = await lockCustomerCompany(tx, profileId);
    const [before] = await tx.select(termsFields).from(companies).where(eq(companies.id, companyId));
    const [after] = await tx.update(companies).set(change).where(eq(companies.id, companyId)).returning(termsFields);
    await recordAudit(tx, { adminId, action, entity: "company", entityId: companyId, before, after });
    return after;
  });
}

/** Approve: terms on (Net 30, 60 or 90), with the date, the approving admin and the credit limit. */
export function approveTerms(
  adminId: string,
  profileId: string,
  creditLimit: string,
  { termsDays = 30, now = new Date() }: { termsDays?: TermsDays; now?: Date } = {},
) {
  return changeTerms(adminId, profileId, "approve_terms", {
    onTerms: true,
    onTermsSince: now,
    onTermsApprovedBy: adminId,
    creditLimit,
    termsDays,
  });
}

/** Revoke: terms off, date and approver cleared, credit limit 0, back to the default Net 30. */
export function revokeTerms(adminId: string, profileId: string) {
  return changeTerms(adminId, profileId, "revoke_terms", {
    onTerms: false,
    onTermsSince: null,
    onTermsApprovedBy: null,
    creditLimit: "0",
    termsDays: 30,
  });
}
