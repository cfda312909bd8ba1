// The customer accounts an admin manages: companies, each with its members beneath
// (docs/decisions/admin-customer-accounts.md). Counts, terms (server/terms/grants.ts), the credit
// limit, the PO rule and the account number are the company's, so each is counted and changed once.

import { and, asc, count, desc, eq, exists, ilike, inArray, lte, or, sql } from "drizzle-orm";
import { isCustomerCompany, notStoreAdmin } from "../companies/customer-company";
import { db } from "../db/client";
import { escapeLike } from "../db/like";
import { companies, companyMembers, profiles, user } from "../db/schema";

export const CUSTOMERS_PAGE_SIZE = 25;
/** The members listed under a company on the dashboard; the rest are counted. */
export const MEMBERS_SHOWN = 10;

/** Customer accounts, those on terms (by length), the credit granted them, and the people buying on them. */
export async function customerStats() {
  const onTermsFor = (days: number) =>
    sql<number>`count(*) filter (where ${companies.onTerms} and ${companies.termsDays} = ${days})::int`;
  const [row] = await db()
    .select({
      totalCustomers: count(),
      onTerms: sql<number>`count(*) filter (where ${companies.onTerms})::int`,
      net30: onTermsFor(30),
      net60: onTermsFor(60),
      net90: onTermsFor(90),
      totalCreditLimit: sql<string>`coalesce(sum(${companies.creditLimit}), 0)::text`,
      members: sql<number>`coalesce(sum((select count(*) from ${companyMembers} where ${companyMembers.companyId} = ${companies.id} and ${notStoreAdmin(companyMembers.userId)})), 0)::int`,
    })
    .from(companies)
    .where(isCustomerCompany());
  const total = row?.totalCustomers ?? 0;
  const approved = row?.onTerms ?? 0;
  return {
    totalCustomers: total,
    onTerms: approved,
    onTermsByLength: { 30: row?.net30 ?? 0, 60: row?.net60 ?? 0, 90: row?.net90 ?? 0 },
    totalCreditLimit: row?.totalCreditLimit ?? "0",
    pendingApprovals: total - approved,
    members: row?.members ?? 0,
  };
}

/** A member's name as the dashboard shows it and searches it. */
const fullName = sql`${profiles.firstName} || ' ' || ${profiles.lastName}`;

/**
 * Case-insensitive search on the company's name and account number and its members' first, last
 * and full names; newest accounts first, each with its members (admins first, then by joining).
 */
export async function searchCustomers({ q, page }: { q: string; page: number }) {
  const pattern = `%${escapeLike(q)}%`;
  const memberMatches = exists(
    db()
      .select({ one: sql`1` })
      .from(companyMembers)
      .innerJoin(profiles, eq(profiles.userId, companyMembers.userId))
      .where(
        and(
          eq(companyMembers.companyId, companies.id),
          notStoreAdmin(companyMembers.userId),
          or(ilike(profiles.firstName, pattern), ilike(profiles.lastName, pattern), ilike(fullName, pattern)),
        ),
      ),
  );
  const matches = q
    ? or(ilike(companies.name, pattern), ilike(companies.accountNumber, pattern), memberMatches)
    : undefined;
  const where = and(isCustomerCompany(), matches);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: companies.id,
        accountNumber: companies.accountNumber,
        companyName: companies.name,
        onTerms: companies.onTerms,
        creditLimit: companies.creditLimit,
        poRequired: companies.poRequired,
        termsDays: companies.termsDays,
      })
      .from(companies)
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((page - 1) * CUSTOMERS_PAGE_SIZE),
    db().select({ total: count() }).from(companies).where(where),
  ]);
  const members = await membersOf(rows.map((row) => row.id));
  const customers = rows.map((company) => {
    const listed = members.filter((member) => member.companyId === company.id);
    return { ...company, members: listed, memberCount: listed[0]?.inCompany ?? 0 };
  });
  return { customers, total: total?.total ?? 0, page, pageSize: CUSTOMERS_PAGE_SIZE };
}

/**
 * The first MEMBERS_SHOWN customers among each company's members (store admins are not customers),
 * admins first, then by joining, each with how many the company has.
 */
async function membersOf(companyIds: string[]) {
  if (companyIds.length === 0) return [];
  const byCompany = sql`partition by ${companyMembers.companyId}`;
  const ranked = db()
    .select({
      companyId: companyMembers.companyId,
      userId: companyMembers.userId,
      role: companyMembers.role,
      email: user.email,
      name: user.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      place:
        sql<number>`row_number() over (${byCompany} order by ${companyMembers.role} <> 'admin', ${companyMembers.joinedAt}, ${user.email})::int`.as(
          "place",
        ),
      inCompany: sql<number>`count(*) over (${byCompany})::int`.as("in_company"),
    })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, companyMembers.userId))
    .where(and(inArray(companyMembers.companyId, companyIds), notStoreAdmin(companyMembers.userId)))
    .as("ranked");
  const rows = await db()
    .select()
    .from(ranked)
    .where(lte(ranked.place, MEMBERS_SHOWN))
    .orderBy(asc(ranked.companyId), asc(ranked.place));
  return rows.map(({ firstName, lastName, name, place: _place, ...member }) => ({
    ...member,
    name: [firstName, lastName].filter(Boolean).join(" ") || name || member.email,
  }));
}
