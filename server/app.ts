// The production server: the entry of the SSR build, started by scripts/start.js.
import cluster, { type Worker } from "node:cluster";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { ensureAdmin } from "./accounts/admin-bootstrap";
import { openBackupEndpoint } from "./backup/backup-endpoint";
import { startScheduledBackups } from "./backup/schedule";
import { currentIndex } from "./catalog/index/current";
import { CATALOGUE_CHANGES_CHANNEL, followCatalogue } from "./catalog/index/follow";
import { keepCommonPhrases } from "./catalog/search/catalog-query";
import { warmUpSearch } from "./catalog/search/search";
import { readSearchVocabulary } from "./catalog/search/search-vocabulary";
import { startCertificateReminders } from "./companies/tax-certificates";
import { type Config, ConfigError, loadConfig } from "./config";
import { openDatabase, setDatabase } from "./db/client";
import { coordinate, type Duty } from "./db/coordination";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock";
import { createRequestListener } from "./http";
import { startJobWorker } from "./jobs/queue";
import { logger } from "./logger";
import { startMailDelivery } from "./mail/mailer";
import { SERVING_NODE_FLAGS, servingEnvironment } from "./node-flags";
import { startPaymentReconciliation } from "./orders/checkout";
import { prepareDatabase } from "./prepare-database";
import { CXML_DOCUMENT_JOB, sendCxmlDocument } from "./procurement/document-push";
import { runPunchOutCommand } from "./procurement/punchout-command";
import { startQuoteExpiry } from "./quotes/requests";
import { slowClientLimits } from "./request-limits";
import { startInvoicePaymentReconciliation } from "./terms/invoice-payments";
import { startInvoiceReminders } from "./terms/invoice-reminders";
import { catalogueRehearsal, warmUpOverHttp } from "./warm-up";

// The catalogue commands (npm run catalog:import / catalog:export) run from this build as well.
export {
  exportMain as exportCatalogCommand,
  importMain as importCatalogCommand,
} from "./catalog/import/catalog-command";

const SHUTDOWN_GRACE_MS = 10_000;
// Advisory locks naming the background duties, beside the migration lock (server/db/client.ts).
const MAIL_DELIVERY_LOCK = 720_302;
const PAYMENT_RECONCILIATION_LOCK = 720_303;
const INVOICE_PAYMENT_RECONCILIATION_LOCK = 720_304;
const CERTIFICATE_REMINDERS_LOCK = 720_320;
const QUOTE_EXPIRY_LOCK = 720_340;
const SCHEDULED_BACKUP_LOCK = 720_350;
const INVOICE_REMINDERS_LOCK = 720_360;

/**
 * `npm start`. On PostgreSQL the store runs WEB_CONCURRENCY processes (one per core unless set):
 * this one prepares the database, then starts and watches the others, which serve. On PGlite,
 * which only one process may open, this process serves alone.
 */
export async function start(clientDir: string) {
  let releaseLock = () => {};
  try {
    const config = loadConfig();
    logger.level = config.LOG_LEVEL;
    if (cluster.isWorker) return await serve(config, clientDir);
    if (!config.DATABASE_URL) {
      releaseLock = lockDataDir(config.DATA_DIR);
      return await serve(config, clientDir, releaseLock);
    }
    const processes = config.WEB_CONCURRENCY ?? availableParallelism();
    if (processes === 1) return await serve(config, clientDir);
    const database = await prepareDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      s3: config.S3,
    });
    setDatabase(database);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    setDatabase(undefined);
    await database.close();
    superviseWorkers(processes, config);
  } catch (error) {
    releaseLock();
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`The store could not start: ${reason}`);
    process.exit(1);
  }
}

