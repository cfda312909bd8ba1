// `npm run backup` and `npm run restore` as an operator runs them, beside a store that is serving.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/local-server.js";
import { openStoreDatabase, type StoreLocation } from "../server/db/store-location";
import { createEmptyDatabase, testDriver } from "./database";
import { startScript, startServer, waitForHealth } from "./store-command";

const scratch = mkdtempSync(path.join(tmpdir(), "store-backup-run-"));
const drops: (() => Promise<void>)[] = [];

async function newLocation(name: string): Promise<StoreLocation> {
  const dataDir = path.join(scratch, name);
  if (testDriver === "pglite") return { dataDir };
  const empty = await createEmptyDatabase();
  drops.push(empty.drop);
  return { dataDir, databaseUrl: empty.url };
}

const envOf = (location: StoreLocation): Record<string, string> => ({
  DATA_DIR: location.dataDir,
  ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
});

async function run(script: "scripts/backup.js" | "scripts/restore.js", args: string[], location: StoreLocation) {
  const command = startScript(script, args, envOf(location));
  return { code: await command.exited, output: command.output().trim() };
}

let store: StoreLocation;
let base: string;

beforeAll(async () => {
  store = await newLocation("store");
  base = `http://127.0.0.1:${await freePort()}`;
});

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`backups of a running store on ${testDriver}`, () => {
  it("backs up while the store serves, refuses to restore over it, and restores elsewhere", async () => {
    const server = startServer({ ...envOf(store), PORT: new URL(base).port });
    await waitForHealth(base, server, 120_000);
    const endpoint = path.join(store.dataDir, "backup-endpoint.json");
    if (testDriver === "pglite") {
      // Only its own user may read the token, and nothing answers without it.
      expect(statSync(endpoint).mode & 0o777).toBe(0o600);
      const { port } = JSON.parse(readFileSync(endpoint, "utf8")) as { port: number };
      const guess = await fetch(`http://127.0.0.1:${port}/backup`, {
        method: "POST",
        headers: { authorization: "Bearer x" },
      });
      expect(guess.status).toBe(403);
    } else {
      expect(existsSync(endpoint)).toBe(false);
    }

    const out = path.join(scratch, "backups/running");
    const backup = run("scripts/backup.js", ["--out", out], store);
    // The store keeps answering while the copy is taken.
    const pages = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/shop`).then((r) => r.status)));
    const { code, output } = await backup;
    expect(pages).toEqual([200, 200, 200, 200, 200]);
    expect(output).toMatch(new RegExp(`^Backed up [\\d,]+ rows in \\d+ tables and 0 files from .+ to ${out}$`));
    expect(code).toBe(0);

    const over = await run("scripts/restore.js", [out], store);
    expect(over.code).toBe(1);
    expect(over.output).toMatch(
      testDriver === "pglite"
        ? /^DATA_DIR .* is in use by another store process \(pid \d+\); stop it or choose another DATA_DIR\.$/
        : /^the PostgreSQL database at DATABASE_URL is not empty; restore into an empty one, or add --force to replace what is there\.$/,
    );

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(endpoint)).toBe(false);

    const elsewhere = await newLocation("elsewhere");
    const restored = await run("scripts/restore.js", [out], elsewhere);
    expect(restored.output).toMatch(/^Restored [\d,]+ rows in \d+ tables and 0 files into .+ \(taken .+ on \w+\)$/);
    expect(restored.code).toBe(0);
    const handle = await openStoreDatabase(elsewhere);
    try {
      const products = await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from products`);
      expect(products.rows[0]?.count).toBe(3000);
    } finally {
      await handle.close();
    }
  }, 240_000);

  it("says in one line when there is nothing to back up or the option is unknown", async () => {
    const empty = { dataDir: path.join(scratch, "nothing") };
    if (testDriver === "pglite") {
      const nothing = await run("scripts/backup.js", [], empty);
      expect(nothing).toEqual({ code: 1, output: `${empty.dataDir} has no database to back up.` });
    }
    const unknown = await run("scripts/backup.js", ["--to", "x"], empty);
    expect(unknown).toEqual({ code: 1, output: "Unknown option --to. Usage: npm run backup -- [--out FOLDER]" });
    const missing = await run("scripts/restore.js", [], empty);
    expect(missing).toEqual({ code: 1, output: "Which backup? Usage: npm run restore -- FOLDER [--force]" });
  });
});
