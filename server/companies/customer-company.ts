// The companies of the store's customers, as the back office finds them. Changes the store admin
// makes to a company (its terms, PO required) lock it here first.
import { and, eq, exists, isNull, notExists, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Database, db } from "../db/client";
import { companies, companyMembers, userRoles } from "../db/schema";
import { StoreError } from "../errors";

export const CUSTOMER_NOT_FOUND = "That customer does not exist.";

/** The user is not a store admin: store admins have accounts too, but are not customers. */
export const notStoreAdmin = (userId: PgColumn): SQL =>
  notExists(
    db()
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin"))),
  );

/**
 * A customer account: a company with at least one member who is not a store admin. A closed one
 * (its one person joined another company) has no members, and is none.
 */
export const isCustomerCompany = (): SQL =>
  and(
    isNull(companies.closedAt),
    exists(
      db()
        .select({ one: sql`1` })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companies.id), notStoreAdmin(companyMembers.userId))),
    ),
  ) as SQL;

/** A customer's company, locked for the admin's change; NotFound for any other id. */
export async function lockCustomerCompany(tx: Database, companyId: string) {
  const [row] = await tx
    .select({ companyId: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isCustomerCompany()))
    .for("update");
  if (!row) throw new StoreError("NotFound", CUSTOMER_NOT_FOUND);
  return row.companyId;
}
