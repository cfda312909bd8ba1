// The database going away under a running store: pages say so with a 503, and the store serves
// again by itself when the database returns. Runs its own PostgreSQL, which it can stop.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, waitUntilAnswering } from "../scripts/local-server.js";
import { startTestPostgres } from "../scripts/test-postgres.js";

const root = path.resolve(import.meta.dirname, "..");
let postgres: Awaited<ReturnType<typeof startTestPostgres>>;
let store: ChildProcess | undefined;
let base = "";
const dataDir = mkdtempSync(path.join(tmpdir(), "store-outage-"));

async function eventually(check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  if (!postgres) throw new Error("This test needs PostgreSQL's initdb and pg_ctl (.ci/run installs them).");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  store = spawn(process.execPath, ["scripts/start.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  await waitUntilAnswering(`${base}/healthz`, { timeoutMs: 60_000, child: store });
}, 90_000);

afterAll(async () => {
  if (store && store.exitCode === null) {
    store.kill("SIGTERM");
    await new Promise((resolve) => store?.once("exit", resolve));
  }
  postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it("answers 503 with a clear page while the database is gone, and recovers by itself", async () => {
  expect((await fetch(`${base}/search?q=wheel`)).status).toBe(200);

  postgres?.pause();
  const during = await fetch(`${base}/search?q=disc`);
  expect(during.status).toBe(503);
  expect(during.headers.get("retry-after")).toBe("30");
  expect(await during.text()).toContain("The store can't reach its database at the moment");
  expect((await fetch(`${base}/healthz`)).status).toBe(503);
  // A page rendered before the outage is still served from the page cache.
  expect((await fetch(`${base}/search?q=wheel`)).status).toBe(200);

  postgres?.resume();
  expect(await eventually(async () => (await fetch(`${base}/search?q=abrasive`)).status === 200, 20_000)).toBe(true);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
}, 60_000);
