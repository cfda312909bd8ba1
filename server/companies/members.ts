// The company admin's side of a company (docs/decisions/companies.md): its members and their roles,
// and invitations by e-mail (a one-time link that expires; only the token's SHA-256 is stored);
// joining through such a link is ./joining.ts. Every change locks the company row, so the "a company
// keeps an admin" rule holds when two admins act at once.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import {
  type CompanyRole,
  can,
  invitationExpiry,
  LAST_ADMIN_MESSAGE,
  leavesNoAdmin,
  roleNames,
} from "../../domain/companies/companies";
import { countUse, type Limit } from "../accounts/rate-limit";
import { recordAudit } from "../admin/audit";
import { revokeKeysOf } from "../api/api-keys";
import { type Database, db, type Transaction } from "../db/client";
import {
  companies,
  companyInvitations,
  companyMembers,
  profiles,
  savedLists,
  shipToAddresses,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { type Mail, queueMail } from "../mail/mailer";
import { composeMail, storeUrl } from "../mail/templates/compose";
import { readStoreSettings } from "../terms/settings";
import { type Buyer, buyerNow, lockedBuyer, NO_COMPANY_MESSAGE, requirePermission } from "./buyer";
import { createCompanyOfOne } from "./membership";

export const memberNotFound = "That member does not exist.";
export const invitationNotFound = "This invitation link is not valid. Ask your company admin for a new one.";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Invitations an admin, and a company, may send: enough to bring a whole team in, too few for the
 * store's mail to serve as anyone's relay (each goes to an address the inviter chose).
 */
export const invitationLimits = {
  account: { max: 20, windowMs: 60 * 60_000 },
  company: { max: 50, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

// A web address, a domain, an IP address or an e-mail address: a company name holding one is not
// written into a mail the store sends to an address the inviter chose.
const LINK_LIKE = /[a-z][a-z\d+.-]*:\/\/|www\.|[\p{L}\p{N}-]\.\p{L}{2,}(?!\p{L})|\d+\.\d+\.\d+\.\d+|@/iu;

/** The path an invitation's link opens. */
export const invitationPath = (token: string) => `/company/join/${token}`;

/** Locks the companies in id order, so two changes to the same pair never wait for each other. */
export async function lockCompanies(tx: Database, ids: string[]) {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(asc(companies.id))
    .for("update");
}

/** How many members and admins the company has (inside the caller's lock). */
export async function headcount(tx: Database, companyId: string) {
  const [row] = await tx
    .select({
      members: count(),
      admins: sql<number>`count(*) filter (where ${companyMembers.role} = 'admin')::int`,
    })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  return { members: row?.members ?? 0, admins: row?.admins ?? 0 };
}

/** The members page: the company, its members with their roles, and the invitations still open. */
export async function companyPage(admin: Buyer, now = new Date()) {
  const adminUserId = admin.userId;
  const { companyId } = requirePermission(admin, "manageMembers");
  const [[company], members, invitations, settings] = await Promise.all([
    db()
      .select({ name: companies.name, accountNumber: companies.accountNumber })
      .from(companies)
      .where(eq(companies.id, companyId)),
    db()
      .select({
        userId: companyMembers.userId,
        role: companyMembers.role,
        joinedAt: companyMembers.joinedAt,
        orderLimit: companyMembers.orderLimit,
        monthlyLimit: companyMembers.monthlyLimit,
        email: user.email,
        name: user.name,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .leftJoin(profiles, eq(profiles.userId, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(companyMembers.joinedAt), asc(user.email)),
    db()
      .select({
        id: companyInvitations.id,
        email: companyInvitations.email,
        role: companyInvitations.role,
        expiresAt: companyInvitations.expiresAt,
        invitedBy: user.email,
      })
      .from(companyInvitations)
      .leftJoin(user, eq(user.id, companyInvitations.invitedBy))
      .where(
        and(
          eq(companyInvitations.companyId, companyId),
          isNull(companyInvitations.usedAt),
          gt(companyInvitations.expiresAt, now),
        ),
      )
      .orderBy(asc(companyInvitations.createdAt)),
    readStoreSettings(),
  ]);
  if (!company) throw new StoreError("NotFound", NO_COMPANY_MESSAGE);
  return {
    company,
    invitationDays: settings.invitationDays,
    members: members.map(({ firstName, lastName, name, ...member }) => ({
      ...member,
      name: firstName && lastName ? `${firstName} ${lastName}` : name,
      isYou: member.userId === adminUserId,
    })),
    invitations,
  };
}

export function invitationMessage(
  to: string,
  { companyName, role, link, days }: { companyName: string; role: CompanyRole; link: string; days: number },
): Promise<Mail> {
  return composeMail({
    to,
    subject: `You are invited to buy for ${companyName} at Cascade Industrial Supply`,
    blocks: [
      { type: "title", text: `Join ${companyName} at Cascade Industrial Supply` },
      {
        type: "paragraph",
        text: `You are invited to join ${companyName}'s account at Cascade Industrial Supply as ${roleNames[role].toLowerCase()}.`,
      },
      {
        type: "paragraph",
        text: "Open this link to join. New to our store? You set your name and a password there, and you are in. Have an account with us? You sign in first:",
      },
      { type: "button", label: "Join your company", href: link },
      {
        type: "paragraph",
        text: `The link works once, for ${days} ${days === 1 ? "day" : "days"}. If you did not expect it, you can ignore this message.`,
      },
    ],
  });
}

/** Invites `email` as `role`: a one-time link, by e-mail through the mail queue. Returns the link's token. */
export async function inviteMember(
  admin: Buyer,
  { email, role }: { email: string; role: CompanyRole },
  now = new Date(),
): Promise<string> {
  const adminUserId = admin.userId;
  const sender = requirePermission(admin, "manageMembers");
  const tooMany = "You have sent many invitations lately.";
  await countUse(`invitation:account:${adminUserId}`, invitationLimits.account, now.getTime(), tooMany);
  await countUse(`invitation:company:${sender.companyId}`, invitationLimits.company, now.getTime(), tooMany);
  return db().transaction(async (tx) => {
    const { companyId } = requirePermission(await buyerNow(tx, admin), "manageMembers");
    const [already] = await tx
      .select({ one: sql`1` })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), eq(user.email, email)));
    if (already) throw new StoreError("Conflict", `${email} is already a member of your company.`);
    const [company] = await tx
      .select({ name: companies.name, accountNumber: companies.accountNumber })
      .from(companies)
      .where(eq(companies.id, companyId));
    const token = randomBytes(32).toString("base64url");
    const { invitationDays } = await readStoreSettings(tx);
    await tx.insert(companyInvitations).values({
      companyId,
      email,
      role,
      tokenHash: hashToken(token),
      expiresAt: invitationExpiry(now, invitationDays),
      invitedBy: adminUserId,
      createdAt: now,
    });
    const account = `account ${company?.accountNumber ?? ""}`.trim();
    const companyName = company?.name && !LINK_LIKE.test(company.name) ? company.name : account;
    await queueMail(
      await invitationMessage(email, {
        companyName,
        role,
        link: storeUrl(invitationPath(token)),
        days: invitationDays,
      }),
      tx,
    );
    return token;
  });
}

export async function revokeInvitation(admin: Buyer, invitationId: string) {
  const { companyId } = requirePermission(admin, "manageMembers");
  const removed = await db()
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, invitationId),
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.usedAt),
      ),
    )
    .returning({ email: companyInvitations.email });
  if (removed.length === 0) throw new StoreError("NotFound", "That invitation does not exist.");
  return removed[0];
}

