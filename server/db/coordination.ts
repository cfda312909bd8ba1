// Several store processes on one PostgreSQL (one per core, or on several machines) act as one
// store. Each process keeps one connection of its own, on which it
// - hears the other processes' announcements (LISTEN on `store_events`; each announcement is sent
//   with NOTIFY), so a change made through one process shows in every other within a second;
// - competes for the background duties (mail delivery, payment reconciliation): a duty runs in
//   the one process that holds its advisory lock. When that process stops or dies, PostgreSQL
//   releases the lock with its connection and another process takes the duty within RETRY_MS.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { hear, relayEvents, type StoreEventName, type StoreEvents } from "../events";
import { logger } from "../logger";
import { db } from "./client";

const CHANNEL = "store_events";
const RETRY_MS = 2_000;
// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7_900;

/** Work that must run in one process of the store at a time. */
export interface Duty {
  name: string;
  /** The advisory lock that says which process has it; unique among the store's locks. */
  lock: number;
  /** Starts the work; returns the function that stops it. */
  start: () => () => void;
}

interface Relayed {
  origin: string;
  name: StoreEventName;
  event: StoreEvents[StoreEventName];
}

/**
 * Joins this process to the others on `databaseUrl`: relays announcements both ways and runs the
 * `duties` this process wins; a NOTIFY on a channel of `wakeUps` (sent by the database itself, as
 * the catalogue's change log does) calls its function. Returns the function that leaves (duties stopped, connection closed).
 */
export function coordinate(
  databaseUrl: string,
  duties: readonly Duty[],
  wakeUps: Readonly<Record<string, () => void>> = {},
): () => Promise<void> {
  const origin = randomUUID();
  const held = new Map<string, () => void>();
  let connection: pg.Client | undefined;
  let busy = false;
  let leaving = false;

  const stopDuties = () => {
    for (const [name, stop] of held) {
      stop();
      logger.info({ duty: name }, "background duty handed back");
    }
    held.clear();
  };

  const lost = (client: pg.Client, error?: unknown) => {
    if (connection !== client) return;
    connection = undefined;
    // Without the connection its locks are gone, and another process may already run the duties.
    stopDuties();
    client.end().catch(() => {});
    if (!leaving) logger.warn({ err: error }, "lost the coordination connection; reconnecting");
  };

  const receive = (payload: string | undefined) => {
    let relayed: Relayed;
    try {
      relayed = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    if (relayed.origin !== origin) hear(relayed.name, relayed.event);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client));
    client.on("notification", ({ channel, payload }) => {
      if (channel === CHANNEL) receive(payload);
      else wakeUps[channel]?.();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    for (const channel of Object.keys(wakeUps)) await client.query(`listen ${channel}`);
    connection = client;
  };

  const claimDuties = async (client: pg.Client) => {
    for (const duty of duties) {
      if (held.has(duty.name)) continue;
      const { rows } = await client.query<{ won: boolean }>("select pg_try_advisory_lock($1) as won", [duty.lock]);
      if (rows[0]?.won && connection === client && !leaving) {
        held.set(duty.name, duty.start());
        logger.info({ duty: duty.name, pid: process.pid }, "this process runs a background duty");
      }
    }
  };

  const tick = async () => {
    if (busy || leaving) return;
    busy = true;
    try {
      if (!connection) await connect();
      if (connection) await claimDuties(connection);
    } catch (error) {
      logger.warn({ err: error }, "could not reach the database to coordinate; trying again");
    } finally {
      busy = false;
    }
  };

  const stopRelay = relayEvents((name, event) => {
    const payload = JSON.stringify({ origin, name, event } satisfies Relayed);
    if (Buffer.byteLength(payload) >= MAX_PAYLOAD_BYTES) {
      // The other processes' copies then age out on their own (the page cache keeps a page 60 s).
      logger.error({ event: name, bytes: payload.length }, "an announcement too long to relay was not relayed");
      return;
    }
    // On the shared pool, so announcements still go out while the coordination connection reconnects.
    db()
      .execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
      .catch((error) => logger.warn({ err: error, event: name }, "an announcement could not be relayed"));
  });

  const timer = setInterval(tick, RETRY_MS);
  timer.unref();
  void tick();

  return async () => {
    leaving = true;
    clearInterval(timer);
    stopRelay();
    stopDuties();
    const client = connection;
    connection = undefined;
    await client?.end().catch(() => {});
  };
}
