// The real server, started as `npm start` starts it, on the driver under test.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { freePort } from "../scripts/local-server.js";
import { createEmptyDatabase, testDriver } from "./database";
import { startServer as startStore, waitForHealth } from "./store-command";

const root = path.resolve(import.meta.dirname, "..");

/** The store as `npm start` starts it; a test that fails before stopping it does not leave it holding the port. */
function startServer(env: Record<string, string>) {
  const server = startStore(env);
  onTestFinished(async () => {
    if (server.child.exitCode !== null) return;
    server.child.kill("SIGKILL");
    await server.exited;
  });
  return server;
}

/** Writes files into the client build the server serves from (none already there); `remove` takes them away. */
function plantInClientBuild(files: Record<string, string>) {
  const clientDir = path.join(root, "build/client");
  const written = Object.keys(files).filter((name) => !existsSync(path.join(clientDir, name)));
  const createdDirs = [...new Set(written.map((name) => path.dirname(name)))].filter(
    (dir) => dir !== "." && !existsSync(path.join(clientDir, dir)),
  );
  for (const name of written) {
    mkdirSync(path.dirname(path.join(clientDir, name)), { recursive: true });
    writeFileSync(path.join(clientDir, name), files[name] ?? "");
  }
  return {
    paths: Object.keys(files),
    remove() {
      for (const name of written) rmSync(path.join(clientDir, name), { force: true });
      for (const dir of createdDirs) rmSync(path.join(clientDir, dir), { recursive: true, force: true });
    },
  };
}

const MB = 1024 * 1024;
const MAX_GROWTH_MB = 250;

/** The resident memory of a process, in megabytes. */
function residentMegabytes(pid: number): number {
  return Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) / 1024;
}

/**
 * Posts up to `bytes` of body, 64 KB at a time, stopping as soon as the server answers: the answer,
 * and how much was sent by then.
 */
function upload(url: string, headers: Record<string, string>, bytes: number) {
  // A raw connection: the server answers and closes while the body is still being sent, and an
  // HTTP client that fails to write then drops the answer it was sent.
  return new Promise<{ status: number; text: string; sent: number }>((resolve) => {
    const { port, pathname, origin } = new URL(url);
    // Without a declared length the body goes chunked, as an HTTP client would send it.
    const chunked = headers["content-length"] === undefined;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const framed = chunked ? Buffer.concat([Buffer.from("10000\r\n"), chunk, Buffer.from("\r\n")]) : chunk;
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    let sent = 0;
    socket.setEncoding("utf8");
    socket.on("data", (data) => {
      answer += data;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, text: answer.slice(answer.indexOf("\r\n\r\n") + 4), sent });
    });
    const all = { host: `127.0.0.1:${port}`, origin, connection: "close", ...headers };
    const head = Object.entries(chunked ? { ...all, "transfer-encoding": "chunked" } : all)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`POST ${pathname} HTTP/1.1\r\n${head}\r\n`);
    const pump = () => {
      while (!answer && sent < bytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
      if (socket.destroyed) return;
      if (chunked) socket.end("0\r\n\r\n");
      else socket.end();
    };
    pump();
  });
}

/**
 * Sends `head` on a raw connection, then `drip` every 300 ms until the server closes it: what
 * the server answered, and after how long it closed.
 */
function rawExchange(port: string, head: string | Buffer, drip?: string) {
  return new Promise<{ answer: string; ms: number; reset: boolean }>((resolve) => {
    const started = performance.now();
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    let reset = false;
    socket.setEncoding("utf8");
    socket.on("data", (data) => {
      answer += data;
    });
    // A server closing a connection with unread bytes resets it, which can drop its answer in flight.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      reset = error.code === "ECONNRESET" || error.code === "EPIPE";
    });
    const timer = drip ? setInterval(() => socket.write(drip), 300) : undefined;
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started, reset });
    });
    socket.write(head);
    if (!drip) socket.end();
  });
}

