// A new account's company (docs/decisions/companies.md). Which company a user buys for, and as
// what, is read once per request into the Buyer (./buyer.ts); everything a member sees of the
// account is the company's, so another company's order, list, address or invoice answers as one
// that does not exist.
import type { Database } from "../db/client";
import { companies, companyMembers } from "../db/schema";

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
