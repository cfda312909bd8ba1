import { describe, expect, it } from "vitest";
import {
  can,
  companyRoles,
  DEFAULT_INVITATION_DAYS,
  invitationExpiry,
  invitationState,
  inviteSchema,
  isIndividualAccount,
  joinSchema,
  leavesNoAdmin,
} from "./companies";

describe("what each role may do", () => {
  it.each([
    ["admin", true, true, true, true, true],
    ["buyer", true, true, false, false, false],
    ["approver", false, false, false, false, false],
    ["viewer", false, false, false, false, false],
  ] as const)(
    "%s: orders %s, lists %s, addresses %s, members %s, API keys %s",
    (role, orders, lists, addresses, members, keys) => {
      expect(can(role, "placeOrders")).toBe(orders);
      expect(can(role, "editLists")).toBe(lists);
      expect(can(role, "manageAddresses")).toBe(addresses);
      expect(can(role, "manageMembers")).toBe(members);
      expect(can(role, "manageApiKeys")).toBe(keys);
      // Tax-exempt certificates are the company admin's, as members are.
      expect(can(role, "manageTaxCertificates")).toBe(members);
    },
  );

  it("knows exactly four roles", () => {
    expect(companyRoles).toEqual(["admin", "buyer", "approver", "viewer"]);
  });
});

describe("an invitation's life", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const expiresAt = invitationExpiry(now);

  it(`works for ${DEFAULT_INVITATION_DAYS} days, up to the last millisecond`, () => {
    expect(expiresAt.toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect(invitationState({ usedAt: null, expiresAt }, new Date(expiresAt.getTime() - 1))).toBe("open");
    expect(invitationState({ usedAt: null, expiresAt }, expiresAt)).toBe("expired");
  });

  it("works for as many days as the store admin set", () => {
    expect(invitationExpiry(now, 2).toISOString()).toBe("2026-03-03T12:00:00.000Z");
  });

  it("works once", () => {
    expect(invitationState({ usedAt: now, expiresAt }, now)).toBe("used");
  });
});

describe("a company keeps an admin", () => {
  it.each([
    [{ admins: 1, losesAdmin: true, othersRemain: true }, true],
    [{ admins: 2, losesAdmin: true, othersRemain: true }, false],
    [{ admins: 1, losesAdmin: false, othersRemain: true }, false],
    // The only member leaving empties the company: nobody is left without an admin.
    [{ admins: 1, losesAdmin: true, othersRemain: false }, false],
  ])("%o refused: %s", (change, refused) => {
    expect(leavesNoAdmin(change)).toBe(refused);
  });
});

describe("the invitation form", () => {
  it("takes an e-mail (lower-cased) and a known role", () => {
    expect(inviteSchema.parse({ email: " Pat@Example.com ", role: "buyer" })).toEqual({
      email: "pat@example.com",
      role: "buyer",
    });
    expect(inviteSchema.safeParse({ email: "pat@example.com", role: "owner" }).error?.issues[0]?.message).toBe(
      "Choose a role",
    );
  });
});

describe("a person buying for themselves", () => {
  it.each([
    [{ companyName: null, members: 1 }, true],
    [{ companyName: "", members: 1 }, true],
    // A business of one, and an account that has grown past one person, are businesses.
    [{ companyName: "Reyes Fabrication", members: 1 }, false],
    [{ companyName: null, members: 2 }, false],
  ])("%o is an individual: %s", (account, individual) => {
    expect(isIndividualAccount(account)).toBe(individual);
  });
});

describe("joining by an invitation's link", () => {
  it("asks a new person for a name and a password of at least 6 characters", () => {
    expect(joinSchema.safeParse({ firstName: " Nia ", lastName: "Okafor", password: "hunter22" }).data).toEqual({
      firstName: "Nia",
      lastName: "Okafor",
      password: "hunter22",
    });
    const refused = joinSchema.safeParse({ firstName: "", password: "short" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "First name is required",
      "Last name is required",
      "Password must be at least 6 characters",
    ]);
  });
});
