// Slows abuse of the account forms, counted in the database so every process sees the same
// count. Sign-in slows down with each failure instead of locking anyone out
// (docs/decisions/sign-in-delays.md); sign-up and the e-mails the store sends on request have a
// fixed budget per e-mail and per address. The catalogue API's calls are counted in the same
// table, in batches (call-counts.ts).
import { eq, inArray, sql } from "drizzle-orm";
import { limitedAddress } from "../client-address";
import { config } from "../config";
import { db } from "../db/client";
import { rateLimit } from "../db/schema";
import { StoreError } from "../errors";

export interface Limit {
  max: number;
  windowMs: number;
}

const seconds = (n: number) => n * 1000;
const minutes = (n: number) => n * 60_000;

// An address may be a whole office behind one router, so it gets more room than one e-mail (for
// sign-ups as much as the operator sets: SIGN_UPS_PER_ADDRESS).
const accountLimits = () =>
  ({
    signUp: {
      email: { max: 5, windowMs: minutes(60) },
      address: { max: config().SIGN_UPS_PER_ADDRESS, windowMs: minutes(60) },
    },
    passwordReset: { email: { max: 5, windowMs: minutes(60) }, address: { max: 30, windowMs: minutes(60) } },
    confirmationMail: { email: { max: 5, windowMs: minutes(60) }, address: { max: 30, windowMs: minutes(60) } },
  }) satisfies Record<string, { email: Limit; address: Limit }>;

type Who = { email: string; address: string };
const kinds = ["email", "address"] as const;
/** What a limit counts: the e-mail in lower case, the address by its network (an IPv6 /64). */
const counted = (who: Who, kind: (typeof kinds)[number]) =>
  kind === "email" ? who.email.toLowerCase() : limitedAddress(who.address);

