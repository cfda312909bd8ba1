// Slows brute force on the account forms: a fixed window per key (address or e-mail), counted
// in the database so every process sees the same count.
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { StoreError } from "../errors";

export interface Limit {
  max: number;
  windowMs: number;
}

const minutes = (n: number) => n * 60_000;

// An address may be a whole office behind one router, so it gets more room than one e-mail.
export const accountLimits = {
  signIn: { email: { max: 10, windowMs: minutes(15) }, address: { max: 100, windowMs: minutes(15) } },
  signUp: { email: { max: 5, windowMs: minutes(60) }, address: { max: 30, windowMs: minutes(60) } },
  passwordReset: { email: { max: 5, windowMs: minutes(60) }, address: { max: 30, windowMs: minutes(60) } },
} satisfies Record<string, { email: Limit; address: Limit }>;

/** Counts one attempt for the e-mail and the address; throws TooManyRequests when either is over. */
export async function takeAttempt(
  action: keyof typeof accountLimits,
  who: { email: string; address: string },
  now = Date.now(),
) {
  for (const kind of ["email", "address"] as const) {
    const { max, windowMs } = accountLimits[action][kind];
    const id = `form:${action}:${kind}:${who[kind].toLowerCase()}`;
    const result = await db().execute<{ count: number }>(sql`
      insert into rate_limit (id, key, count, last_request) values (${id}, ${id}, 1, ${now})
      on conflict (key) do update set
        count = case when rate_limit.last_request < ${now - windowMs} then 1 else rate_limit.count + 1 end,
        last_request = case when rate_limit.last_request < ${now - windowMs} then ${now} else rate_limit.last_request end
      returning count`);
    if ((result.rows[0]?.count ?? 0) > max) {
      const minutes = Math.ceil(windowMs / 60_000);
      throw new StoreError("TooManyRequests", `Too many attempts. Please wait ${minutes} minutes and try again.`);
    }
  }
}
