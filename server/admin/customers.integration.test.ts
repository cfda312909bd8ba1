import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { profileWithCompany } from "../../test/store-fixtures";
import { adminAuditLog, companies, companyMembers, profiles, user, userRoles } from "../db/schema";
import { StoreError } from "../errors";
import { approveTerms, revokeTerms } from "../terms/grants";
import { customerStats, searchCustomers } from "./customers";

const { handle } = withTestDatabase();

async function addCustomer(id: string, fields: Parameters<typeof profileWithCompany>[1] = {}) {
  await handle()
    .db.insert(user)
    .values({ id, name: id, email: `${id}@example.com` });
  return (await profileWithCompany(id, fields)).profileId;
}

/** The customer's company, where terms and limits live. */
async function companyOfProfile(profileId: string) {
  const [row] = await handle()
    .db.select({ company: companies })
    .from(profiles)
    .innerJoin(companyMembers, eq(companyMembers.userId, profiles.userId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(profiles.id, profileId));
  return row?.company;
}

describe("the admin's customer accounts", () => {
  let danaProfile = "";

  it("counts customers, approvals, credit and pending approvals, leaving admins out", async () => {
    await addCustomer("admin1");
    await handle().db.insert(userRoles).values({ userId: "admin1", role: "admin" });
    danaProfile = await addCustomer("dana", { firstName: "Dana", lastName: "Reyes", companyName: "Reyes Fabrication" });
    await addCustomer("sam", {
      firstName: "Sam",
      lastName: "Ito",
      companyName: "100% Marine_Works",
      creditLimit: "25000.00",
    });
    await addCustomer("lee", { firstName: "Lee", lastName: "Park" });
    expect(await customerStats()).toEqual({
      totalCustomers: 3,
      onTerms: 1,
      totalCreditLimit: "25000.00",
      pendingApprovals: 2,
    });
  });

  it.each([
    ["dana", ["dana"]],
    ["REYES", ["dana"]],
    ["dana reyes", ["dana"]],
    ["fabrication", ["dana"]],
    ["100%", ["sam"]],
    ["_", ["sam"]],
    ["ACCT-", ["dana", "lee", "sam"]],
    ["nobody", []],
  ])("finds %j in names, companies and account numbers, case-insensitively", async (q, expected) => {
    const { customers } = await searchCustomers({ q, page: 1 });
    expect(customers.map((c) => c.email.split("@")[0]).sort()).toEqual(expected);
  });

  it("approves Net 60 with a limit, the date and the approver, and logs it", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    await approveTerms("admin1", danaProfile, "15000.50", { termsDays: 60, now });
    const company = await companyOfProfile(danaProfile);
    expect(company).toMatchObject({
      onTerms: true,
      onTermsSince: now,
      onTermsApprovedBy: "admin1",
      creditLimit: "15000.50",
      termsDays: 60,
    });
    const [entry] = await handle()
      .db.select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, company?.id ?? ""));
    expect(entry).toMatchObject({
      adminId: "admin1",
      action: "approve_terms",
      entity: "company",
      before: { onTerms: false, creditLimit: "0.00", termsDays: 30 },
      after: { onTerms: true, creditLimit: "15000.50", termsDays: 60 },
    });
  });

  it("revokes terms: date and approver cleared, limit 0, back to Net 30", async () => {
    await revokeTerms("admin1", danaProfile);
    expect(await companyOfProfile(danaProfile)).toMatchObject({
      onTerms: false,
      onTermsSince: null,
      onTermsApprovedBy: null,
      creditLimit: "0.00",
      termsDays: 30,
    });
    expect(await handle().db.select().from(adminAuditLog)).toHaveLength(2);
  });

  it("refuses an unknown profile and changes nothing", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(approveTerms("admin1", unknown, "100")).rejects.toBeInstanceOf(StoreError);
    expect(await handle().db.select().from(adminAuditLog)).toHaveLength(2);
  });
});
