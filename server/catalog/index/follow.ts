// Keeps this process's catalogue index current (docs/decisions/catalogue-index.md): built at
// start-up (SQL answers the catalogue until it is), then following the change log
// (catalogue_changes, written by triggers in every changing transaction) by sequence number. A
// NOTIFY from those triggers, or a store event, wakes it at once; a poll every second catches up
// whatever a process missed.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { type Database, db } from "../../db/client";
import { catalogueChanges, catalogueIndexFollowers } from "../../db/schema";
import { onStoreEvent } from "../../events";
import { logger } from "../../logger";
import type { CatalogueIndex } from "./catalogue-index";
import { answerFrom, markBehind } from "./current";
import { buildCatalogueIndex, readProducts, refreshOrders } from "./load";

/** What the change log's triggers NOTIFY on (migration 0049). */
export const CATALOGUE_CHANGES_CHANNEL = "catalogue_changes";
const POLL_MS = 1_000;
// Sequence numbers are taken when a change is written and become visible when it commits, so a
// number skipped may still commit: it is looked for again this long (a rolled-back one never comes).
const GAP_KEPT_MS = 30_000;
const MAX_GAPS = 10_000;
// More changes than this at once (an import of the whole catalogue): built again instead.
const REBUILD_OVER = 50_000;
// How far back, from the log's last number when a build starts, numbers not yet committed are
// waited for as gaps: a transaction that took one before the build may commit during it.
const IN_FLIGHT_WINDOW = 1_000;
const PRUNE_EVERY_MS = 10 * 60_000;
// A process says how far its index has taken the log in (catalogue_index_followers) when that
// moves, and at least this often while it does not: one not heard of for three times as long has
// stopped (a process stopping takes its row away; one that died leaves it).
const SAY_WHERE_MS = 5_000;
const GONE_AFTER_SECONDS = 15;

export interface CatalogueFollower {
  /** Reads the log now (a NOTIFY or an event says it grew). */
  wake: () => void;
  /** Resolves once the log has been read up to now and taken into the index. */
  catchUp: () => Promise<void>;
  /** The first build (settled also when it failed: SQL answers, and the poll builds again). */
  built: Promise<void>;
  /** Whether an index is built. */
  hasIndex: () => boolean;
  /** Stops following, and takes away the word of how far it had read. */
  stop: () => Promise<void>;
}

/**
 * `prepare` readies an index built again before it answers, as the first build is readied before
 * the process listens (server/app.ts: the common phrases kept in it).
 */
