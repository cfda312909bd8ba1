// The customer accounts an admin manages: stats, search, and Net 30 approval.

import { and, count, desc, eq, ilike, notExists, or, sql, sum } from "drizzle-orm";
import type { TermsDays } from "../../app/lib/terms/terms";
import { db } from "../db/client";
import { escapeLike } from "../db/like";
import { profiles, user, userRoles } from "../db/schema";
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

export async function customerStats() {
  const [row] = await db()
    .select({
      totalCustomers: count(),
      net30Approved: sql<number>`count(*) filter (where ${profiles.net30Approved})::int`,
      totalCreditLimit: sum(profiles.creditLimit),
    })
    .from(profiles)
    .where(isCustomer());
  const total = row?.totalCustomers ?? 0;
  const approved = row?.net30Approved ?? 0;
  return {
    totalCustomers: total,
    net30Approved: approved,
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
        ilike(profiles.companyName, pattern),
        ilike(profiles.accountNumber, pattern),
      )
    : undefined;
  const where = and(isCustomer(), matches);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: profiles.id,
        accountNumber: profiles.accountNumber,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        phone: profiles.phone,
        companyName: profiles.companyName,
        email: user.email,
        net30Approved: profiles.net30Approved,
        creditLimit: profiles.creditLimit,
        poRequired: profiles.poRequired,
        termsDays: profiles.termsDays,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(where)
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((page - 1) * CUSTOMERS_PAGE_SIZE),
    db().select({ total: count() }).from(profiles).where(where),
  ]);
  return { customers: rows, total: total?.total ?? 0, page, pageSize: CUSTOMERS_PAGE_SIZE };
}

const net30Fields = {
  net30Approved: profiles.net30Approved,
  net30ApprovedDate: profiles.net30ApprovedDate,
  net30ApprovedBy: profiles.net30ApprovedBy,
  creditLimit: profiles.creditLimit,
  termsDays: profiles.termsDays,
};

async function changeNet30(
  adminId: string,
  profileId: string,
  action: "approve_net_30" | "revoke_net_30",
  change: {
    net30Approved: boolean;
    net30ApprovedDate: Date | null;
    net30ApprovedBy: string | null;
    creditLimit: string;
    termsDays: number;
  },
) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select(net30Fields)
      .from(profiles)
      .where(and(eq(profiles.id, profileId), isCustomer()))
      .for("update");
    if (!before) throw new StoreError("NotFound", "That customer does not exist.");
    const [after] = await tx.update(profiles).set(change).where(eq(profiles.id, profileId)).returning(net30Fields);
    await recordAudit(tx, { adminId, action, entity: "profile", entityId: profileId, before, after });
    return after;
  });
}

/** Approve: terms on (Net 30, 60 or 90), with the date, the approving admin and the credit limit. */
export function approveNet30(
  adminId: string,
  profileId: string,
  creditLimit: string,
  { termsDays = 30, now = new Date() }: { termsDays?: TermsDays; now?: Date } = {},
) {
  return changeNet30(adminId, profileId, "approve_net_30", {
    net30Approved: true,
    net30ApprovedDate: now,
    net30ApprovedBy: adminId,
    creditLimit,
    termsDays,
  });
}

/** Revoke: terms off, date and approver cleared, credit limit 0, back to the default Net 30. */
export function revokeNet30(adminId: string, profileId: string) {
  return changeNet30(adminId, profileId, "revoke_net_30", {
    net30Approved: false,
    net30ApprovedDate: null,
    net30ApprovedBy: null,
    creditLimit: "0",
    termsDays: 30,
  });
}
