// A store whose catalogue index cannot be built yet takes requests after INDEX_WAIT_SECONDS
// anyway, answering the catalogue from SQL, and from its index once built. On PostgreSQL: the test
// holds the change log locked from a connection of its own, which an embedded database has no room for.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { freePort } from "../scripts/local-server.js";
import { createEmptyDatabase, testDriver } from "./database";
import { startServer, waitForHealth } from "./store-command";

type Answer = { total: number };

describe.skipIf(testDriver !== "postgres")("a store whose catalogue index is still building", () => {
  it("takes requests after INDEX_WAIT_SECONDS, answering from SQL, then from its index once built", async () => {
    const database = await createEmptyDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "store-index-wait-"));
    onTestFinished(async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const base = `http://127.0.0.1:${await freePort()}`;
    const env = {
      PORT: new URL(base).port,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? "",
      INDEX_WAIT_SECONDS: "1",
    };
    // A first start migrates and seeds the catalogue.
    const first = startServer(env);
    await waitForHealth(base, first);
    first.child.kill("SIGTERM");
    await first.exited;

    // The index's build begins by reading the change log: held, it waits.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("lock table catalogue_changes in access exclusive mode");
    const server = startServer(env);
    onTestFinished(async () => {
      await blocker.end().catch(() => {});
      server.child.kill("SIGTERM");
      await server.exited;
    });
    await waitForHealth(base, server);
    expect(server.output()).toContain("answering the catalogue from SQL until its index is built");
    expect(server.output()).not.toContain("catalogue index built");
    const search = async (perPage: number) => {
      const response = await fetch(`${base}/api/v1/products?q=grinding+wheel&per_page=${perPage}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Answer;
    };
    const fromSql = await search(1);
    expect(fromSql.total).toBeGreaterThan(0);

    await blocker.query("rollback");
    await vi.waitFor(() => expect(server.output()).toContain("catalogue index built"), {
      timeout: 60_000,
      interval: 100,
    });
    expect((await search(2)).total).toBe(fromSql.total);
    // Its first requests rehearsed then, while it serves: it had listened before it could.
    await vi.waitFor(
      () => expect(server.output()).toMatch(/store listening[\s\S]*catalogue index built[\s\S]*search warmed up/),
      { timeout: 60_000, interval: 100 },
    );
    expect(server.output().slice(server.output().indexOf("catalogue index built"))).toContain(
      '"path":"/api/search/suggest"',
    );
  }, 180_000);
});
