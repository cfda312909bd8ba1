// Who is buying, worked out once per request: the one place a user's company is looked up from
// their id. The session middleware, API keys and PunchOut sessions resolve a `Buyer` here; every
// rule then takes the buyer, and scopes by `buyer.company.id`. Inside a transaction that decides
// money (an order, an approval), `buyerOf(…, { lock: true })` reads the member's row again under a
// lock, so a member removed, or a limit lowered, meanwhile is seen.
import { eq } from "drizzle-orm";
import { type CompanyPermission, can, refusals } from "../../domain/companies/companies";
import type { Buyer, BuyerCompany } from "../context";
import { type Database, db } from "../db/client";
import { companies, companyMembers } from "../db/schema";
import { StoreError } from "../errors";

export type { Buyer, BuyerCompany };

export const NO_COMPANY_MESSAGE = "Your account does not belong to a company. Please contact us.";

/** The user as a buyer: their company, role and limits as they stand now. */
export async function buyerOf(
  user: { id: string; email: string; name: string },
  executor: Database = db(),
  { lock = false }: { lock?: boolean } = {},
): Promise<Buyer> {
  const query = executor
    .select({
      role: companyMembers.role,
      orderLimit: companyMembers.orderLimit,
      monthlyLimit: companyMembers.monthlyLimit,
      company: {
        id: companies.id,
        name: companies.name,
        accountNumber: companies.accountNumber,
        onTerms: companies.onTerms,
        termsDays: companies.termsDays,
        creditLimit: companies.creditLimit,
        poRequired: companies.poRequired,
      },
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id));
  const [row] = lock ? await query.for("share", { of: companyMembers }) : await query;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    company: row?.company ?? null,
    role: row?.role ?? null,
    orderLimit: row?.orderLimit ?? null,
    monthlyLimit: row?.monthlyLimit ?? null,
  };
}

/** A buyer who belongs to a company, with it; Forbidden otherwise. */
export function companyOf(buyer: Buyer): BuyerCompany & { role: NonNullable<Buyer["role"]> } {
  if (!buyer.company || !buyer.role) throw new StoreError("Forbidden", NO_COMPANY_MESSAGE);
  return { ...buyer.company, role: buyer.role };
}

/** Whether the buyer's role allows `permission` (false without a company). */
export const buyerCan = (buyer: Buyer, permission: CompanyPermission) =>
  buyer.role !== null && buyer.company !== null && can(buyer.role, permission);

/** The buyer's company when their role allows `permission`; Forbidden, with the reason, otherwise. */
export function requirePermission(buyer: Buyer, permission: CompanyPermission): BuyerCompany {
  const company = companyOf(buyer);
  if (!can(company.role, permission)) throw new StoreError("Forbidden", refusals[permission]);
  return company;
}
