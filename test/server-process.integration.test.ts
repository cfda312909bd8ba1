// The real server, started as `npm start` starts it, on the driver under test.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/local-server.js";
import { createEmptyDatabase, testDriver } from "./database";
import { startServer, waitForHealth } from "./store-command";

describe("configuration errors", () => {
  it.each([
    [{ PORT: "abc" }, 'Invalid PORT="abc": expected a whole number from 1 to 65535.'],
    [
      { DATABASE_URL: "mysql://db" },
      'Invalid DATABASE_URL="mysql://db": expected a postgres:// or postgresql:// connection URL.',
    ],
  ])("stop start-up with exit code 1 and one line for %j", async (env, line) => {
    const server = startServer({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "store-cfg-")) });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(line);
  });
});

describe(`the server on ${testDriver}`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-proc-"));
  let env: Record<string, string>;
  let base: string;
  let drop = async () => {};

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { PORT: String(port), DATA_DIR: dataDir };
    if (testDriver === "postgres") {
      const empty = await createEmptyDatabase();
      drop = empty.drop;
      env.DATABASE_URL = empty.url ?? "";
    }
  });
  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates, seeds and serves on a fresh database, then stops cleanly on SIGTERM", async () => {
    const server = startServer(env);
    await waitForHealth(base, server);
    expect(server.output()).toContain("seeded the starter catalogue");
    // React renders with its production build (the development one is ~3x slower).
    expect(server.output()).toMatch(/"nodeEnv":"production".*store listening/);

    const home = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
    expect(home.status).toBe(200);
    expect(home.headers.get("content-encoding")).toBe("gzip");
    expect(home.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(home.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(home.headers.get("strict-transport-security")).toBeNull();
    const html = await home.text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const assetResponse = await fetch(`${base}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(assetResponse.headers.get("content-encoding")).toBe("br");

    const crossSite = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=sign-in&email=a%40b.co&password=x",
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=sign-in&email=not-an-email&password=x",
    });
    expect(sameSite.status).toBe(400);

    const missing = await fetch(`${base}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");

    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"path":"/no/such/page"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ method: "GET", status: 404 });

    if (testDriver === "pglite") {
      expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
      const second = startServer({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output().trim()).toMatch(/^DATA_DIR .* is in use by another store process \(pid \d+\)/);
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    if (testDriver === "pglite") expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  });

  it("starts again on the same database without migrating or seeding anything new, with HSTS behind https", async () => {
    const secret = testDriver === "pglite" ? readFileSync(path.join(dataDir, "auth-secret"), "utf8") : "";
    const server = startServer({ ...env, PUBLIC_URL: "https://store.example.com" });
    await waitForHealth(base, server);
    expect(server.output()).not.toContain("seeded");
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    if (testDriver === "pglite") expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(secret);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("finishes a request already in flight when SIGTERM arrives, refuses new ones, then exits 0", async () => {
    const server = startServer(env);
    await waitForHealth(base, server);
    const body = new URLSearchParams({
      intent: "quick-order",
      lines: JSON.stringify({ lines: [{ partNumber: "GW-45-001", quantity: 2 }] }),
    }).toString();
    // The body is sent in two halves, so the request is in the server's hands when the signal comes.
    const upload = request(`${base}/api/cart`, {
      method: "POST",
      agent: false,
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      upload.on("error", reject);
      upload.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
    });
    const half = Math.floor(body.length / 2);
    upload.write(body.slice(0, half));
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    await expect.poll(() => server.output(), { timeout: 5_000 }).toContain("finishing in-flight requests");
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    upload.end(body.slice(half));

    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).cart.lines).toEqual([
      expect.objectContaining({ partNumber: "GW-45-001", quantity: 2 }),
    ]);
    expect(await server.exited).toBe(0);
  });
});
