// Joining a company by an invitation's link (docs/decisions/joining-a-company.md). A person new to
// the store sets a name and a password on the link's page and is a member at once: the link came to
// their inbox, so it proves the address. A customer who has an account signs in and accepts: they
// move into the company, and the account they leave, when they were its one person, is closed once
// they confirm it, and refused while it owes anything.
import { and, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  type CompanyRole,
  can,
  invitationRefusals,
  invitationState,
  type JoinInput,
  LEAVING_LAST_ADMIN_MESSAGE,
  leavesNoAdmin,
} from "../../domain/companies/companies";
import { auth } from "../accounts/auth";
import { takeAttempt } from "../accounts/rate-limit";
import { revokeKeysOf } from "../api/api-keys";
import { type Database, db } from "../db/client";
import {
  account,
  checkoutPayments,
  companies,
  companyApiKeys,
  companyInvitations,
  companyMembers,
  orderApprovals,
  orders,
  profiles,
  quotes,
  savedLists,
  shipToAddresses,
  taxCertificates,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { openInvoices } from "../terms/account-terms";
import { buyerOf } from "./buyer";
import { hashToken, headcount, invitationNotFound, lockCompanies, withdrawInvitationsOf } from "./members";

/** The company an invitation is for, named as its members know it. */
const companyName = (company: { name: string | null; accountNumber: string }) =>
  company.name || `Account ${company.accountNumber}`;

export const ALREADY_A_MEMBER = "You are already a member of this company.";

export const accountExistsMessage = (email: string) =>
  `${email} already has an account with us. Sign in to accept the invitation.`;

/** What the invitation page shows before the invitee accepts; null for a link that is no invitation. */
export async function invitationByToken(token: string, now = new Date()) {
  const [row] = await db()
    .select({
      email: companyInvitations.email,
      role: companyInvitations.role,
      usedAt: companyInvitations.usedAt,
      expiresAt: companyInvitations.expiresAt,
      name: companies.name,
      accountNumber: companies.accountNumber,
      companyId: companies.id,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, hashToken(token)));
  if (!row) return null;
  const state = invitationState(row, now);
  // Only the invitee has the link (it went to their inbox), so it may tell whether the address has an account.
  const [existing] = await db().select({ id: user.id }).from(user).where(eq(user.email, row.email));
  return {
    email: row.email,
    role: row.role,
    companyName: companyName(row),
    companyId: row.companyId,
    state,
    refusal: state === "open" ? null : invitationRefusals[state],
    hasAccount: Boolean(existing),
  };
}

/**
 * The invitation the token names, locked and marked used only by the caller's transaction: open,
 * and sent by someone who may still invite (whatever became of its sender since, the link holds
 * only while they may).
 */
async function openInvitation(tx: Database, token: string, now: Date) {
  const [invitation] = await tx
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.tokenHash, hashToken(token)))
    .for("update");
  if (!invitation) throw new StoreError("NotFound", invitationNotFound);
  const state = invitationState(invitation, now);
  if (state !== "open") throw new StoreError("Conflict", invitationRefusals[state]);
  const [sender] = invitation.invitedBy
    ? await tx
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(and(eq(companyMembers.userId, invitation.invitedBy), eq(companyMembers.companyId, invitation.companyId)))
    : [];
  if (!sender || !can(sender.role, "manageMembers")) throw new StoreError("NotFound", invitationNotFound);
  return invitation;
}

async function useInvitation(tx: Database, invitationId: string, userId: string, now: Date) {
  await tx
    .update(companyInvitations)
    .set({ usedAt: now, usedBy: userId })
    .where(eq(companyInvitations.id, invitationId));
  const [company] = await tx
    .select({ name: companies.name, accountNumber: companies.accountNumber })
    .from(companies)
    .innerJoin(companyInvitations, eq(companyInvitations.companyId, companies.id))
    .where(eq(companyInvitations.id, invitationId));
  return company ? companyName(company) : "";
}

/**
 * A person new to the store joins with the invitation's address, a name and a password: their
 * sign-in (confirmed: the link came to that inbox), profile and membership are written in one
 * transaction with the invitation's use, and no company of their own is made. Counted against the
 * sign-up limits of the address and the client's `address`.
 */