/** "45 seconds", "1 minute", "15 minutes": how long to wait, rounded up. */
export function waitText(ms: number): string {
  const [amount, unit] = ms <= 90_000 ? [Math.ceil(ms / 1000), "second"] : [Math.ceil(ms / 60_000), "minute"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

export function tooMany(waitMs: number, message = "Too many attempts."): StoreError {
  return new StoreError("TooManyRequests", `${message} Please wait ${waitText(waitMs)} and try again.`, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

/** A count's row: its uses in the window, and when that window began (epoch ms). */
export interface CountedUses {
  key: string;
  count: number;
  windowStart: number;
}

/**
 * Adds `uses` to each id's count in a fixed window of `windowMs` from its first use, in one
 * statement, and returns the counts after. The counts are committed without waiting for the disk
 * (`synchronous_commit` off for this statement's own transaction): every catalogue API call is
 * counted, and a count lost in a crash costs nothing.
 */
async function addUses(added: ReadonlyMap<string, number>, windowMs: number, now: number): Promise<CountedUses[]> {
  const ids = [...added.keys()];
  const array = (values: (string | number)[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const statement = sql`
    insert into rate_limit (id, key, count, last_request)
    select added.key, added.key, added.uses, ${now}
    from unnest(array[${array(ids)}]::text[], array[${array(ids.map((id) => added.get(id) ?? 0))}]::int[]) as added(key, uses),
      (select set_config('synchronous_commit', 'off', true)) as unhurried
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${now - windowMs} then excluded.count else rate_limit.count + excluded.count end,
      last_request = case when rate_limit.last_request < ${now - windowMs} then ${now} else rate_limit.last_request end
    returning key, count, last_request`;
  const run = () => db().execute<{ key: string; count: number; last_request: number }>(statement);
  const result = await run().catch((error: unknown) => {
    // better-auth's table keeps the same text unique twice (id and key) and ON CONFLICT arbitrates
    // one: two first uses at once can meet on the other. The row exists then; count again.
    if (isUniqueViolation(error)) return run();
    throw error;
  });
  return result.rows.map((row) => ({ key: row.key, count: Number(row.count), windowStart: Number(row.last_request) }));
}

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && ((error as Error & { code?: string }).code === "23505" || isUniqueViolation(error.cause));

// Two parameters an id: well within PostgreSQL's 65,535.
const USES_PER_STATEMENT = 1_000;

/** Adds `uses` to each id's count in the database (see addUses), a thousand ids a statement at most. */
export async function addUsesInBatches(added: ReadonlyMap<string, number>, windowMs: number, now: number) {
  const entries = [...added];
  const counted: CountedUses[] = [];
  for (let start = 0; start < entries.length; start += USES_PER_STATEMENT)
    counted.push(...(await addUses(new Map(entries.slice(start, start + USES_PER_STATEMENT)), windowMs, now)));
  return counted;
}

/**
 * Counts one use of `id` in a fixed window of `limit.windowMs` from its first use; throws
 * TooManyRequests (with the wait) past `limit.max`. One statement, so every process counts alike.
 */
export async function countUse(id: string, { max, windowMs }: Limit, now = Date.now(), message?: string) {
  const [row] = await addUses(new Map([[id, 1]]), windowMs, now);
  if (row && row.count > max) throw tooMany(row.windowStart + windowMs - now, message);
}

/** Counts one attempt for the e-mail and the address; throws TooManyRequests when either is over. */
export async function takeAttempt(action: keyof ReturnType<typeof accountLimits>, who: Who, now = Date.now()) {
  for (const kind of kinds) {
    await countUse(`form:${action}:${kind}:${counted(who, kind)}`, accountLimits()[action][kind], now);
  }
}

export interface Delay {
  /** Failures that cost nothing. */
  free: number;
  /** The wait after the first failure beyond them; each further failure doubles it... */
  firstWaitMs: number;
  /** ...up to this. */
  maxWaitMs: number;
}

/**
 * Sign-in failures, per account and per address. An account's wait is capped low, since anyone
 * may fail on purpose against a known e-mail (the admin's); an address gets more free failures
 * (an office behind one router) and a longer cap (one machine guessing at many accounts).
 * Failures are forgotten after an hour without an attempt.
 */
export const signInDelays = {
  email: { free: 5, firstWaitMs: seconds(1), maxWaitMs: minutes(5) },
  address: { free: 50, firstWaitMs: seconds(1), maxWaitMs: minutes(15) },
} satisfies Record<(typeof kinds)[number], Delay>;
export const FORGET_FAILURES_MS = minutes(60);

/** How long after the last attempt the next one may be checked, given the failures so far. */
export function waitAfterFailures(failures: number, { free, firstWaitMs, maxWaitMs }: Delay): number {
  if (failures < free) return 0;
  return Math.min(maxWaitMs, firstWaitMs * 2 ** (failures - free));
}

const signInKey = (kind: (typeof kinds)[number], who: Who) => `signIn:${kind}:${counted(who, kind)}`;

/**
 * Claims a sign-in attempt (a password or a two-factor code) for the e-mail and the address.
 * Throws TooManyRequests, with the wait, while either still waits after earlier failures;
 * otherwise the attempt counts as a failure until `forgiveSignInAttempt` says it was not one.
 * The rows are locked while deciding, so attempts sent at once take their turns one by one.
 */
export async function claimSignInAttempt(who: Who, now = Date.now()): Promise<void> {
  const keys = kinds.map((kind) => signInKey(kind, who));
  await db().transaction(async (tx) => {
    await tx
      .insert(rateLimit)
      .values(keys.map((key) => ({ id: key, key, count: 0, lastRequest: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(rateLimit)
      .where(inArray(rateLimit.key, keys))
      .orderBy(rateLimit.key)
      .for("update");
    let waitMs = 0;
    for (const kind of kinds) {
      const row = rows.find((r) => r.key === signInKey(kind, who));
      if (!row || now - row.lastRequest > FORGET_FAILURES_MS) continue;
      waitMs = Math.max(waitMs, row.lastRequest + waitAfterFailures(row.count, signInDelays[kind]) - now);
    }
    if (waitMs > 0) throw tooMany(waitMs, "Too many failed sign-ins.");
    await tx
      .update(rateLimit)
      .set({
        count: sql`case when ${rateLimit.lastRequest} < ${now - FORGET_FAILURES_MS} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: now,
      })
      .where(inArray(rateLimit.key, keys));
  });
}

/**
 * The claimed attempt was not a failure: the password was right. Once the sign-in is complete
 * (`signedIn`), the account's failures are forgotten too; the address keeps its own, so one
 * account of an attacker's cannot wash an address clean.
 */
export async function forgiveSignInAttempt(who: Who, { signedIn }: { signedIn: boolean }): Promise<void> {
  const email = signInKey("email", who);
  const address = signInKey("address", who);
  await db()
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(inArray(rateLimit.key, signedIn ? [address] : [email, address]));
  if (signedIn) await db().update(rateLimit).set({ count: 0 }).where(eq(rateLimit.key, email));
}
