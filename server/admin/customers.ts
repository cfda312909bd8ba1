// The customer accounts an admin manages: stats and search. The admin finds a person (their
// profile); terms (server/terms/grants.ts), limits and the account number are the person's company's.

import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { isCustomer } from "../companies/customer-company";
import { db } from "../db/client";
import { escapeLike } from "../db/like";
import { companies, companyMembers, profiles, user } from "../db/schema";

export const CUSTOMERS_PAGE_SIZE = 25;

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
