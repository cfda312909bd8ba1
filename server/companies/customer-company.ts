// The company of a customer, as the back office finds it: by the person's profile. Changes the
// store admin makes to a company (its terms, PO required) lock it here first.
import { and, eq, notExists, sql } from "drizzle-orm";
import { type Database, db } from "../db/client";
import { companies, companyMembers, profiles, userRoles } from "../db/schema";
import { StoreError } from "../errors";

/** Customers are the profiles of users who are not admins. */
export const isCustomer = () =>
  notExists(
    db()
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, profiles.userId), eq(userRoles.role, "admin"))),
  );

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
