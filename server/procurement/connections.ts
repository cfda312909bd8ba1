// Procurement connections (docs/punchout.md): which procurement system buys for which company, as
// whom, and with what secret. The secret is kept as an scrypt hash and compared in constant time;
// nobody is shown it again. Every change is written to the audit log in its transaction.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  type ConnectionInput,
  type ProcurementProtocol,
  secretRequiredMessage,
} from "../../domain/procurement/connections";
import { recordAudit } from "../admin/audit";
import { companyByAccount } from "../companies/contract-prices";
import { config } from "../config";
import { type Database, db } from "../db/client";
import { companies, companyMembers, procurementConnections, user } from "../db/schema";
import { StoreError } from "../errors";

const scryptAsync = promisify(scrypt) as (secret: string, salt: Buffer, length: number) => Promise<Buffer>;
const KEY_BYTES = 32;

/** "scrypt$<salt>$<key>", base64url. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEY_BYTES);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function secretMatches(secret: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const given = await scryptAsync(secret, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(given, expected);
}

/**
 * The secret sealed with AUTH_SECRET, kept beside its hash only to sign the documents the store sends
 * (docs/decisions/job-queue.md): cXML puts the shared secret itself in the Sender credential.
 */
export const sealSecret = (secret: string) => symmetricEncrypt({ key: config().AUTH_SECRET, data: secret });
export const unsealSecret = (sealed: string) => symmetricDecrypt({ key: config().AUTH_SECRET, data: sealed });

// A secret compared against when no connection has the identity, so an unknown identity takes as
// long to refuse as a wrong secret.
const decoy = hashSecret(randomBytes(16).toString("hex"));

export type Connection = typeof procurementConnections.$inferSelect;

/** What the back office and the command show of a connection: everything but the secret. */
const shownColumns = {
  id: procurementConnections.id,
  companyId: procurementConnections.companyId,
  companyName: companies.name,
  accountNumber: companies.accountNumber,
  name: procurementConnections.name,
  protocol: procurementConnections.protocol,
  identity: procurementConnections.identity,
  domain: procurementConnections.domain,
  memberUserId: procurementConnections.memberUserId,
  memberEmail: user.email,
  pricesMustMatch: procurementConnections.pricesMustMatch,
  pushUrl: procurementConnections.pushUrl,
  updatedAt: procurementConnections.updatedAt,
};

export type ShownConnection = Awaited<ReturnType<typeof listConnections>>[number];

/** The connections of one company, or of every company, by company then name. */
export async function listConnections({ companyId }: { companyId?: string } = {}, executor: Database = db()) {
  return executor
    .select(shownColumns)
    .from(procurementConnections)
    .innerJoin(companies, eq(companies.id, procurementConnections.companyId))
    .innerJoin(user, eq(user.id, procurementConnections.memberUserId))
    .where(companyId ? eq(procurementConnections.companyId, companyId) : undefined)
    .orderBy(asc(companies.accountNumber), asc(procurementConnections.name));
}

const identityIs = (protocol: ProcurementProtocol, identity: string) =>
  and(
    eq(procurementConnections.protocol, protocol),
    sql`lower(${procurementConnections.identity}) = lower(${identity})`,
  );

/** The audit log's view of a connection: never its secret. */
const audited = (connection: Connection | undefined) => {
  if (!connection) return null;
  const { secretHash: _secret, secretSealed: _sealed, ...rest } = connection;
  return rest;
};

export interface SavedConnection {
  connection: Connection;
  created: boolean;
}

/**
 * Creates the company's connection, or updates the one with this protocol and identity (its
 * secret too, when one is given). `id` edits that connection. The member must belong to the
 * company. `actorId` is the admin (null for the command line).
 */
