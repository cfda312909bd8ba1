// PostgreSQL ends one of two transactions that wait for each other (deadlock_detected, 40P01) or that
// could not be serialized (40001), and says to run it again. The writers of a company's invoice
// balances take the company's lock first (lockedGrant in server/terms/account-terms.ts), so they
// should never meet so; this is the net for a lock cycle nobody foresaw, and it says so in the log.
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