export async function joinAsNewPerson(
  token: string,
  { firstName, lastName, password }: JoinInput,
  { address, now = new Date() }: { address: string; now?: Date },
): Promise<{ email: string; companyName: string; role: CompanyRole }> {
  const invitation = await invitationByToken(token, now);
  if (!invitation) throw new StoreError("NotFound", invitationNotFound);
  await takeAttempt("signUp", { email: invitation.email, address }, now.getTime());
  const context = await auth().$context;
  const passwordHash = await context.password.hash(password);
  const userId = context.generateId({ model: "user" }) || crypto.randomUUID();
  return db().transaction(async (tx) => {
    const open = await openInvitation(tx, token, now);
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, open.email));
    if (existing) throw new StoreError("Conflict", accountExistsMessage(open.email));
    await tx.insert(user).values({
      id: userId,
      name: `${firstName} ${lastName}`,
      email: open.email,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(account).values({
      id: context.generateId({ model: "account" }) || crypto.randomUUID(),
      userId,
      accountId: userId,
      providerId: "credential",
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(profiles).values({ userId, firstName, lastName });
    await tx.insert(companyMembers).values({ userId, companyId: open.companyId, role: open.role, joinedAt: now });
    const joined = await useInvitation(tx, open.id, userId, now);
    return { email: open.email, companyName: joined, role: open.role };
  });
}

/** What becomes of the account a person leaves when they join another company. */
export type Leaving =
  /** They have no company yet, or it is the one they are invited to. */
  | { kind: "none"; refusal: null }
  /** Others stay in it: it keeps its orders, lists and addresses. */
  | { kind: "moves"; from: string; refusal: string | null }
  /** They are its one person: it is closed. */
  | ({ kind: "closes"; refusal: string | null } & ClosingAccount);

export interface ClosingAccount {
  accountNumber: string;
  /** Saved lists, and whether they come along (the role invited to may keep lists there). */
  lists: number;
  listsMove: boolean;
  /** The address book's addresses, and whether they come along (an invited company admin keeps the address book). */
  addresses: number;
  addressesMove: boolean;
  certificates: number;
  apiKeys: number;
  orders: number;
  terms: { termsDays: number; creditLimit: string } | null;
}

const CARD_PAYMENT_OPEN =
  "A card payment you started is still open: if you paid, your order will show within a few minutes; an unpaid one lapses after a day. You can join after that.";

/**
 * What joining the company `invitedTo` as `role` does to the account `userId` buys for now, and
 * why it is refused, if it is. Read again inside the joining transaction, under the companies'
 * locks, so what the person confirmed is what happens.
 */
export async function whatJoiningLeaves(
  userId: string,
  { invitedTo, role }: { invitedTo: string; role: CompanyRole },
  executor: Database = db(),
): Promise<Leaving> {
  const buyer = await buyerOf(userId, executor);
  const current = buyer?.company && buyer.role ? { company: buyer.company, role: buyer.role } : null;
  if (!current || current.company.id === invitedTo) return { kind: "none", refusal: null };
  const companyId = current.company.id;
  const [paying] = await executor
    .select({ id: checkoutPayments.id })
    .from(checkoutPayments)
    .where(and(eq(checkoutPayments.userId, userId), eq(checkoutPayments.status, "open")))
    .limit(1);
  const { members, admins } = await headcount(executor, companyId);
  if (members > 1) {
    const lastAdmin = leavesNoAdmin({ admins, losesAdmin: current.role === "admin", othersRemain: true });
    return {
      kind: "moves",
      from: companyName(current.company),
      refusal: lastAdmin ? LEAVING_LAST_ADMIN_MESSAGE : paying ? CARD_PAYMENT_OPEN : null,
    };
  }
  const counted = async (table: typeof savedLists | typeof shipToAddresses) => {
    const [row] = await executor.select({ n: count() }).from(table).where(eq(table.companyId, companyId));
    return row?.n ?? 0;
  };
  const [[certificates], [apiKeys], lists, addresses, placed] = await Promise.all([
    executor
      .select({ n: count() })
      .from(taxCertificates)
      .where(and(eq(taxCertificates.companyId, companyId), ne(taxCertificates.status, "rejected"))),
    executor
      .select({ n: count() })
      .from(companyApiKeys)
      .where(and(eq(companyApiKeys.companyId, companyId), isNull(companyApiKeys.revokedAt))),
    counted(savedLists),
    counted(shipToAddresses),
    // The ones they placed: those stay theirs to read (an earlier member's stay with the account).
    executor
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.userId, userId)))
      .then(([row]) => row?.n ?? 0),
  ]);
  const { accountNumber, onTerms, termsDays, creditLimit } = current.company;
  return {
    kind: "closes",
    accountNumber,
    lists,
    listsMove: can(role, "editLists"),
    addresses,
    addressesMove: can(role, "manageAddresses"),
    certificates: certificates?.n ?? 0,
    apiKeys: apiKeys?.n ?? 0,
    orders: placed,
    terms: onTerms ? { termsDays, creditLimit } : null,
    refusal: paying ? CARD_PAYMENT_OPEN : await whatItOwes(executor, companyId, accountNumber),
  };
}

