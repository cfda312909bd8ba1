// Which company a user buys for, and as what (docs/decisions/companies.md). Everything a member
// sees of the account is the company's: queries scope by `companyOf(userId)`, so another
// company's order, list, address or invoice answers as one that does not exist.
import { eq, type SQL, sql } from "drizzle-orm";
import { type CompanyPermission, type CompanyRole, can, refusals } from "../../domain/companies/companies";
import { type Database, db } from "../db/client";
import { companies, companyMembers } from "../db/schema";
import { StoreError } from "../errors";

/** The id of the user's company, as a value inside a query (null for a user without one). */
export const companyOf = (userId: string): SQL<string> =>
  sql<string>`(select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`;

export interface Membership {
  userId: string;
  companyId: string;
  role: CompanyRole;
}

export async function membershipOf(userId: string, executor: Database = db()): Promise<Membership | null> {
  const [row] = await executor
    .select({ userId: companyMembers.userId, companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return row ?? null;
}

export const NO_COMPANY_MESSAGE = "Your account does not belong to a company. Please contact us.";

/** The user's membership when their role allows `permission`; Forbidden, with the reason, otherwise. */
export async function requirePermission(
  userId: string,
  permission: CompanyPermission,
  executor: Database = db(),
): Promise<Membership> {
  const membership = await membershipOf(userId, executor);
  if (!membership) throw new StoreError("Forbidden", NO_COMPANY_MESSAGE);
  if (!can(membership.role, permission)) throw new StoreError("Forbidden", refusals[permission]);
  return membership;
}

/** A new buyer's own company, with them as its admin (sign-up, the store's admin, a company left behind). */
export async function createCompanyOfOne(
  tx: Database,
  { userId, name }: { userId: string; name?: string | null },
): Promise<string> {
  const [company] = await tx
    .insert(companies)
    .values({ name: name ?? null })
    .returning({ id: companies.id });
  if (!company) throw new Error("The company row was not written.");
  await tx.insert(companyMembers).values({ userId, companyId: company.id, role: "admin" });
  return company.id;
}

/** The company's account row (number, terms, credit limit, PO rule) of the user's company, or null. */
export async function companyAccountOf(userId: string, executor: Database = db()) {
  const [row] = await executor
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row ? { ...row.company, role: row.role } : null;
}
