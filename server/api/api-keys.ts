// A company's API keys (docs/decisions/api.md): the company admin makes one with the scopes it may
// use (shown once, kept as its SHA-256), sees when each was last used, and revokes it; each change
// is in the audit log. A call to the API is answered for the key's company, as the admin who made
// the key, within the key's scopes and what that admin may do now.
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type ApiScope, apiScopes, roleMayUse, scopePermissions } from "../../domain/companies/api-keys";
import { callCounts } from "../accounts/call-counts";
import type { Limit } from "../accounts/rate-limit";
import { recordAudit } from "../admin/audit";
import { type Buyer, buyerCan, buyerNow, buyerOf, requirePermission } from "../companies/buyer";
import { db, type Transaction } from "../db/client";
import { companyApiKeys, user } from "../db/schema";
import { StoreError } from "../errors";
import { generateApiKey, prefixOf, verifyApiKey } from "./key";

export const apiKeyNotFound = "That API key does not exist.";
export const missingKeyMessage =
  "Send your company's API key in the Authorization header: Authorization: Bearer cis_… (a company admin creates keys at /account/company/api-keys).";
// One answer for a key that is not one, a revoked key, and a key whose maker may no longer make keys:
// whoever holds a key learns nothing from it about what it was.
export const invalidKeyMessage = "This API key is not valid. Check that it was copied whole, or create a new one.";

/** How often a key's "last used" is written: one write a minute is enough to read "in use today". */
const LAST_USED_EVERY_MS = 60_000;

/** Calls a key may make: ten a second on average, counted per minute, for every process together. */
export const apiKeyLimit: Limit = { max: 600, windowMs: 60_000 };

/** The key page: the company's keys, newest first, revoked ones too (they are the record). */
export async function apiKeysPage(buyer: Buyer) {
  const { companyId } = requirePermission(buyer, "manageApiKeys");
  const creator = alias(user, "creator");
  const revoker = alias(user, "revoker");
  const keys = await db()
    .select({
      id: companyApiKeys.id,
      name: companyApiKeys.name,
      prefix: companyApiKeys.prefix,
      scopes: companyApiKeys.scopes,
      createdAt: companyApiKeys.createdAt,
      createdBy: creator.email,
      lastUsedAt: companyApiKeys.lastUsedAt,
      revokedAt: companyApiKeys.revokedAt,
      revokedBy: revoker.email,
    })
    .from(companyApiKeys)
    .leftJoin(creator, eq(creator.id, companyApiKeys.createdBy))
    .leftJoin(revoker, eq(revoker.id, companyApiKeys.revokedBy))
    .where(eq(companyApiKeys.companyId, companyId))
    .orderBy(desc(companyApiKeys.createdAt), desc(companyApiKeys.id));
  return { keys, grantable: apiScopes.filter((scope) => makerMayUse(buyer, scope)) };
}

/** Whether the key's maker, as they are now, may do what `scope` lets a key do (nothing, out of a company). */
export const makerMayUse = (maker: Buyer, scope: ApiScope): boolean =>
  maker.role !== null && maker.company !== null && roleMayUse(maker.role, scope);

export interface NewKey {
  name: string;
  /** What the key may do: each must be something its maker may do (Forbidden otherwise). */
  scopes: readonly ApiScope[];
}

/** Makes a key for the admin's company; the whole key is in the answer and nowhere else, ever. */
export function createApiKey(buyer: Buyer, { name, scopes }: NewKey, now = new Date()) {
  const { userId } = buyer;
  return db().transaction(async (tx) => {
    const maker = await buyerNow(tx, buyer);
    const { companyId } = requirePermission(maker, "manageApiKeys");
    for (const scope of scopes) {
      const permission = scopePermissions[scope];
      if (permission) requirePermission(maker, permission);
    }
    const { key, prefix, hash } = generateApiKey();
    const [row] = await tx
      .insert(companyApiKeys)
      .values({ companyId, name, prefix, secretHash: hash, scopes: [...scopes], createdBy: userId, createdAt: now })
      .returning({ id: companyApiKeys.id });
    if (!row) throw new Error("The API key row was not written.");
    await recordAudit(tx, {
      adminId: userId,
      action: "create_api_key",
      entity: "company",
      entityId: companyId,
      before: null,
      after: { keyId: row.id, name, prefix, scopes },
    });
    return { id: row.id, name, prefix, scopes, key };
  });
}

