// Limits on calls that come many a second (the catalogue API's, per address and per key): counted
// in this process's memory and added to the `rate_limit` table in batches, so that a call does not
// wait for the database. `countUse` (rate-limit.ts) counts each use in the database before
// answering: right for the account forms, a few uses an hour, but a catalogue call answered in a
// few milliseconds from the index spent 1-2 of them counting itself (docs/decisions/catalogue-api.md).
//
// Every process still sees every process's calls: an id's first call in a window is counted in
// the database before it is answered (so a process learns what the others counted), and the
// calls after it are added there within SETTLE_MS, each process learning the total as it does.
// A caller spreading calls over several processes may get through a few more than the limit: the
// calls the others answered in the last SETTLE_MS.
import { type Database, db } from "../db/client";
import { logger } from "../logger";
import { addUsesInBatches, type CountedUses, type Limit, tooMany } from "./rate-limit";

/** How long calls wait here before they are added to the database's counts. */
const SETTLE_MS = 200;

interface Count {
  windowMs: number;
  /** When the window began (epoch ms), as the database has it. */
  windowStart: number;
  /** The window's calls as the database counted them, every process's, when last asked. */
  counted: number;
  /** Calls answered here since, not yet added to the database. */
  pending: number;
  /** Calls being added to the database right now. */
  sending: number;
}

/** Counts of calls by id; `callCounts` is the process's. */
export class CallCounter {
  private readonly counts = new Map<string, Count>();
  // The database the counts were counted in: another one (a test's own) starts them again.
  private database: Database | undefined;
  private timer: NodeJS.Timeout | undefined;
  private settling: Promise<void> | undefined;

  /** Counts one call of `id` under `limit`; throws TooManyRequests, with the wait, past its max. */
  async count(id: string, { max, windowMs }: Limit, message: string, now = Date.now()): Promise<void> {
    this.countingIn(db());
    let count = this.counts.get(id);
    if (!count || now >= count.windowStart + count.windowMs) {
      // The first call of a window here: counted in the database, which knows the others' calls.
      const [row] = await addUsesInBatches(new Map([[id, 1]]), windowMs, now);
      count = this.counts.get(id) ?? { windowMs, windowStart: now, counted: 0, pending: 0, sending: 0 };
      // Calls of the window before that are not added yet no longer count.
      count.pending = 0;
      if (row) learn(count, row);
      this.counts.set(id, count);
      if (count.counted > max) throw tooMany(count.windowStart + windowMs - now, message);
      return;
    }
    if (count.counted + count.sending + count.pending + 1 > max)
      throw tooMany(count.windowStart + count.windowMs - now, message);
    count.pending += 1;
    this.timer ??= setTimeout(() => this.settleSoon(), SETTLE_MS).unref();
  }

  /** Adds the calls answered here to the database's counts now, after any adding already under way. */
  async settle(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const settled = (this.settling ?? Promise.resolve()).catch(() => {}).then(() => this.send());
    this.settling = settled;
    try {
      await settled;
    } finally {
      if (this.settling === settled) this.settling = undefined;
    }
  }

  private countingIn(database: Database) {
    if (database === this.database) return;
    this.database = database;
    this.counts.clear();
  }

  private settleSoon() {
    this.settle().catch((error: unknown) =>
      logger.warn({ err: error }, "could not add the API's calls to their counts; they are added with the next ones"),
    );
  }

  private async send() {
    this.countingIn(db());
    const now = Date.now();
    const byWindow = new Map<number, Map<string, number>>();
    for (const [id, count] of this.counts) {
      if (count.pending > 0) {
        const added = byWindow.get(count.windowMs) ?? new Map<string, number>();
        byWindow.set(count.windowMs, added.set(id, count.pending));
        count.sending = count.pending;
        count.pending = 0;
      } else if (now >= count.windowStart + count.windowMs) this.counts.delete(id);
    }
    try {
      for (const [windowMs, added] of byWindow)
        for (const row of await addUsesInBatches(added, windowMs, now)) {
          const count = this.counts.get(row.key);
          if (count) {
            learn(count, row);
            count.sending = 0;
          }
        }
    } finally {
      // What the database did not take is added with the next calls' counts.
      let left = false;
      for (const count of this.counts.values()) {
        count.pending += count.sending;
        count.sending = 0;
        left ||= count.pending > 0;
      }
      if (left) this.timer ??= setTimeout(() => this.settleSoon(), SETTLE_MS).unref();
    }
  }
}

/** The database's count of the window, which includes whatever this process sent it. */
function learn(count: Count, row: CountedUses) {
  count.windowStart = row.windowStart;
  count.counted = row.count;
}

/** This process's counts of the catalogue API's calls, by address and by key. */
export const callCounts = new CallCounter();