/** Why an account cannot close yet: an unpaid terms order, an order waiting for approval, an open quote. */
async function whatItOwes(executor: Database, companyId: string, accountNumber: string): Promise<string | null> {
  const closes = `Your account ${accountNumber} closes when you join another company`;
  const [unpaid] = await openInvoices(companyId, executor);
  if (unpaid)
    return `${closes}, and invoice ${unpaid.invoiceNumber} is unpaid. Please pay it first, then open this link again.`;
  const [waiting] = await executor
    .select({ id: orderApprovals.id })
    .from(orderApprovals)
    .where(and(eq(orderApprovals.companyId, companyId), eq(orderApprovals.status, "pending")))
    .limit(1);
  if (waiting)
    return `${closes}, and one of its orders is waiting for approval. Withdraw it or have it decided first, then open this link again.`;
  const [quote] = await executor
    .select({ quoteNumber: quotes.quoteNumber, status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), inArray(quotes.status, ["requested", "quoted", "accepted"])))
    .orderBy(quotes.createdAt)
    .limit(1);
  if (quote)
    return quote.status === "accepted"
      ? `${closes}, and you accepted quote ${quote.quoteNumber} but have not ordered it. Order it first, then open this link again.`
      : `${closes}, and quote ${quote.quoteNumber} is still open. Withdraw it first, then open this link again.`;
  return null;
}

/**
 * The signed-in invitee joins the company: the link works once (the invitation row is locked and
 * marked used in the same transaction) and only for the address it was sent to. A person belongs to
 * one company at a time, so joining moves them. Leaving a company with other members, they go
 * alone (not its last admin); leaving an account whose one person they are, it is closed, only when
 * `closing` is its account number (what they confirmed) and it owes nothing: their orders stay
 * theirs, their lists and address book come along when their new role keeps such things, their API
 * keys stop. Spend limits are the new company's to set.
 */
export async function acceptInvitation(
  who: { id: string; email: string },
  token: string,
  { now = new Date(), closing }: { now?: Date; closing?: string } = {},
): Promise<{ companyName: string; role: CompanyRole; closed: string | null }> {
  const joined = await db().transaction(async (tx) => {
    const open = await openInvitation(tx, token, now);
    if (open.email !== who.email.toLowerCase())
      throw new StoreError(
        "Forbidden",
        `This invitation was sent to ${open.email}. Sign in with that address to accept it.`,
      );
    const before = await buyerOf(who.id, tx);
    const currentId = before?.company?.id ?? null;
    if (currentId === open.companyId) throw new StoreError("Conflict", ALREADY_A_MEMBER);
    await lockCompanies(tx, currentId ? [currentId, open.companyId] : [open.companyId]);
    const leaving = await whatJoiningLeaves(who.id, { invitedTo: open.companyId, role: open.role }, tx);
    if (leaving.refusal) throw new StoreError("Conflict", leaving.refusal);
    if (leaving.kind === "closes" && closing !== leaving.accountNumber)
      throw new StoreError(
        "Conflict",
        `Joining closes your account ${leaving.accountNumber}. Open the invitation link again to see what that means, and confirm it there.`,
      );
    const joining = { companyId: open.companyId, role: open.role, joinedAt: now, orderLimit: null, monthlyLimit: null };
    if (currentId) {
      await tx.update(companyMembers).set(joining).where(eq(companyMembers.userId, who.id));
      await withdrawInvitationsOf(tx, who.id, currentId);
      await revokeKeysOf(tx, { makerId: who.id, companyId: currentId, by: who.id }, now);
    } else {
      await tx.insert(companyMembers).values({ userId: who.id, ...joining });
    }
    if (leaving.kind === "closes" && currentId) await closeAccount(tx, currentId, open.companyId, leaving, now);
    const companyName = await useInvitation(tx, open.id, who.id, now);
    return { companyName, role: open.role, closed: leaving.kind === "closes" ? leaving.accountNumber : null };
  });
  announce("companyMembersChanged", {});
  return joined;
}

/**
 * Closes the account its one person left for `into`: what their role there keeps comes along (lists,
 * renamed when the company has one by the name; addresses, none of them its default); the rest stays
 * with the closed account, which has no members from then on: no one orders, invites or uses a key
 * for it again (its invitations and keys went with their senders' and makers' leaving).
 */
async function closeAccount(tx: Database, companyId: string, into: string, leaving: ClosingAccount, now: Date) {
  if (leaving.listsMove && leaving.lists > 0) {
    const taken = await tx
      .select({ name: sql<string>`lower(${savedLists.name})` })
      .from(savedLists)
      .where(eq(savedLists.companyId, into));
    const names = new Set(taken.map((row) => row.name));
    const moving = await tx
      .select({ id: savedLists.id, name: savedLists.name })
      .from(savedLists)
      .where(eq(savedLists.companyId, companyId));
    for (const list of moving) {
      let name = list.name;
      for (let n = 1; names.has(name.toLowerCase()); n += 1)
        name = `${list.name.slice(0, 60)} (from ${leaving.accountNumber}${n > 1 ? ` ${n}` : ""})`;
      names.add(name.toLowerCase());
      await tx.update(savedLists).set({ companyId: into, name }).where(eq(savedLists.id, list.id));
    }
  }
  if (leaving.addressesMove && leaving.addresses > 0)
    await tx
      .update(shipToAddresses)
      .set({ companyId: into, isDefault: false })
      .where(eq(shipToAddresses.companyId, companyId));
  await tx.update(companies).set({ closedAt: now }).where(eq(companies.id, companyId));
}
