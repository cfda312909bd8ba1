// Asking for a password reset link: limited per e-mail and per address, and answered in the same
// time whether or not the address has an account, so neither the answer nor its speed tells.
import { setTimeout as sleep } from "node:timers/promises";
import { auth } from "./auth";
import { takeAttempt } from "./rate-limit";

/**
 * Longer than the slower path (an account: a token written and a mail queued) takes; the other
 * path (no account: one lookup) waits out the rest. better-auth pads its own confirmation
 * re-send the same way.
 */
export const RESET_REQUEST_MS = 500;

/** Queues a reset link if the e-mail has an account; throws TooManyRequests past the limits. */
export async function requestPasswordReset(
  { email, address }: { email: string; address: string },
  { minimumMs = RESET_REQUEST_MS }: { minimumMs?: number } = {},
): Promise<void> {
  const started = performance.now();
  try {
    await takeAttempt("passwordReset", { email, address });
    await auth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" } });
  } finally {
    // A timer may fire a fraction of a millisecond early: wait until the minimum has truly passed.
    for (let left = minimumMs; left > 0; left = started + minimumMs - performance.now()) await sleep(left);
  }
}
