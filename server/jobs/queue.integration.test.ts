// The job queue on the test database (PGlite, or PostgreSQL with TEST_DRIVER=postgres): a job runs
// once it is due, only if its transaction committed, once each by its key; a failure is retried after
// its backoff, a lease that ran out lets another worker take it, and at its cap it is failed.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { LEASE_MS, retryDelayMs } from "../background-work";
import { db } from "../db/client";
import { jobs } from "../db/schema";
import { type ClaimedJob, enqueueJob, PermanentJobError, runDueJobs } from "./queue";

withTestDatabase();

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const jobRow = async (uniqueKey: string) => {
  const [row] = await db().select().from(jobs).where(eq(jobs.uniqueKey, uniqueKey));
  if (!row) throw new Error(`No job ${uniqueKey}.`);
  return row;
};

describe("the job queue", () => {
  let ran: ClaimedJob[];
  const record = async (job: ClaimedJob) => {
    ran.push(job);
  };
  beforeEach(async () => {
    ran = [];
    await db().delete(jobs);
  });

  it("runs a due job once, with its payload, and marks it done", async () => {
    expect(await enqueueJob({ kind: "test", payload: { n: 1 }, uniqueKey: "claim" })).toBe(true);
    const now = later(new Date(), 1);
    expect(await runDueJobs({ test: record }, now)).toBe(1);
    expect(await runDueJobs({ test: record }, now)).toBe(0);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ kind: "test", payload: { n: 1 }, attempts: 1, maxAttempts: 10 });
    const row = await jobRow("claim");
    expect(row.doneAt).not.toBeNull();
    expect(row.leasedUntil).toBeNull();
  });

  it("waits for a job's time, and leaves kinds it has no handler for to others", async () => {
    const now = new Date();
    await enqueueJob({ kind: "test", payload: {}, uniqueKey: "later", runAt: later(now, 60_000) });
    await enqueueJob({ kind: "other", payload: {}, uniqueKey: "other" });
    expect(await runDueJobs({ test: record }, later(now, 1_000))).toBe(0);
    expect((await jobRow("other")).attempts).toBe(0);
    expect(await runDueJobs({ test: record }, later(now, 60_001))).toBe(1);
  });

  it("queues a job only if the caller's transaction commits", async () => {
    await db()
      .transaction(async (tx) => {
        await enqueueJob({ kind: "test", payload: {}, uniqueKey: "rolled-back" }, tx);
        throw new Error("the caller's write failed");
      })
      .catch(() => {});
    expect(await db().select().from(jobs).where(eq(jobs.uniqueKey, "rolled-back"))).toEqual([]);
  });

  it("queues a job with a key once, even after it ran", async () => {
    expect(await enqueueJob({ kind: "test", payload: { n: 1 }, uniqueKey: "once" })).toBe(true);
    expect(await enqueueJob({ kind: "test", payload: { n: 2 }, uniqueKey: "once" })).toBe(false);
    await runDueJobs({ test: record }, later(new Date(), 1));
    expect(await enqueueJob({ kind: "test", payload: { n: 3 }, uniqueKey: "once" })).toBe(false);
    expect(ran.map((job) => job.payload)).toEqual([{ n: 1 }]);
    const [count] = await db().select({ n: sql<number>`count(*)::int` }).from(jobs);
    expect(count?.n).toBe(1);
  });

  it("retries a failed job after its backoff, keeping the error, then succeeds", async () => {
    await enqueueJob({ kind: "test", payload: {}, uniqueKey: "retry" });
    let fail = true;
    const flaky = async (job: ClaimedJob) => {
      ran.push(job);
      if (fail) throw new Error("the buyer's system answered HTTP 500");
    };
    const now = later(new Date(), 1);
    expect(await runDueJobs({ test: flaky }, now)).toBe(0);
    const failed = await jobRow("retry");
    expect(failed).toMatchObject({ attempts: 1, lastError: "the buyer's system answered HTTP 500", doneAt: null });
    expect(failed.runAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    expect(retryDelayMs(1)).toBe(10_000);
    expect(retryDelayMs(2)).toBe(20_000);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
    // Not before its time.
    expect(await runDueJobs({ test: flaky }, later(now, 9_999))).toBe(0);
    fail = false;
    expect(await runDueJobs({ test: flaky }, later(now, 10_000))).toBe(1);
    expect(ran.map((job) => job.attempts)).toEqual([1, 2]);
    expect(await jobRow("retry")).toMatchObject({ attempts: 2, lastError: null });
  });

  it("gives a leased job to another worker only once its lease has run out (its process died)", async () => {
    await enqueueJob({ kind: "test", payload: {}, uniqueKey: "lease" });
    const now = later(new Date(), 1);
    // A worker claims it and dies before finishing: the claim stands, the job is never marked.
    await db().execute(
      sql`update ${jobs} set attempts = 1, leased_until = ${later(now, LEASE_MS)} where unique_key = 'lease'`,
    );
    expect(await runDueJobs({ test: record }, later(now, 60_000))).toBe(0);
    expect(await runDueJobs({ test: record }, later(now, LEASE_MS))).toBe(1);
    expect(ran[0]?.attempts).toBe(2);
  });

  it("skips a job another worker holds locked while claiming", async () => {
    await enqueueJob({ kind: "test", payload: {}, uniqueKey: "locked" });
    const now = later(new Date(), 1);
    // The claim itself skips locked rows: two workers never take the same job.
    const claims = await Promise.all([runDueJobs({ test: record }, now), runDueJobs({ test: record }, now)]);
    expect(claims.sort()).toEqual([0, 1]);
    expect(ran).toHaveLength(1);
  });

  it("fails a job at its cap, and at once for a failure no retry mends", async () => {
    await enqueueJob({ kind: "test", payload: {}, uniqueKey: "cap", maxAttempts: 2 });
    await enqueueJob({ kind: "gone", payload: {}, uniqueKey: "gone" });
    const failing = async () => {
      throw new Error("timeout");
    };
    const gone = async () => {
      throw new PermanentJobError("The connection was removed.");
    };
    const now = later(new Date(), 1);
    await runDueJobs({ test: failing, gone }, now);
    expect(await jobRow("gone")).toMatchObject({ attempts: 1, lastError: "The connection was removed." });
    expect((await jobRow("gone")).failedAt).not.toBeNull();
    expect((await jobRow("cap")).failedAt).toBeNull();
    await runDueJobs({ test: failing }, later(now, 10_000));
    const capped = await jobRow("cap");
    expect(capped).toMatchObject({ attempts: 2, lastError: "timeout" });
    expect(capped.failedAt).not.toBeNull();
    expect(await runDueJobs({ test: record }, later(now, 24 * 60 * 60_000))).toBe(0);
  });

  it("fails a job whose last attempt's process died, once that lease has run out", async () => {
    await enqueueJob({ kind: "test", payload: {}, uniqueKey: "died", maxAttempts: 1 });
    const now = later(new Date(), 1);
    await db().execute(
      sql`update ${jobs} set attempts = 1, leased_until = ${later(now, LEASE_MS)} where unique_key = 'died'`,
    );
    expect(await runDueJobs({ test: record }, later(now, LEASE_MS))).toBe(0);
    const row = await jobRow("died");
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toBe("The last attempt did not finish (its process stopped).");
    expect(ran).toEqual([]);
  });
});
