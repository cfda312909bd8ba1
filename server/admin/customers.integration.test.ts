import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { profileWithCompany } from "../../test/store-fixtures";
import { adminAuditLog, companies, companyMembers, profiles, user, userRoles } from "../db/schema";
import { approveTerms, revokeTerms } from "../terms/grants";
import { customerStats, searchCustomers } from "./customers";

const { handle } = withTestDatabase();

async function addCustomer(id: string, fields: Parameters<typeof profileWithCompany>[1] = {}) {
  await handle()
    .db.insert(user)
    .values({ id, name: id, email: `${id}@example.com` });
  return (await profileWithCompany(id, fields)).companyId;
}

/** `id` signs up and joins the company as `role`: one more person on the same account. */
async function addMember(
  id: string,
  companyId: string,
  role: "buyer" | "viewer",
  names: { firstName: string; lastName: string },
) {
  await handle()
    .db.insert(user)
    .values({ id, name: id, email: `${id}@example.com` });
  await handle()
    .db.insert(profiles)
    .values({ userId: id, ...names });
  await handle().db.insert(companyMembers).values({ userId: id, companyId, role });
}

async function companyById(companyId: string) {
  const [company] = await handle().db.select().from(companies).where(eq(companies.id, companyId));
  return company;
}

describe("the admin's customer accounts", () => {
  let dana = "";

  it("counts accounts, not people: one company of three is one customer, approved once, its limit counted once", async () => {
    await addCustomer("admin1", { firstName: "Store", lastName: "Admin" });
    await handle().db.insert(userRoles).values({ userId: "admin1", role: "admin" });
    dana = await addCustomer("dana", { firstName: "Dana", lastName: "Reyes", companyName: "Reyes Fabrication" });
    await addMember("omar", dana, "buyer", { firstName: "Omar", lastName: "Haddad" });
    await addMember("vera", dana, "viewer", { firstName: "Vera", lastName: "Lind" });
    await addCustomer("sam", {
      firstName: "Sam",
      lastName: "Ito",
      companyName: "100% Marine_Works",
      creditLimit: "25000.00",
      termsDays: 90,
    });
    await addCustomer("lee", { firstName: "Lee", lastName: "Park" });
    // An account closed when its one person joined a company is no customer.
    const closed = await addCustomer("gone", { firstName: "Gil", lastName: "Gone", creditLimit: "500.00" });
    await handle().db.delete(companyMembers).where(eq(companyMembers.companyId, closed));
    await handle().db.update(companies).set({ closedAt: new Date() }).where(eq(companies.id, closed));

    expect(await customerStats()).toEqual({
      totalCustomers: 3,
      onTerms: 1,
      onTermsByLength: { 30: 0, 60: 0, 90: 1 },
      totalCreditLimit: "25000.00",
      pendingApprovals: 2,
      members: 5,
    });
    const { customers, total } = await searchCustomers({ q: "", page: 1 });
    expect(total).toBe(3);
    const reyes = customers.find((customer) => customer.id === dana);
    expect(reyes).toMatchObject({ companyName: "Reyes Fabrication", memberCount: 3 });
    expect(reyes?.members.map((member) => [member.name, member.role])).toEqual([
      ["Dana Reyes", "admin"],
      ["Omar Haddad", "buyer"],
      ["Vera Lind", "viewer"],
    ]);
  });

  it.each([
    ["dana", ["Reyes Fabrication"]],
    ["REYES", ["Reyes Fabrication"]],
    ["dana reyes", ["Reyes Fabrication"]],
    ["omar", ["Reyes Fabrication"]],
    ["vera lind", ["Reyes Fabrication"]],
    ["fabrication", ["Reyes Fabrication"]],
    ["100%", ["100% Marine_Works"]],
    ["_", ["100% Marine_Works"]],
    ["ACCT-", ["100% Marine_Works", "Reyes Fabrication", null]],
    ["store admin", []],
    ["gil", []],
    ["nobody", []],
  ])("finds %j in accounts' names and numbers and their members' names, case-insensitively", async (q, expected) => {
    const { customers } = await searchCustomers({ q, page: 1 });
    expect(customers.map((c) => c.companyName).sort()).toEqual(expected);
  });

  it("approves Net 60 with a limit, the date and the approver, and logs it", async () => {
    const now = new Date("2026-11-23T15:00:00Z");
    await approveTerms("admin1", dana, "15000.50", { termsDays: 60, now });
    const company = await companyById(dana);
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
    expect((await revokeTerms("admin1", dana)).before.termsDays).toBe(60);
    expect(await companyById(dana)).toMatchObject({
      onTerms: false,
      onTermsSince: null,
      onTermsApprovedBy: null,
      creditLimit: "0.00",
      termsDays: 30,
    });
    expect(await handle().db.select().from(adminAuditLog)).toHaveLength(2);
  });

  it("refuses an unknown account, a closed one and a store admin's, and changes nothing", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const [closed] = await handle().db.select().from(companies).where(isNotNull(companies.closedAt));
    const [admins] = await handle()
      .db.select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, "admin1"));
    for (const companyId of [unknown, closed?.id ?? "", admins?.companyId ?? ""])
      await expect(approveTerms("admin1", companyId, "100")).rejects.toThrow("That customer does not exist.");
    expect(await handle().db.select().from(adminAuditLog)).toHaveLength(2);
  });
});