/** Serves requests in this process until SIGTERM or SIGINT, then finishes the ones in flight. */
async function serve(config: Config, clientDir: string, releaseLock = () => {}) {
  // A worker's database was prepared by the process that started it.
  const database = cluster.isWorker
    ? await openDatabase({ databaseUrl: config.DATABASE_URL })
    : await prepareDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, s3: config.S3 });
  setDatabase(database);
  if (!cluster.isWorker && config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  }
  const duties: Duty[] = [
    { name: "mail delivery", lock: MAIL_DELIVERY_LOCK, start: () => startMailDelivery() },
    { name: "payment reconciliation", lock: PAYMENT_RECONCILIATION_LOCK, start: () => startPaymentReconciliation() },
    { name: "tax certificate reminders", lock: CERTIFICATE_REMINDERS_LOCK, start: () => startCertificateReminders() },
    { name: "quote expiry", lock: QUOTE_EXPIRY_LOCK, start: () => startQuoteExpiry() },
    { name: "scheduled backup", lock: SCHEDULED_BACKUP_LOCK, start: () => startScheduledBackups() },
    {
      name: "invoice payment reconciliation",
      lock: INVOICE_PAYMENT_RECONCILIATION_LOCK,
      start: () => startInvoicePaymentReconciliation(),
    },
    { name: "invoice reminders", lock: INVOICE_REMINDERS_LOCK, start: () => startInvoiceReminders() },
  ];
  // Built first, then woken by the change log's NOTIFY (PostgreSQL) or the store's events (PGlite,
  // one process), and polling the log each second besides.
  const catalogueIndex = followCatalogue(keepCommonPhrases);
  // Whether the vocabulary was read and search warmed up.
  const searchWarmedUp = catalogueIndex.built
    .then(readSearchVocabulary)
    .then(warmUpSearch)
    .then(() => true)
    .catch((error) => {
      logger.warn({ err: error }, "could not read the search vocabulary ahead; the first search will");
      return false;
    });
  // Alone on PGlite, this process has every duty; on PostgreSQL it shares them with the others.
  const leave = config.DATABASE_URL
    ? coordinate(config.DATABASE_URL, duties, { [CATALOGUE_CHANGES_CHANNEL]: catalogueIndex.wake })
    : runAlone(duties);
  // Every process works the job queue: its claims skip each other's (docs/decisions/job-queue.md).
  const stopJobs = startJobWorker({ [CXML_DOCUMENT_JOB]: sendCxmlDocument });
  // Only this process can read PGlite, so `npm run backup` asks it (server/backup/backup-endpoint.ts).
  const closeBackups =
    database.driver === "pglite"
      ? await openBackupEndpoint(config.DATA_DIR, database.db, { punchout: runPunchOutCommand })
      : async () => {};

  const listener = createRequestListener({
    build: build as unknown as ServerBuild,
    clientDir,
    publicUrl: config.PUBLIC_URL,
    trustedProxies: config.TRUSTED_PROXY,
  });
  const server = createServer(slowClientLimits(config.REQUEST_TIMEOUT * 1000), listener);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "finishing in-flight requests, then stopping");
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      stopJobs();
      await leave();
      await catalogueIndex.stop();
      await closeBackups().catch(() => {});
      await database.close().catch(() => {});
      releaseLock();
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A worker whose supervisor is gone stops too, rather than serving on unwatched.
  if (cluster.isWorker) cluster.worker?.on("disconnect", () => shutdown("supervisor gone"));

  // Requests are taken once the catalogue index is built and search warmed up: a search answered
  // from SQL meanwhile took 1.5-3.3 s at 100,000 parts (slowing the build besides), one from the
  // index a few milliseconds, and the build takes seconds there. A larger catalogue's build takes
  // longer than anyone should wait for the store to start, so after INDEX_WAIT_SECONDS the process
  // takes requests anyway and answers the catalogue from SQL until its index is built. A process
  // started beside others already serving (one replacing another that died) is sent nothing until then.
  await Promise.race([
    searchWarmedUp,
    new Promise((resolve) => setTimeout(resolve, config.INDEX_WAIT_SECONDS * 1000).unref()),
  ]);
  if (stopping) return;
  // The build's garbage collected before the first request rather than among the first ones: at
  // 100,000 parts ~60 MB of it, whose collection cost one of them an 18 ms pause and the others
  // 57 ms of marking. Then the rehearsal: the first answers after a full collection were slower
  // again (a million parts: 26-46 ms where the same took 5-13 a moment later). `npm start` exposes
  // the collector (node --expose-gc). Asked of SQL, the rehearsal's searches would take seconds
  // each, and teach the code nothing: an index built after the store began to listen is rehearsed
  // then, while SQL answers.
  const rehearse = async () => {
    globalThis.gc?.();
    await catalogueRehearsal(currentIndex()?.size ?? 0)
      .then((rehearsed) => warmUpOverHttp(listener, rehearsed))
      .catch((error) => logger.warn({ err: error }, "could not warm up the store's requests; the first ones will"));
  };
  const indexed = catalogueIndex.hasIndex();
  const rehearsed = indexed
    ? rehearse()
    : searchWarmedUp.then(() => (!stopping && catalogueIndex.hasIndex() ? rehearse() : undefined));
  // Said once the vocabulary is read and the first requests rehearsed, whichever comes last (the
  // vocabulary may still be read when INDEX_WAIT_SECONDS runs out with the index built).
  void Promise.all([searchWarmedUp, rehearsed]).then(([read]) => {
    if (read) logger.info("search vocabulary read, search warmed up");
  });
  if (indexed) await rehearsed;
  if (cluster.isWorker) await turnToListen();
  if (stopping) return;
  server.listen(config.PORT, config.HOST, () => {
    logger.info(
      { port: config.PORT, driver: database.driver, url: config.PUBLIC_URL, nodeEnv: process.env.NODE_ENV },
      `store listening on http://${config.HOST}:${config.PORT}${
        database.driver === "pglite"
          ? " in one process: PGlite is embedded in it (set DATABASE_URL to run one process per core)"
          : ""
      }${indexed ? "" : ", answering the catalogue from SQL until its index is built"}`,
    );
  });
}

