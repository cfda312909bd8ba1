// PostgreSQL ends one of two transactions that wait for each other (deadlock_detected, 40P01) or that
// could not be serialized (40001), and says to run it again. The writers that lock several invoices of
// a company (an invoice payment recorded, a credit memo applied) can meet so under load; run again, the
// one ended waits for the other, which has committed. Taking the company's row first in both was tried:
// it made a cycle with checkout, which takes the member's row before the company's (soak, 2026-12-02).
import { StoreError } from "../errors";
import { logger } from "../logger";

const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

function sqlState(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Runs `transaction`, and again (up to three times in all) when PostgreSQL ended it for a deadlock. */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? "")) throw error;
      logger.warn(
        { err: error, attempt },
        "a transaction was ended by PostgreSQL (deadlock or serialization) and runs again",
      );
    }
  }
}

/**
 * Whether `error` (or what caused it) is the pool's refusal after waiting `connectionTimeoutMillis`
 * (server/db/client.ts) for one of its connections: every one busy (a flood of searches answered
 * by SQL while the catalogue index is built), or the server not answering. Either way the store is
 * busy, not broken.
 */
export function waitedForConnection(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (cause.message === "timeout exceeded when trying to connect") return true;
  return false;
}

/**
 * What a call refused so is told, page or API: asked again a few seconds later, it is likely
 * answered (the other calls done, or the catalogue index built meanwhile).
 */
export const storeBusy = new StoreError(
  "Unavailable",
  "The store is busy answering other requests. Please try again in a few seconds.",
  { retryAfterSeconds: 5 },
);