/** Revokes one of the admin's company's keys; any other id (another company's, made up, revoked) is NotFound. */
export function revokeApiKey(buyer: Buyer, keyId: string, now = new Date()) {
  const { userId } = buyer;
  return db().transaction(async (tx) => {
    const { companyId } = requirePermission(await buyerNow(tx, buyer), "manageApiKeys");
    const [revoked] = z.uuid().safeParse(keyId).success
      ? await tx
          .update(companyApiKeys)
          .set({ revokedAt: now, revokedBy: userId })
          .where(
            and(
              eq(companyApiKeys.id, keyId),
              eq(companyApiKeys.companyId, companyId),
              isNull(companyApiKeys.revokedAt),
            ),
          )
          .returning({ name: companyApiKeys.name, prefix: companyApiKeys.prefix })
      : [];
    if (!revoked) throw new StoreError("NotFound", apiKeyNotFound);
    await recordAudit(tx, {
      adminId: userId,
      action: "revoke_api_key",
      entity: "company",
      entityId: companyId,
      before: { keyId, ...revoked, revoked: false },
      after: { keyId, ...revoked, revoked: true },
    });
    return revoked;
  });
}

/**
 * Revokes the keys `makerId` made for the company, once they may no longer make keys there
 * (removed, made another role, gone to another company, deleting their account): a key does not
 * outlive its maker's authority, and does not come back if they return. `by` made the change.
 */
export async function revokeKeysOf(
  tx: Transaction,
  { makerId, companyId, by }: Record<"makerId" | "companyId" | "by", string>,
  now = new Date(),
) {
  const revoked = await tx
    .update(companyApiKeys)
    .set({ revokedAt: now, revokedBy: by })
    .where(
      and(
        eq(companyApiKeys.companyId, companyId),
        eq(companyApiKeys.createdBy, makerId),
        isNull(companyApiKeys.revokedAt),
      ),
    )
    .returning({ keyId: companyApiKeys.id, name: companyApiKeys.name, prefix: companyApiKeys.prefix });
  for (const key of revoked)
    await recordAudit(tx, {
      adminId: by,
      action: "revoke_api_key",
      entity: "company",
      entityId: companyId,
      before: { ...key, revoked: false },
      after: { ...key, revoked: true, makerLeft: makerId },
    });
}

/** Who is calling the API: the key, its company, and the member it acts as (the admin who made it). */
export interface ApiCaller {
  keyId: string;
  companyId: string;
  userId: string;
  /** What the key was made to do; each call checks its endpoint's scope here and against `buyer`. */
  scopes: readonly ApiScope[];
  /** The member the key acts as, resolved for this request as a session's buyer is. */
  buyer: Buyer;
}

/**
 * The caller of a request with `Authorization: Bearer <key>`. Unauthorized (with what to do) for no
 * key, a key that is not one, a revoked key, and a key whose maker is no longer its company's admin;
 * TooManyRequests past the key's limit (apiKeyLimit).
 */
export async function authenticateApiKey(key: string | null, now = new Date()): Promise<ApiCaller> {
  // null: no Authorization header at all; any other text that is not a key of ours is not valid.
  if (key === null) throw new StoreError("Unauthorized", missingKeyMessage);
  const prefix = prefixOf(key);
  const candidates = prefix
    ? await db()
        .select({
          id: companyApiKeys.id,
          companyId: companyApiKeys.companyId,
          secretHash: companyApiKeys.secretHash,
          revokedAt: companyApiKeys.revokedAt,
          createdBy: companyApiKeys.createdBy,
          scopes: companyApiKeys.scopes,
        })
        .from(companyApiKeys)
        .where(eq(companyApiKeys.prefix, prefix))
    : [];
  const found = candidates.find((candidate) => verifyApiKey(key, candidate.secretHash));
  // A key acts as a company admin who made it, and as nothing less: never as its maker's later role.
  const buyer = found?.createdBy ? await buyerOf(found.createdBy) : null;
  if (!found || found.revokedAt || !buyer || buyer.company?.id !== found.companyId || !buyerCan(buyer, "manageApiKeys"))
    throw new StoreError("Unauthorized", invalidKeyMessage);
  await callCounts.count(`api:${found.id}`, apiKeyLimit, "Too many requests with this API key.", now.getTime());
  await db()
    .update(companyApiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(companyApiKeys.id, found.id),
        or(
          isNull(companyApiKeys.lastUsedAt),
          lt(companyApiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
        ),
      ),
    );
  return { keyId: found.id, companyId: found.companyId, userId: buyer.userId, scopes: found.scopes, buyer };
}