// What a worker and its supervisor say when starting: "ready" to take requests; "listen", now.
const READY = "ready to listen";
const LISTEN = "listen";

/** Resolves when the supervisor lets this worker listen (superviseWorkers). */
function turnToListen(): Promise<void> {
  return new Promise((resolve) => {
    const worker = cluster.worker;
    if (!worker) return resolve();
    const onMessage = (message: unknown) => {
      if (message !== LISTEN) return;
      worker.off("message", onMessage);
      resolve();
    };
    worker.on("message", onMessage);
    worker.send(READY);
  });
}

function runAlone(duties: readonly Duty[]) {
  const stops = duties.map((duty) => duty.start());
  return async () => {
    for (const stop of stops) stop();
  };
}

/**
 * Starts `processes` workers (this same script, serving) and replaces any that dies. Five deaths
 * within a minute mean something is wrong with every start, not one process: the store stops.
 *
 * The workers first started listen together, once each is ready: the first to listen opens the
 * port, and one that listened alone would serve the first requests beside the others' index
 * builds and collections (a 200 ms one among them), on two cores. A worker started later, to
 * replace one that died, listens as soon as it is ready.
 */
function superviseWorkers(processes: number, config: Config) {
  const fork = () => cluster.fork(servingEnvironment(process.env));
  let stopping = false;
  let listening = 0;
  const deaths: number[] = [];
  let startingTogether = true;
  const ready = new Set<Worker>();
  const listenOnceAllReady = () => {
    const workers = Object.values(cluster.workers ?? {});
    if (!startingTogether || workers.some((worker) => worker && !ready.has(worker))) return;
    startingTogether = false;
    for (const worker of ready) worker.send(LISTEN);
    ready.clear();
  };
  cluster.on("message", (worker, message) => {
    if (message !== READY) return;
    if (!startingTogether) return worker.send(LISTEN);
    ready.add(worker);
    listenOnceAllReady();
  });
  cluster.on("listening", () => {
    listening += 1;
    if (listening === processes) {
      logger.info({ processes }, `store listening on http://${config.HOST}:${config.PORT} with ${processes} processes`);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while ((deaths[0] ?? now) < now - 60_000) deaths.shift();
    logger.error({ pid: worker.process.pid, code, signal }, "a store process died; starting another");
    if (deaths.length >= 5) {
      console.error(
        "The store could not keep its processes running (five stopped within a minute); see the log above.",
      );
      process.exit(1);
    }
    ready.delete(worker);
    fork();
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes }, "stopping the store's processes");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 1_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // However this process was started (`npm start` passes them already), its workers serve with these.
  cluster.setupPrimary({ execArgv: [...new Set([...process.execArgv, ...SERVING_NODE_FLAGS])] });
  for (let i = 0; i < processes; i += 1) fork();
}