/**
 * The open invitations `userId` sent for the company go once they may no longer send them (removed,
 * made another role, gone to another company, deleted): a link does not outlive its sender's authority.
 */
export async function withdrawInvitationsOf(tx: Database, userId: string, companyId: string) {
  await tx
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.invitedBy, userId),
        isNull(companyInvitations.usedAt),
      ),
    );
}

/** A member of the admin's own company, locked with it; any other user is NotFound. */
async function memberToChange(tx: Database, admin: Buyer, userId: string) {
  const { companyId } = requirePermission(await buyerNow(tx, admin), "manageMembers");
  await lockCompanies(tx, [companyId]);
  const [member] = await tx
    .select({ role: companyMembers.role, email: user.email })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)));
  if (!member) throw new StoreError("NotFound", memberNotFound);
  return { companyId, ...member, ...(await headcount(tx, companyId)) };
}

export function changeMemberRole(admin: Buyer, { userId, role }: { userId: string; role: CompanyRole }) {
  const _adminUserId = admin.userId;
  return db().transaction(async (tx) => {
    const member = await memberToChange(tx, admin, userId);
    const losesAdmin = member.role === "admin" && role !== "admin";
    if (leavesNoAdmin({ admins: member.admins, losesAdmin, othersRemain: true }))
      throw new StoreError("Conflict", LAST_ADMIN_MESSAGE);
    await tx.update(companyMembers).set({ role }).where(eq(companyMembers.userId, userId));
    if (!can(role, "manageMembers")) await withdrawInvitationsOf(tx, userId, member.companyId);
    if (!can(role, "manageApiKeys"))
      await revokeKeysOf(tx, { makerId: userId, companyId: member.companyId, by: admin.userId });
    return { email: member.email, role };
  });
}

