// What the store's two durable queues (mail: server/mail/mailer.ts; jobs: server/jobs/queue.ts) share:
// how long a claimed row is one process's, how long a failure waits before the next attempt, and the
// loop that works them when woken by an announcement and every few seconds for retries.
import { onStoreEvent, type StoreEventName } from "./events";
import { logger } from "./logger";

/** How long a claimed row is one process's: a process that dies mid-work leaves it to another after this. */
export const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** 10 s, 20 s, 40 s ... up to an hour before the next attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Runs `work` now, whenever `wakeOn` is announced, and every `intervalMs` besides, one run at a time;
 * a run that fails is logged as `what` failed. Returns the stop.
 */
export function startWokenLoop(
  wakeOn: StoreEventName,
  work: () => Promise<unknown>,
  what: string,
  intervalMs: number,
): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(work).catch((error) => logger.error({ err: error }, `${what} failed`));
  };
  const stopWaking = onStoreEvent(wakeOn, run);
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => {
    clearInterval(timer);
    stopWaking();
  };
}
