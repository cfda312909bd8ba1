// The background job queue (docs/decisions/job-queue.md), built as the mail queue is: a job is a row
// of `jobs` written in the caller's transaction, so it exists exactly when what asked for it
// committed; a worker loop in every server process claims due jobs with FOR UPDATE SKIP LOCKED,
// leases them, runs their handler, and on failure reschedules with backoff until the job's cap,
// when it is marked failed for the operator to see.
import { sql } from "drizzle-orm";
import { LEASE_MS, retryDelayMs, startWokenLoop } from "../background-work";
import { type Database, db } from "../db/client";
import { jobs } from "../db/schema";
import { announce } from "../events";
import { logger } from "../logger";

const BATCH = 10;

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
}

/** Runs one job; throwing retries it later (or fails it at its cap). */
export type JobHandler = (job: ClaimedJob) => Promise<void>;

/** A failure no retry can mend (what the job was for is gone): the job is failed at once. */
export class PermanentJobError extends Error {}

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Once each: a job with this key already queued (or done, or failed) makes this a no-op. */
  uniqueKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Queues a job, inside the caller's transaction when given one, so it runs only if that commits.
 * Returns false when a job with the same unique key was queued before.
 */
export async function enqueueJob(job: NewJob, executor: Database = db()): Promise<boolean> {
  const inserted = await executor
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      uniqueKey: job.uniqueKey ?? null,
      // Due now by the same (millisecond) clock the worker compares against.
      runAt: job.runAt ?? new Date(),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  // As queueMail does: a wake-up that comes before the caller's commit finds nothing, and the next
  // poll runs the job.
  if (inserted.length > 0) announce("jobQueued", {});
  return inserted.length > 0;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2_000);

/**
 * Claims the due jobs of the handled kinds (safe with several processes) and runs each once.
 * Jobs whose lease ran out after their last attempt (their process died) are failed first.
 * Returns how many succeeded.
 */
export async function runDueJobs(handlers: Readonly<Record<string, JobHandler>>, now = new Date()): Promise<number> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 0;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  await db().execute(sql`
    update ${jobs}
    set failed_at = ${now}, leased_until = null,
      last_error = coalesce(last_error || ' ', '') || 'The last attempt did not finish (its process stopped).'
    where done_at is null and failed_at is null and attempts >= max_attempts and leased_until <= ${now}`);
  const claimed = await db().execute<{
    id: string;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }>(sql`
    update ${jobs}
    set attempts = attempts + 1, leased_until = ${new Date(now.getTime() + LEASE_MS)}
    where id in (
      select id from ${jobs}
      where done_at is null and failed_at is null and attempts < max_attempts and kind in (${kindList})
        and run_at <= ${now} and (leased_until is null or leased_until <= ${now})
      order by run_at
      limit ${BATCH}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`);
  let succeeded = 0;
  for (const row of claimed.rows) {
    const { max_attempts: maxAttempts, ...rest } = row;
    const job: ClaimedJob = { ...rest, maxAttempts };
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`No handler for jobs of kind ${job.kind}.`);
      await handler(job);
      await db().execute(
        sql`update ${jobs} set done_at = ${new Date()}, leased_until = null, last_error = null where id = ${job.id}`,
      );
      succeeded++;
    } catch (error) {
      const last = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryAt = new Date(now.getTime() + retryDelayMs(job.attempts));
      await db().execute(
        last
          ? sql`update ${jobs} set failed_at = ${new Date()}, leased_until = null, last_error = ${reason(error)} where id = ${job.id}`
          : sql`update ${jobs} set run_at = ${retryAt}, leased_until = null, last_error = ${reason(error)} where id = ${job.id}`,
      );
      const log = { job: job.id, kind: job.kind, attempts: job.attempts, reason: reason(error) };
      if (last) logger.error(log, "job failed; it will not be tried again");
      else logger.warn({ ...log, retryAt }, "job failed; will retry");
    }
  }
  return succeeded;
}

/** Runs due jobs now, whenever one is queued, and every few seconds for retries; returns the stop. */
export const startJobWorker = (handlers: Readonly<Record<string, JobHandler>>, intervalMs = 5_000) =>
  startWokenLoop("jobQueued", () => runDueJobs(handlers), "the job worker", intervalMs);
