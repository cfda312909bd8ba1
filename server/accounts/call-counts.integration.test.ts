import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { rateLimit } from "../db/schema";
import { StoreError } from "../errors";
import { CallCounter } from "./call-counts";

const { handle } = withTestDatabase();

const limit = { max: 5, windowMs: 60_000 };
const message = "Too many calls.";

async function counted(id: string) {
  const [row] = await handle().db.select().from(rateLimit).where(eq(rateLimit.key, id));
  return row?.count;
}

async function refusal(call: Promise<void>): Promise<StoreError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof StoreError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("calls counted in memory and added to the database's counts", () => {
  it("answers a caller's calls up to the limit and refuses the next with the wait", async () => {
    const counter = new CallCounter();
    for (let i = 0; i < limit.max; i++) await counter.count("calls:a", limit, message);
    const refused = await refusal(counter.count("calls:a", limit, message));
    expect(refused.kind).toBe("TooManyRequests");
    expect(refused.message).toMatch(/^Too many calls\. Please wait (59|60) seconds and try again\.$/);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    await counter.count("calls:b", limit, message);
  });

  it("counts a window's first call in the database before answering it, the others when settled", async () => {
    const counter = new CallCounter();
    await counter.count("calls:c", limit, message);
    expect(await counted("calls:c")).toBe(1);
    await counter.count("calls:c", limit, message);
    await counter.count("calls:c", limit, message);
    expect(await counted("calls:c")).toBe(1);
    await counter.settle();
    expect(await counted("calls:c")).toBe(3);
    // Refused calls are not counted.
    await counter.count("calls:c", limit, message);
    await counter.count("calls:c", limit, message);
    await refusal(counter.count("calls:c", limit, message));
    await counter.settle();
    expect(await counted("calls:c")).toBe(5);
  });

  it("shares the count between processes: each learns the others' calls from the database", async () => {
    const [first, second] = [new CallCounter(), new CallCounter()];
    for (let i = 0; i < 3; i++) await first.count("calls:d", limit, message);
    await first.settle();
    // The second process's first call reads the three.
    await second.count("calls:d", limit, message);
    await second.count("calls:d", limit, message);
    await refusal(second.count("calls:d", limit, message));
    await second.settle();
    expect(await counted("calls:d")).toBe(5);
    // The first has not heard of the second's two: it answers one more, then learns when settling.
    await first.count("calls:d", limit, message);
    await first.settle();
    expect(await counted("calls:d")).toBe(6);
    await refusal(first.count("calls:d", limit, message));
  });

  it("starts a caller's count again when its window has ended", async () => {
    const counter = new CallCounter();
    const start = Date.now();
    for (let i = 0; i < limit.max; i++) await counter.count("calls:e", limit, message, start);
    await refusal(counter.count("calls:e", limit, message, start + 1_000));
    await counter.count("calls:e", limit, message, start + limit.windowMs + 1);
    expect(await counted("calls:e")).toBe(1);
  });

  it("adds many callers' calls in one settling, each to its own count", async () => {
    const counter = new CallCounter();
    const ids = Array.from({ length: 30 }, (_, i) => `calls:many:${i}`);
    for (const [i, id] of ids.entries())
      for (let call = 0; call <= i % limit.max; call++) await counter.count(id, limit, message);
    await counter.settle();
    for (const [i, id] of ids.entries()) expect(await counted(id)).toBe((i % limit.max) + 1);
  });
});
