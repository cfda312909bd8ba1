// A background duty's heartbeat: the work runs now and then every `intervalMs`, one run at a time
// (a slow run delays the next rather than overlapping it), and a failure is logged, not thrown, so
// the next run still comes.
import { logger } from "./logger";

/** Starts running `work`; returns the function that stops it. `what` names it in the log. */
export function runEvery(intervalMs: number, what: string, work: () => Promise<unknown>): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => work()).catch((error) => logger.error({ err: error }, `${what} failed`));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
