// The production server: the entry of the SSR build, started by scripts/start.js.
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { ensureAdmin } from "./accounts/admin-bootstrap";
import { openBackupEndpoint } from "./backup/backup-endpoint";
import { seedCatalogIfEmpty } from "./catalog/seed";
import { ConfigError, loadConfig } from "./config";
import { type DatabaseHandle, openDatabase, setDatabase } from "./db/client";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock";
import { createHttpApp } from "./http";
import { logger } from "./logger";
import { startMailDelivery } from "./mail/mailer";
import { startPaymentReconciliation } from "./orders/checkout";
import { slowClientLimits } from "./request-limits";

const SHUTDOWN_GRACE_MS = 10_000;

/** Opens, migrates and seeds the database the config names. */
export async function prepareDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: options.databaseUrl ? undefined : path.join(options.dataDir, "pglite"),
  });
  await handle.migrate();
  const seeded = await seedCatalogIfEmpty(handle.db);
  if (seeded > 0) logger.info({ products: seeded }, "seeded the starter catalogue");
  return handle;
}

export async function start(clientDir: string) {
  let releaseLock = () => {};
  try {
    const config = loadConfig();
    logger.level = config.LOG_LEVEL;
    if (!config.DATABASE_URL) releaseLock = lockDataDir(config.DATA_DIR);
    const database = await prepareDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    setDatabase(database);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const stopMail = startMailDelivery();
    const stopReconciliation = startPaymentReconciliation();
    // Only this process can read PGlite, so `npm run backup` asks it (server/backup/backup-endpoint.ts).
    const closeBackups =
      database.driver === "pglite" ? await openBackupEndpoint(config.DATA_DIR, database.db) : async () => {};

    const app = createHttpApp({
      build: build as unknown as ServerBuild,
      clientDir,
      publicUrl: config.PUBLIC_URL,
      trustedProxies: config.TRUSTED_PROXY,
    });
    const server = serve(
      {
        fetch: app.fetch,
        port: config.PORT,
        hostname: config.HOST,
        serverOptions: slowClientLimits(config.REQUEST_TIMEOUT * 1000),
      },
      (info) => {
        logger.info(
          { port: info.port, driver: database.driver, url: config.PUBLIC_URL, nodeEnv: process.env.NODE_ENV },
          `store listening on http://${config.HOST}:${info.port}`,
        );
      },
    );

    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "finishing in-flight requests, then stopping");
      const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
      force.unref();
      server.close(async () => {
        stopMail();
        stopReconciliation();
        await closeBackups().catch(() => {});
        await database.close().catch(() => {});
        releaseLock();
        process.exit(0);
      });
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    };
    process.on("SIGTERM", () => shutdown("SIGTERM"));
    process.on("SIGINT", () => shutdown("SIGINT"));
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
