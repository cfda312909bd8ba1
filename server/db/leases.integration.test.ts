// Leases (server/db/leases.ts): one holder of a key at a time, waiting its turn; a dead holder's
// lease taken over once expired; let go however the work ends; a holder that does not finish in
// time leaves the next one told to try again.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { deferred } from "../../test/deferred";
import { StoreError } from "../errors";
import { type Lease, withLease } from "./leases";
import { leases } from "./schema";

const { handle } = withTestDatabase();
const db = () => handle().db;

const lease = (key: string): Lease => ({ key, busy: `${key} is busy. Try again in a moment.` });
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Work that notes when it starts and ends, and ends when `release` is called. */
function heldWork(name: string, log: string[]) {
  const released = deferred();
  const running = deferred();
  const work = async () => {
    log.push(`${name} starts`);
    running.settle();
    await released.promise;
    log.push(`${name} ends`);
    return name;
  };
  return { work, running: running.promise, release: released.settle };
}

describe("a lease", () => {
  it("lets one holder of a key work at a time, the second once the first is done; other keys side by side", async () => {
    const log: string[] = [];
    const first = heldWork("first", log);
    const second = heldWork("second", log);
    const other = heldWork("other", log);
    const firstDone = withLease(lease("order:ORD-1"), first.work);
    await first.running;
    const secondDone = withLease(lease("order:ORD-1"), second.work);
    const otherDone = withLease(lease("order:ORD-2"), other.work);
    await other.running;
    for (let wait = 0; wait < 20; wait++) await tick();
    expect(log).toEqual(["first starts", "other starts"]);
    first.release();
    other.release();
    expect(await firstDone).toBe("first");
    await second.running;
    second.release();
    expect(await Promise.all([secondDone, otherDone])).toEqual(["second", "other"]);
    expect(log.indexOf("second starts")).toBeGreaterThan(log.indexOf("first ends"));
    expect(await db().select().from(leases)).toEqual([]);
  });

  it("is let go when the work fails", async () => {
    const failing = withLease(lease("order:ORD-3"), async () => {
      throw new Error("the provider is down");
    });
    await expect(failing).rejects.toThrow("the provider is down");
    expect(await db().select().from(leases)).toEqual([]);
    expect(await withLease(lease("order:ORD-3"), async () => "next")).toBe("next");
  });

  it("is taken over once expired, its holder gone", async () => {
    await db().insert(leases).values({
      key: "order:ORD-4",
      holder: "00000000-0000-4000-8000-000000000001",
      expiresAt: sql`now() - interval '1 second'`,
    });
    expect(await withLease(lease("order:ORD-4"), async () => "taken over", 0)).toBe("taken over");
    expect(await db().select().from(leases)).toEqual([]);
  });

  it("tells the next request to try again when the holder does not finish in time, and runs nothing", async () => {
    await db().insert(leases).values({
      key: "order:ORD-5",
      holder: "00000000-0000-4000-8000-000000000002",
      expiresAt: sql`now() + interval '1 minute'`,
    });
    let ran = false;
    const refused = await withLease(
      lease("order:ORD-5"),
      async () => {
        ran = true;
      },
      100,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreError);
    expect(refused).toMatchObject({ kind: "Conflict", message: "order:ORD-5 is busy. Try again in a moment." });
    expect(ran).toBe(false);
    expect(await db().select({ holder: leases.holder }).from(leases)).toEqual([
      { holder: "00000000-0000-4000-8000-000000000002" },
    ]);
  });
});