export function followCatalogue(prepare: (index: CatalogueIndex) => Promise<void> = async () => {}): CatalogueFollower {
  let index: CatalogueIndex | undefined;
  let last = 0;
  const gaps = new Map<number, number>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let pruned = Date.now();
  // The log's number up to which the index has taken changes in (and answers with them), as said last.
  let taken = 0;
  let said = { seq: -1, at: 0 };
  const follower = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const sayWhere = async () => {
    const now = Date.now();
    if (!index || (taken === said.seq && now - said.at < SAY_WHERE_MS)) return;
    said = { seq: taken, at: now };
    await db()
      .insert(catalogueIndexFollowers)
      .values({ follower, seq: taken })
      .onConflictDoUpdate({ target: catalogueIndexFollowers.follower, set: { seq: taken, seenAt: sql`now()` } });
  };

  const build = async () => {
    // The log's last number, and those before it in the window, read together: a number missing
    // among them belongs to a transaction still open (or rolled back), whose change the build may
    // read before it commits, so it is followed as a gap rather than the whole window read again
    // (which took a thousand products out and in again, and their words' ranks, after every build).
    const { rows: recent } = await db().execute<{ seq: string }>(sql`
      select seq from ${catalogueChanges}
      where seq > (select max(seq) from ${catalogueChanges}) - ${IN_FLIGHT_WINDOW}
      order by seq`);
    const from = Number(recent.at(-1)?.seq ?? 0);
    const started = Date.now();
    const built = await buildCatalogueIndex();
    const before = index;
    // Built again (a whole catalogue imported or seeded): readied, and its garbage collected, while
    // SQL still answers, rather than in the first searches it answers (the first build is readied
    // before the process listens, server/app.ts). `npm start` exposes the collector.
    if (before && !stopped) {
      await prepare(built).catch((error) =>
        logger.warn({ err: error }, "could not ready the catalogue index built again"),
      );
      globalThis.gc?.();
    }
    if (stopped) {
      built.dispose();
      return;
    }
    index = built;
    last = from;
    gaps.clear();
    const committed = new Set(recent.map((row) => Number(row.seq)));
    const now = Date.now();
    for (let seq = Math.max(1, from - IN_FLIGHT_WINDOW + 1); seq < from; seq++)
      if (!committed.has(seq)) gaps.set(seq, now);
    answerFrom(built);
    if (before) setImmediate(() => before.dispose());
    logger.info({ products: built.size, ms: Date.now() - started }, "catalogue index built");
  };

  const readLog = async () => {
    if (!index) return;
    const missed = [...gaps.keys()];
    const rows = await db()
      .select({ seq: catalogueChanges.seq, productId: catalogueChanges.productId })
      .from(catalogueChanges)
      .where(
        missed.length > 0
          ? or(gt(catalogueChanges.seq, last), inArray(catalogueChanges.seq, missed))
          : gt(catalogueChanges.seq, last),
      )
      .orderBy(catalogueChanges.seq)
      .limit(REBUILD_OVER + 1);
    if (rows.length > REBUILD_OVER) return build();
    const now = Date.now();
    for (const row of rows) {
      const seq = Number(row.seq);
      gaps.delete(seq);
      if (seq <= last) continue;
      for (let skipped = last + 1; skipped < seq && gaps.size < MAX_GAPS; skipped++) gaps.set(skipped, now);
      last = seq;
    }
    for (const [seq, since] of gaps) if (now - since > GAP_KEPT_MS) gaps.delete(seq);
    const ids = [...new Set(rows.map((row) => row.productId))];
    if (ids.length > 0) {
      const { found, gone } = await readProducts(ids);
      index.apply(found, gone);
    }
    if (!index.ordersCurrent) await refreshOrders(index);
    if (now - pruned > PRUNE_EVERY_MS) {
      pruned = now;
      await db().delete(catalogueChanges).where(lt(catalogueChanges.loggedAt, sql`now() - interval '1 day'`));
    }
  };

  // One reader at a time; a wake-up during a read reads again after it.
  const catchUp = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await readLog();
        } while (again && !stopped);
        markBehind(false);
        taken = last;
        await sayWhere();
      } catch (error) {
        logger.warn({ err: error }, "could not read the catalogue's change log; trying again");
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  let building: Promise<void> | undefined;
  const buildOnce = () => {
    building ??= build()
      .catch((error) => {
        // The store answers from SQL meanwhile; the poll builds again.
        logger.error({ err: error }, "could not build the catalogue index; answering from SQL");
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  };
  const built = buildOnce();
  const timer = setInterval(() => {
    if (stopped) return;
    if (index) void catchUp();
    else void buildOnce();
    // Also while a read of the log takes long (a build again, after an import of the whole catalogue).
    sayWhere().catch((error) => logger.debug({ err: error }, "could not say how far the catalogue index has read"));
  }, POLL_MS);
  timer.unref();
  // Told of a change: behind until it is read.
  const wake = () => {
    markBehind(true);
    void catchUp();
  };
  const unsubscribe = (["catalogChanged", "stockChanged", "reviewsChanged"] as const).map((name) =>
    onStoreEvent(name, wake),
  );
  return {
    wake,
    catchUp,
    built,
    hasIndex: () => index !== undefined,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      for (const stop of unsubscribe) stop();
      answerFrom(undefined);
      markBehind(false);
      const held = index;
      index = undefined;
      if (held) setImmediate(() => held.dispose());
      // A row left behind (the database out of reach) is ignored once GONE_AFTER_SECONDS have passed.
      await Promise.race([
        db()
          .delete(catalogueIndexFollowers)
          .where(eq(catalogueIndexFollowers.follower, follower))
          .catch(() => {}),
        sleep(1_000, undefined, { ref: false }),
      ]);
    },
  };
}

/**
 * Waits until every running store process (one heard of in the last GONE_AFTER_SECONDS) has taken
 * into its index the change log as it stands now, at most `timeoutMs`: a command that has just
 * changed the catalogue (the seed) then says it is done when the store answers searches with its
 * change from the index, not from SQL meanwhile. `waiting` is told how many it waits for, once.
 */
export async function indexesCaughtUp(
  database: Database,
  timeoutMs: number,
  waiting: (processes: number) => void = () => {},
): Promise<{ processes: number; caughtUp: boolean }> {
  const [end] = await database.select({ seq: sql<string | null>`max(${catalogueChanges.seq})` }).from(catalogueChanges);
  const target = Number(end?.seq ?? 0);
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    const running = await database
      .select({ seq: catalogueIndexFollowers.seq })
      .from(catalogueIndexFollowers)
      .where(gt(catalogueIndexFollowers.seenAt, sql`now() - make_interval(secs => ${GONE_AFTER_SECONDS})`));
    const behind = running.filter((row) => Number(row.seq) < target).length;
    if (behind === 0) return { processes: running.length, caughtUp: true };
    if (Date.now() >= deadline) return { processes: running.length, caughtUp: false };
    if (!told) waiting(behind);
    told = true;
    await sleep(250);
  }
}