/**
 * The member's limits per order and per calendar month (none when not given); written with the
 * admin's name in the audit log, like every other change to a company's account.
 */
export function setSpendLimits(
  admin: Buyer,
  { userId, orderLimit, monthlyLimit }: { userId: string; orderLimit?: string; monthlyLimit?: string },
) {
  const adminUserId = admin.userId;
  return db().transaction(async (tx) => {
    const member = await memberToChange(tx, admin, userId);
    const [before] = await tx
      .select({ orderLimit: companyMembers.orderLimit, monthlyLimit: companyMembers.monthlyLimit })
      .from(companyMembers)
      .where(eq(companyMembers.userId, userId));
    const after = { orderLimit: orderLimit ?? null, monthlyLimit: monthlyLimit ?? null };
    await tx.update(companyMembers).set(after).where(eq(companyMembers.userId, userId));
    await recordAudit(tx, {
      adminId: adminUserId,
      action: "set_spend_limits",
      entity: "company_member",
      entityId: userId,
      before: { companyId: member.companyId, ...before },
      after: { companyId: member.companyId, ...after },
    });
    return { email: member.email, ...after };
  });
}

/**
 * Removes a member from the company: the lists and addresses stay with the company; the person
 * keeps their sign-in and gets a company of their own (no terms), so they can still buy by card.
 */
export async function removeMember(admin: Buyer, { userId }: { userId: string }) {
  const adminUserId = admin.userId;
  const removed = await db().transaction(async (tx) => {
    if (userId === adminUserId)
      throw new StoreError("Conflict", "You cannot remove yourself. Another company admin can remove you.");
    const member = await memberToChange(tx, admin, userId);
    const losesAdmin = member.role === "admin";
    if (leavesNoAdmin({ admins: member.admins, losesAdmin, othersRemain: member.members > 1 }))
      throw new StoreError("Conflict", LAST_ADMIN_MESSAGE);
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await withdrawInvitationsOf(tx, userId, member.companyId);
    await revokeKeysOf(tx, { makerId: userId, companyId: member.companyId, by: admin.userId });
    await createCompanyOfOne(tx, { userId });
    return { email: member.email };
  });
  announce("companyMembersChanged", {});
  return removed;
}

/**
 * Account deletion's step: the last admin of a company with other members must hand over first;
 * a company of one keeps its orders (anonymised) but its lists and addresses go with the person.
 */
export async function leaveCompanyForDeletion(tx: Transaction, userId: string) {
  const member = await lockedBuyer(tx, userId);
  if (!member.company || !member.role) return;
  const current = { companyId: member.company.id, role: member.role };
  await lockCompanies(tx, [current.companyId]);
  const { admins, members } = await headcount(tx, current.companyId);
  if (leavesNoAdmin({ admins, losesAdmin: current.role === "admin", othersRemain: members > 1 }))
    throw new StoreError(
      "Conflict",
      "You are the only admin of your company, which has other members: make one of them an admin before you delete your account.",
    );
  await withdrawInvitationsOf(tx, userId, current.companyId);
  await revokeKeysOf(tx, { makerId: userId, companyId: current.companyId, by: userId });
  if (members === 1) {
    await tx.delete(savedLists).where(eq(savedLists.companyId, current.companyId));
    await tx.delete(shipToAddresses).where(eq(shipToAddresses.companyId, current.companyId));
  }
}
