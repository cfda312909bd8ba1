// The deployment recipe, run: deploy/nginx/store.conf as shipped (only its names, ports and
// paths swapped), Debian's nginx in front of the store's processes (two on PostgreSQL, one on
// PGlite), TLS and HTTP/2 at the edge, public pages cached there and personal ones never.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/local-server.js";
import { findNginx } from "../scripts/nginx.js";
import { testDriver } from "./database";
import { type StoreProcess, storeProcess } from "./store-process";

const root = path.resolve(import.meta.dirname, "..");
const PRODUCT_PAGE = "/products/grinding-wheel-4-5-in-gw-45-001";

/** The shipped recipe with this machine's ports and paths in place of the marked ones. */
function recipe(options: { upstreams: string[]; https: number; http: number; dir: string }) {
  const shipped = readFileSync(path.join(root, "deploy/nginx/store.conf"), "utf8");
  const servers = options.upstreams.map((base) => `    server ${new URL(base).host} max_fails=3 fail_timeout=10s;`);
  const swapped = shipped
    .replace(/( {4}server 127\.0\.0\.1:300\d[^\n]*\n)+/, `${servers.join("\n")}\n`)
    .replace("/var/cache/nginx/store", path.join(options.dir, "cache"))
    .replace("listen 80;", `listen 127.0.0.1:${options.http};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${options.https} ssl http2;`)
    .replaceAll("server_name store.example.com;", "server_name 127.0.0.1;")
    .replace("/etc/ssl/certs/store.example.com.pem", path.join(options.dir, "store.pem"))
    .replace("/etc/ssl/private/store.example.com.key", path.join(options.dir, "store.key"));
  return swapped;
}

/** nginx's own frame around the recipe: a private prefix, no daemon, its files in `dir`. */
function mainConfig(dir: string, site: string) {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, `${name}-temp`)};`;
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  include ${site};
}
`;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/2 request over TLS (the certificate is this test's own). */
function http2Get(origin: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const session = connect(origin, { rejectUnauthorized: false });
    session.on("error", reject);
    const stream = session.request({ ":path": pathname, ...headers });
    let body = "";
    let answer: Answer["headers"] = {};
    stream.setEncoding("utf8");
    stream.on("response", (received) => {
      answer = received;
    });
    stream.on("data", (chunk) => {
      body += chunk;
    });
    stream.on("end", () => {
      session.close();
      resolve({ status: Number(answer[":status"]), headers: answer, body });
    });
    stream.on("error", reject);
    stream.end();
  });
}

describe(`nginx in front of the store on ${testDriver}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "store-nginx-"));
  const stores: StoreProcess[] = [];
  let nginx: ReturnType<typeof spawn> | undefined;
  let origin = "";
  let plainOrigin = "";

  beforeAll(async () => {
    const binary = findNginx();
    if (!binary) throw new Error("No nginx here: `npm test` installs Debian's package, or set NGINX_PATH.");
    // nginx's workers run as another user unless root: they must reach the cache and temp folders.
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, "cache"), { mode: 0o777 });
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        path.join(dir, "store.key"),
        "-out",
        path.join(dir, "store.pem"),
      ],
      { stdio: "ignore" },
    );
    const [https, http] = [await freePort(), await freePort()];
    origin = `https://127.0.0.1:${https}`;
    plainOrigin = `http://127.0.0.1:${http}`;
    const storeEnv = { PUBLIC_URL: origin, TRUSTED_PROXY: "127.0.0.1" };
    const first = await storeProcess(storeEnv);
    stores.push(first);
    await first.start();
    // On PostgreSQL a second process shares the database; PGlite is one process.
    if (first.databaseUrl) {
      const second = await storeProcess(storeEnv, { databaseUrl: first.databaseUrl });
      stores.push(second);
      await second.start();
    }
    const site = path.join(dir, "store.conf");
    writeFileSync(site, recipe({ upstreams: stores.map((store) => store.base), https, http, dir }));
    const main = path.join(dir, "nginx.conf");
    writeFileSync(main, mainConfig(dir, site));
    for (const name of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      mkdirSync(path.join(dir, `${name}-temp`), { mode: 0o777 });
    }
    nginx = spawn(binary, ["-p", dir, "-c", main], { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    nginx.stderr?.on("data", (chunk) => {
      errors += chunk;
    });
    const started = performance.now();
    while (
      !(await http2Get(origin, "/healthz").then(
        (answer) => answer.status === 200,
        () => false,
      ))
    ) {
      if (nginx.exitCode !== null || performance.now() - started > 20_000) {
        throw new Error(`nginx did not start:\n${errors}${readFileSync(path.join(dir, "error.log"), "utf8")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    for (const store of stores.reverse()) await store.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends plain HTTP to HTTPS, and serves the store over TLS with HTTP/2", async () => {
    const plain = await fetch(`${plainOrigin}${PRODUCT_PAGE}`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe(`https://127.0.0.1${PRODUCT_PAGE}`);
    const page = await http2Get(origin, PRODUCT_PAGE);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Grinding Wheel 4.5 in");
    // The store's own headers pass through, HSTS included (PUBLIC_URL is https).
    expect(page.headers["strict-transport-security"]).toContain("max-age=");
  });

  it("caches a visitor's catalogue page and never a personal one", async () => {
    const listing = "/category/abrasives/grinding-wheels";
    await http2Get(origin, listing);
    const again = await http2Get(origin, listing);
    expect(again.status).toBe(200);
    expect(again.headers["x-proxy-cache"]).toBe("HIT");

    // A buyer with a cart or a session: past nginx's cache both ways (a cookie may be a toast to
    // show); the store answers the shared listing, public, and their own request, private.
    const shared = await http2Get(origin, listing, { cookie: "cart=someone" });
    expect(shared.status).toBe(200);
    expect(shared.headers["x-proxy-cache"]).toBe("BYPASS");
    expect(shared.headers["cache-control"]).toContain("public");
    const personal = await http2Get(origin, "/api/cart", { cookie: "cart=someone" });
    expect(personal.headers["x-proxy-cache"]).toBe("BYPASS");
    expect(personal.headers["cache-control"]).toBe("private, no-store");
    // A personal page is not cached even without a cookie.
    const account = await http2Get(origin, "/account");
    expect(account.headers["x-proxy-cache"]).not.toBe("HIT");
    expect((await http2Get(origin, "/account")).headers["x-proxy-cache"]).not.toBe("HIT");
  });

  if (testDriver === "postgres")
    it("goes on serving when one of the store's processes stops", async () => {
      await stores[0]?.stop();
      for (let i = 0; i < 4; i += 1) {
        const page = await http2Get(origin, `/search?q=flap+disc&i=${i}`);
        expect(page.status).toBe(200);
      }
    });
});