/** GET `url` on a connection opened for it alone; resolves with the status, rejects when refused. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on("error", reject);
    sent.end();
  });
}

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

// Each story starts a store, which may take a minute on a busy machine (waitForHealth).
describe(`the server on ${testDriver}`, { timeout: 150_000 }, () => {
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
    // Files in the client build that are not for browsers: Vite's manifest (absolute build paths)
    // and its compressed copies, as a build with `build.manifest` leaves them, and a dotfile.
    const planted = plantInClientBuild({
      ".vite/manifest.json": JSON.stringify({ "app/root.tsx": { file: `${root}/app/root.tsx` } }),
      ".vite/manifest.json.br": "not for browsers",
      ".vite/manifest.json.gz": "not for browsers",
      ".env": "SECRET=1",
    });
    onTestFinished(planted.remove);
    const server = startServer(env);
    await waitForHealth(base, server);
    expect(server.output()).toContain("seeded the starter catalogue");
    // React renders with its production build (the development one is ~3x slower).
    expect(server.output()).toMatch(/"nodeEnv":"production".*store listening/);
    // Requests are taken once the catalogue's index is built and its search warmed up, not before.
    expect(server.output()).toMatch(/catalogue index built[\s\S]*search warmed up[\s\S]*store listening/);
    expect(server.output()).not.toContain("answering the catalogue from SQL");

    const home = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
    expect(home.status).toBe(200);
    expect(home.headers.get("content-encoding")).toBe("gzip");
    expect(home.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(home.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(home.headers.get("strict-transport-security")).toBeNull();
    // Powerful features the store does not use are denied, payment too without Stripe.
    expect(home.headers.get("permissions-policy")).toMatch(/(^|, )camera=\(\)/);
    for (const feature of ["microphone", "geolocation", "usb", "payment"]) {
      expect(home.headers.get("permissions-policy")).toContain(`${feature}=()`);
    }
    const html = await home.text();
    // A module the page loads that the build precompressed (it leaves files under 1 KB as they are).
    const asset = html
      .match(/\/assets\/[\w.-]+\.js/g)
      ?.find((file) => existsSync(path.join(root, "build/client", `${file}.br`)));
    expect(asset).toBeDefined();
    const assetResponse = await fetch(`${base}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(assetResponse.headers.get("content-encoding")).toBe("br");
    expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);
    for (const hidden of planted.paths) {
      const response = await fetch(`${base}/${hidden}`);
      expect(response.status, hidden).toBe(404);
      expect(await response.text(), hidden).not.toMatch(/not for browsers|SECRET|app\/root\.tsx/);
    }

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
    // The links of the store's e-mails carry their secret in the path: the log keeps the route, not the secret.
    const secret = "Zx9SecretTokenInALink0123456789abcdefghijk";
    for (const link of [
      `/company/join/${secret}`,
      `/company/join/${secret}.data`,
      `/api/auth/reset-password/${secret}`,
    ])
      await (await fetch(`${base}${link}`, { redirect: "manual" })).arrayBuffer();
    expect(server.output()).not.toContain(secret);
    expect(server.output()).toContain('"path":"/company/join/[redacted]"');
    expect(server.output()).toContain('"path":"/api/auth/reset-password/[redacted]"');

    if (testDriver === "pglite") {
      expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
      const second = startServer({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output().trim()).toMatch(/^DATA_DIR .* is in use by another store process \(pid \d+\)/);
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    if (testDriver === "pglite") expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    // Every file the store wrote (PGlite's, the auth secret, the mail outbox) is its user's alone.
    const shared = [
      dataDir,
      ...readdirSync(dataDir, { recursive: true }).map((name) => path.join(dataDir, String(name))),
    ]
      .filter((file) => lstatSync(file).mode & 0o077)
      .map((file) => `${path.relative(dataDir, file)} ${(lstatSync(file).mode & 0o777).toString(8)}`);
    expect(shared).toEqual([]);
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
    // On a connection of its own: the test process's fetch keeps connections alive between requests,
    // and one already open is not what "new" means here.
    await expect(getOnNewConnection(`${base}/healthz`)).rejects.toThrow();
    upload.end(body.slice(half));

    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).cart.lines).toEqual([
      expect.objectContaining({ partNumber: "GW-45-001", quantity: 2 }),
    ]);
    expect(await server.exited).toBe(0);
  });
  // Only PostgreSQL lends connections from a pool; PGlite is one connection in the process, never refused.
  it.runIf(testDriver === "postgres")(
    "answers a page 503, to come back in a few seconds, when no database connection comes free in time",
    async () => {
      const server = startServer(env);
      await waitForHealth(base, server);
      // The products held by another transaction: each page that reads them keeps its connection
      // waiting, and after the pool's ten the next pages wait for one, 5 s, in vain.
      const blocker = new pg.Client({ connectionString: env.DATABASE_URL });
      await blocker.connect();
      onTestFinished(() => blocker.end());
      await blocker.query("begin");
      await blocker.query("lock table products in access exclusive mode");
      const pages = Array.from({ length: 14 }, (_, i) =>
        fetch(`${base}/search?q=wheel+${i}`).then(async (response) => ({
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          text: await response.text(),
        })),
      );
      const refused = await Promise.race(pages.map((page) => page.then((answer) => answer)));
      await blocker.query("commit");
      const answers = await Promise.all(pages);
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe("5");
      expect(refused.text).toContain("The store is busy answering other requests. Please try again in a few seconds.");
      // The pages that had a connection are shown once the products are free; none is a 500.
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect(statuses).toContain(200);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    },
  );

  it("refuses a body over its route's limit with 413 before reading it, and cuts a slow client off with 408", async () => {
    const port = env.PORT ?? "";
    const server = startServer({
      ...env,
      REQUEST_TIMEOUT: "2",
      STRIPE_SECRET_KEY: "sk_test_limits",
      STRIPE_PUBLISHABLE_KEY: "pk_test_limits",
      STRIPE_WEBHOOK_SECRET: "whsec_limits",
    });
    await waitForHealth(base, server);
    const pid = server.child.pid ?? 0;
    // With Stripe taking the cards, its frame alone may use the Payment Request API.
    expect((await fetch(`${base}/`)).headers.get("permissions-policy")).toContain('payment=("https://js.stripe.com")');

    // Four 300 MB posts at once, their length declared or not (chunked): each is refused within its
    // first few megabytes (what the client had in flight), and the server's memory barely moves.
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const oversized = (bytes: number) =>
      Promise.all([
        upload(`${base}/api/cart`, { ...form, "content-length": String(bytes) }, bytes),
        upload(`${base}/auth`, { ...form, "transfer-encoding": "chunked" }, bytes),
        upload(`${base}/checkout`, { "content-type": "multipart/form-data; boundary=x" }, bytes),
        upload(`${base}/auth/forgot-password`, form, bytes),
      ]);
    await oversized(1 * MB); // the server's first answers on these routes, which grow its heap once
    const residentBefore = residentMegabytes(pid);
    const refused = await oversized(300 * MB);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 413, text: "Request too large: at most 64 KB may be sent here." });
      expect(answer.sent).toBeLessThan(64 * MB);
    }
    // Keeping even one of those bodies would add 300 MB; what the server's heap and buffers grow
    // by on their own (no collection is forced in it) stays well under that.
    expect(residentMegabytes(pid) - residentBefore).toBeLessThan(MAX_GROWTH_MB);

    // A visitor's uploads (chunked, within the routes' limits of 11 and 50 MB) are answered before
    // a byte of them is read: the routes ask who is sending first, and close the connection.
    const uploads = [
      "/admin/products/import",
      "/admin/products/import/run",
      "/admin/products/new",
      "/admin/companies/ACCT-000001/prices",
      "/account/company/tax-certificates",
    ];
    const unasked = await Promise.all(
      uploads.map((pathname) =>
        upload(`${base}${pathname}`, { "content-type": "multipart/form-data; boundary=x" }, 48 * MB),
      ),
    );
    for (const [index, answer] of unasked.entries()) {
      expect([302, 401], uploads[index]).toContain(answer.status);
      expect(answer.sent, uploads[index]).toBeLessThan(8 * MB);
    }
    expect(residentMegabytes(pid) - residentBefore).toBeLessThan(MAX_GROWTH_MB);

    // Stripe's webhook takes up to 1 MB (a 200 KB body reaches its signature check), not more.
    const webhook = { "content-type": "application/json", "stripe-signature": "t=1,v1=0" };
    expect(await upload(`${base}/api/payments/stripe/webhook`, webhook, 200 * 1024)).toMatchObject({
      status: 400,
      text: "Invalid signature",
    });
    expect(
      await upload(`${base}/api/payments/stripe/webhook`, { ...webhook, "transfer-encoding": "chunked" }, 2 * MB),
    ).toMatchObject({ status: 413, text: "Request too large: at most 1 MB may be sent here." });

    // A Content-Length below the body sent: that many bytes are the body, the rest a malformed
    // request; refused, the connection closed, nothing kept.
    const understated = await rawExchange(
      port,
      Buffer.concat([
        Buffer.from(
          `POST /api/cart HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\n` +
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\n",
        ),
        Buffer.alloc(8 * MB, "a"),
      ]),
    );
    // Its answer can be lost to the reset that closing on 8 MB of unread bytes makes (seen once in CI,
    // on a loaded machine); then the reset itself shows the connection was refused.
    const statuses = understated.answer.match(/^HTTP\/1\.1 \d+/gm) ?? [];
    expect(statuses.length > 0 || understated.reset).toBe(true);
    expect(
      statuses.every((status) => / 4\d\d$/.test(status)),
      statuses.join(),
    ).toBe(true);
    expect(residentMegabytes(pid) - residentBefore).toBeLessThan(MAX_GROWTH_MB);

    // A body sent a byte at a time, and headers that never end, are cut off once the 2 s are up.
    const slowBody = await rawExchange(
      port,
      `POST /api/cart HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nintent=add",
      "a",
    );
    const slowHeaders = await rawExchange(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`, "X");
    for (const slow of [slowBody, slowHeaders]) {
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
      expect(slow.ms).toBeLessThan(5_000);
    }

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(server.output()).not.toMatch(/"level":50/);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 150_000);
});