export async function saveConnection(
  companyId: string,
  input: ConnectionInput,
  { actorId, id, now = new Date() }: { actorId: string | null; id?: string; now?: Date },
): Promise<SavedConnection> {
  const secretHash = input.secret ? await hashSecret(input.secret) : undefined;
  const secretSealed = input.secret ? await sealSecret(input.secret) : undefined;
  return db().transaction(async (tx) => {
    const [member] = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, input.memberUserId), eq(companyMembers.companyId, companyId)));
    if (!member) throw new StoreError("Invalid", "The member must belong to the company.", { field: "memberUserId" });
    const [existing] = await tx
      .select()
      .from(procurementConnections)
      .where(id ? eq(procurementConnections.id, id) : identityIs(input.protocol, input.identity))
      .for("update");
    if (id && (!existing || existing.companyId !== companyId))
      throw new StoreError("NotFound", "That connection no longer exists.");
    if (existing && existing.companyId !== companyId)
      throw new StoreError(
        "Conflict",
        `The ${input.protocol === "cxml" ? "cXML identity" : "OCI user name"} ${input.identity} already connects another company.`,
        { field: "identity" },
      );
    const values = {
      name: input.name,
      protocol: input.protocol,
      identity: input.identity,
      domain: input.domain ?? null,
      memberUserId: input.memberUserId,
      pricesMustMatch: input.pricesMustMatch,
      pushUrl: input.pushUrl ?? null,
      updatedAt: now,
    };
    let connection: Connection | undefined;
    if (existing) {
      [connection] = await tx
        .update(procurementConnections)
        .set({ ...values, ...(secretHash ? { secretHash, secretSealed } : {}) })
        .where(eq(procurementConnections.id, existing.id))
        .returning()
        .catch(identityTaken(input));
    } else {
      if (!secretHash) throw new StoreError("Invalid", secretRequiredMessage, { field: "secret" });
      [connection] = await tx
        .insert(procurementConnections)
        .values({ ...values, companyId, secretHash, secretSealed, createdAt: now })
        .returning()
        .catch(identityTaken(input));
    }
    if (!connection) throw new Error("The connection row was not written.");
    await recordAudit(tx, {
      adminId: actorId,
      action: existing ? "update_procurement_connection" : "create_procurement_connection",
      entity: "company",
      entityId: companyId,
      before: audited(existing),
      after: { ...audited(connection), secretChanged: secretHash !== undefined },
    });
    return { connection, created: !existing };
  });
}

/** Another connection took the identity meanwhile (an edit renaming onto it, or a race). */
const identityTaken = (input: ConnectionInput) => (error: unknown) => {
  if (String((error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code) === "23505")
    throw new StoreError("Conflict", `Another connection already uses the identity ${input.identity}.`, {
      field: "identity",
    });
  throw error;
};

/** Removes a connection; false when there was none. */
export async function removeConnection(
  where: { id: string; companyId?: string } | { protocol: ProcurementProtocol; identity: string },
  { actorId }: { actorId: string | null },
): Promise<Connection | null> {
  return db().transaction(async (tx) => {
    const condition =
      "id" in where
        ? and(
            eq(procurementConnections.id, where.id),
            where.companyId ? eq(procurementConnections.companyId, where.companyId) : undefined,
          )
        : identityIs(where.protocol, where.identity);
    const [removed] = await tx.delete(procurementConnections).where(condition).returning();
    if (!removed) return null;
    await recordAudit(tx, {
      adminId: actorId,
      action: "remove_procurement_connection",
      entity: "company",
      entityId: removed.companyId,
      before: audited(removed),
      after: null,
    });
    return removed;
  });
}

/**
 * The connection these credentials open: Unauthorized when the identity is unknown, the domain
 * differs from the one kept, or the secret is wrong (the same time spent on each). Identities are
 * tried in the order given (cXML: the From credentials, then the Sender's).
 */
export async function authenticate(
  protocol: ProcurementProtocol,
  candidates: readonly { identity: string; domain?: string }[],
  secret: string,
): Promise<Connection> {
  const found = await findConnection(protocol, candidates);
  const matches = await secretMatches(secret, found?.secretHash ?? (await decoy));
  if (!found)
    throw new StoreError(
      "Unauthorized",
      `No ${protocol === "cxml" ? "cXML" : "OCI"} connection has the identity ${candidates.map((c) => c.identity).join(" or ") || "(none sent)"}. Ask the supplier to set one up.`,
    );
  if (!matches)
    throw new StoreError("Unauthorized", "The shared secret does not match the one set up for this connection.");
  return found;
}

async function findConnection(
  protocol: ProcurementProtocol,
  candidates: readonly { identity: string; domain?: string }[],
): Promise<Connection | undefined> {
  for (const { identity, domain } of candidates) {
    if (!identity) continue;
    const [connection] = await db().select().from(procurementConnections).where(identityIs(protocol, identity));
    if (connection && (!connection.domain || !domain || connection.domain.toLowerCase() === domain.toLowerCase()))
      return connection;
  }
  return undefined;
}

/** A user by e-mail with their company, for the command line. */
export async function memberByEmail(email: string) {
  const [member] = await db()
    .select({
      userId: user.id,
      email: user.email,
      companyId: companyMembers.companyId,
      companyName: companies.name,
      accountNumber: companies.accountNumber,
      onTerms: companies.onTerms,
    })
    .from(user)
    .leftJoin(companyMembers, eq(companyMembers.userId, user.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(user.email, email.trim().toLowerCase()));
  return member;
}

/** The back office's page of a company's connections: the company, its connections and the members who may place orders. */
export async function companyConnections(accountNumber: string) {
  const company = await companyByAccount(accountNumber);
  const [connections, members] = await Promise.all([
    listConnections({ companyId: company.id }),
    db()
      .select({ userId: companyMembers.userId, email: user.email, name: user.name, role: companyMembers.role })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, company.id))
      .orderBy(asc(user.email)),
  ]);
  return { company, connections, members };
}
