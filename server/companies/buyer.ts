// Who is buying, worked out once per request: the one place a user's company is looked up from
// their id. The session middleware, API keys and PunchOut sessions resolve a `Buyer` here; every
// rule then takes the buyer, and scopes by `buyer.company.id`. Inside a transaction that decides
// money (an order, an approval), `buyerOf(…, { lock: true })` reads the member's row again under a
// lock, so a member removed, or a limit lowered, meanwhile is seen.
import { type Column, eq, type SQL, sql } from "drizzle-orm";
import { type CompanyPermission, type CompanyRole, can, refusals } from "../../domain/companies/companies";
import type { Buyer, BuyerCompany } from "../context";
import { type Database, db } from "../db/client";
import { companies, companyCatalogues, companyMembers, user } from "../db/schema";
import { StoreError } from "../errors";

export type { Buyer, BuyerCompany };

/** A member's place in their company, for the rules that scope and check by it. */
export interface Membership {
  userId: string;
  companyId: string;
  role: CompanyRole;
}

export const NO_COMPANY_MESSAGE = "Your account does not belong to a company. Please contact us.";

/** The user as a buyer: their company, role and limits as they stand now; null for no such user. */
export async function buyerOf(
  userId: string,
  executor: Database = db(),
  { lock = false }: { lock?: boolean } = {},
): Promise<Buyer | null> {
  const columns = {
    email: user.email,
    name: user.name,
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
    catalogueVersion: companyCatalogues.version,
  };
  // Locked, a member removed or a limit changed meanwhile waits for the order that reads it; a
  // lock takes the member's row, so it reads through inner joins (an account of no company is
  // then read as below, without one).
  const [member] = lock
    ? await executor
        .select(columns)
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .innerJoin(user, eq(user.id, companyMembers.userId))
        .leftJoin(companyCatalogues, eq(companyCatalogues.companyId, companies.id))
        .where(eq(companyMembers.userId, userId))
        .for("update", { of: companyMembers })
    : [];
  const [row] = member
    ? [member]
    : await executor
        .select(columns)
        .from(user)
        .leftJoin(companyMembers, eq(companyMembers.userId, user.id))
        .leftJoin(companies, eq(companies.id, companyMembers.companyId))
        .leftJoin(companyCatalogues, eq(companyCatalogues.companyId, companies.id))
        .where(eq(user.id, userId));
  if (!row) return null;
  return {
    userId,
    email: row.email,
    name: row.name,
    company: row.company,
    role: row.role,
    orderLimit: row.orderLimit,
    monthlyLimit: row.monthlyLimit,
    // Read with the buyer, so every rule that takes the buyer (the session's, an API key's, a
    // PunchOut session's) narrows the parts to the company's catalogue alike.
    catalogue:
      row.company && row.catalogueVersion !== null
        ? { companyId: row.company.id, version: row.catalogueVersion }
        : null,
  };
}

/**
 * The buyer read again inside a transaction that decides money, under their member row's lock
 * (taken after their cart's, before the products' and the company's: place-order.ts): a buyer's
 * orders through the checkout and the API at once check the monthly limit one after the other, and
 * a member removed, or a limit lowered, meanwhile is seen.
 */
export async function lockedBuyer(tx: Database, userId: string): Promise<Buyer> {
  const buyer = await buyerOf(userId, tx, { lock: true });
  if (!buyer) throw new StoreError("NotFound", "This account no longer exists.");
  return buyer;
}

/** The buyer read again inside a transaction, without a lock: a role changed since the request began is seen. */
export async function buyerNow(executor: Database, buyer: Buyer): Promise<Buyer> {
  const now = await buyerOf(buyer.userId, executor);
  if (!now) throw new StoreError("NotFound", "This account no longer exists.");
  return now;
}

/** A query's condition: the row is the buyer's company's (never, for a buyer without one). */
export const inBuyersCompany = (companyId: Column, buyer: Buyer): SQL =>
  buyer.company ? eq(companyId, buyer.company.id) : sql`false`;

/** The buyer's place in their company; Forbidden for an account that belongs to none. */
export function membershipOf(buyer: Buyer): Membership {
  if (!buyer.company || !buyer.role) throw new StoreError("Forbidden", NO_COMPANY_MESSAGE);
  return { userId: buyer.userId, companyId: buyer.company.id, role: buyer.role };
}

/** Whether the buyer's role allows `permission` (false without a company). */
export const buyerCan = (buyer: Buyer, permission: CompanyPermission) =>
  buyer.role !== null && buyer.company !== null && can(buyer.role, permission);

/** The buyer's place in their company when their role allows `permission`; Forbidden, with the reason, otherwise. */
export function requirePermission(buyer: Buyer, permission: CompanyPermission): Membership {
  const membership = membershipOf(buyer);
  if (!can(membership.role, permission)) throw new StoreError("Forbidden", refusals[permission]);
  return membership;
}
