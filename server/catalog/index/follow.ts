// Keeps this process's catalogue index current (docs/decisions/catalogue-index.md): built at
// start-up (SQL answers the catalogue until it is), then following the change log
// (catalogue_changes, written by triggers in every changing transaction) by sequence number. A
// NOTIFY from those triggers, or a store event, wakes it at once; a poll every second catches up
// whatever a process missed.
import { gt, inArray, lt, or, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { catalogueChanges } from "../../db/schema";
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

export interface CatalogueFollower {
  /** Reads the log now (a NOTIFY or an event says it grew). */
  wake: () => void;
  /** Resolves once the log has been read up to now and taken into the index. */
  catchUp: () => Promise<void>;
  /** The first build (settled also when it failed: SQL answers, and the poll builds again). */
  built: Promise<void>;
  /** Whether an index is built. */
  hasIndex: () => boolean;
  stop: () => void;
}

export function followCatalogue(): CatalogueFollower {
  let index: CatalogueIndex | undefined;
  let last = 0;
  const gaps = new Map<number, number>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let pruned = Date.now();

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
    if (stopped) {
      built.dispose();
      return;
    }
    const before = index;
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
    stop: () => {
      stopped = true;
      clearInterval(timer);
      for (const stop of unsubscribe) stop();
      answerFrom(undefined);
      markBehind(false);
      const held = index;
      index = undefined;
      if (held) setImmediate(() => held.dispose());
    },
  };
}
