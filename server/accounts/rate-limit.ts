// Slows brute force on the account forms: a fixed window per key (address or e-mail), counted
// in the database so every process sees the same count.
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { StoreError } from "../errors";

export interface Limit {
  max: number;
  windowMs: number;
}

export const accountLimits = {
  signIn: { max: 10, windowMs: 15 * 60_000 },
  signUp: { max: 5, windowMs: 60 * 60_000 },
  passwordReset: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts one attempt for each key; throws TooManyRequests when any key is over its limit. */
export async function takeAttempt(action: keyof typeof accountLimits, keys: string[], now = Date.now()) {
  const { max, windowMs } = accountLimits[action];
  for (const key of keys) {
    const id = `form:${action}:${key.toLowerCase()}`;
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
