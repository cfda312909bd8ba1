// The real store, started as `npm start` starts it, on the driver under test, for tests that talk
// to it over HTTP; and a client that keeps its cookies and posts as the store's own pages do.
import type { ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../scripts/local-server.js";
import { type DatabaseHandle, openDatabase, setDatabase } from "../server/db/client";
import { createEmptyDatabase, sourceFingerprint, testDriver } from "./database";
import { startServer, waitForHealth } from "./store-command";

export interface StoreProcess {
  /** http://127.0.0.1:port, set by the first start. */
  readonly base: string;
  readonly dataDir: string;
  /** The PostgreSQL database it uses (undefined on PGlite), to start another store on the same one. */
  readonly databaseUrl: string | undefined;
  /** Starts the store; `env` adds to (or overrides) the environment given at creation. */
  start(env?: Record<string, string>): Promise<void>;
  /**
   * Prepares its database as a first start does (migrated, seeded, its ADMIN_EMAIL made), then runs
   * `write` on it with the store's own code, in this process: what a test writes for the store to
   * start with, with no start and stop before it (seconds of a store's start-up each).
   */
  prepare<T>(write: (database: DatabaseHandle) => Promise<T>): Promise<T>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  /** The store's database, to read with the store stopped (an embedded database has one process at a time). */
  openDatabase(): Promise<DatabaseHandle>;
  /**
   * Runs `write` with the store's own code on its database while the store is stopped (an embedded
   * database has one process at a time), then starts it again, on a new port, if it was running.
   */
  writeWhileStopped<T>(write: (database: DatabaseHandle) => Promise<T>): Promise<T>;
  /** Stops the store and removes its folder and database. */
  remove(): Promise<void>;
}

/**
 * The embedded database of a store started once: migrated, seeded and typed as a first start leaves
 * it. That first start takes ~6 s of a test's two cores, a copy of it a fraction of one, so the first
 * test to need it makes it, under a name that changes with the code that writes it, for every test
 * after it. What a first start does is tested where it is the point (server-process, migrations).
 */
async function firstStartedPglite(): Promise<string> {
  const folder = path.join(tmpdir(), "store-test-started");
  const kept = path.join(
    folder,
    sourceFingerprint("node_modules/@electric-sql/pglite/package.json", ["server/catalog/seed", "domain/catalog"]),
  );
  if (existsSync(kept)) return kept;
  const [{ prepareDatabase }, { logger }] = await Promise.all([
    import("../server/prepare-database"),
    import("../server/logger"),
  ]);
  logger.level = "silent"; // a first start's "seeded the starter catalogue" is no news in a test's output
  // Made whole under another name first: a test beside this one may be copying the kept one.
  const partial = `${kept}.${process.pid}`;
  mkdirSync(partial, { recursive: true });
  const handle = await prepareDatabase({ dataDir: partial });
  await handle.close();
  try {
    renameSync(partial, kept);
  } catch {
    rmSync(partial, { recursive: true, force: true }); // another test kept one first
  }
  return kept;
}

/** Runs `write` with `database` as the one domain code uses, then closes it. */
async function writeWith<T>(database: DatabaseHandle, write: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  try {
    setDatabase(database);
    return await write(database);
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

/**
 * A store in a folder of its own, on a new database as a first start leaves it, or on
 * `shared.databaseUrl` (another store's, which then stays when this one is removed).
 */
export async function storeProcess(
  env: Record<string, string>,
  shared: { databaseUrl?: string } = {},
): Promise<StoreProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-test-"));
  const empty = testDriver === "postgres" && !shared.databaseUrl ? await createEmptyDatabase() : undefined;
  if (testDriver === "pglite")
    cpSync(path.join(await firstStartedPglite(), "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  const databaseUrl = shared.databaseUrl ?? empty?.url;
  let child: ChildProcess | undefined;
  let base = "";
  let lastExtra: Record<string, string> = {};
  // The processes this store was told to stop: any other exit is news, said with what the store wrote.
  const stopped = new WeakSet<ChildProcess>();
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    stopped.add(running);
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  const open = () => openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, "pglite") });
  const start = async (extra: Record<string, string> = {}) => {
    lastExtra = extra;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // PATH, HOST and one process (unless a test is about several) are startServer's.
    const all: Record<string, string> = {
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...env,
      ...extra,
    };
    if (databaseUrl) all.DATABASE_URL = databaseUrl;
    const server = startServer(all);
    child = server.child;
    // A start that fails says why in its error; a store that stops by itself after it says so here.
    await waitForHealth(base, server, 120_000);
    const { child: running } = server;
    const at = base;
    void server.closed.then(() => {
      if (!stopped.has(running))
        process.stderr.write(
          `The store at ${at} stopped by itself (exit ${running.exitCode ?? running.signalCode}). It wrote:\n${server.output()}\n`,
        );
    });
  };
  return {
    get base() {
      return base;
    },
    dataDir,
    databaseUrl,
    async writeWhileStopped(write) {
      const wasRunning = child !== undefined && child.exitCode === null;
      await stop();
      try {
        return await writeWith(await open(), write);
      } finally {
        if (wasRunning) await start(lastExtra);
      }
    },
    start,
    stop,
    async prepare(write) {
      const [{ prepareDatabase }, { ensureAdmin }] = await Promise.all([
        import("../server/prepare-database"),
        import("../server/accounts/admin-bootstrap"),
      ]);
      return writeWith(await prepareDatabase({ databaseUrl, dataDir }), async (database) => {
        if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
        return write(database);
      });
    },
    openDatabase: open,
    async remove() {
      await stop();
      await empty?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client of `store` that keeps its cookies and posts as a page of the store would (same origin). */
export function client(store: Pick<StoreProcess, "base">) {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      // A cookie cleared (a toast once shown) is dropped, as a browser drops it.
      const cleared = value === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (cleared) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  /** Sends as a page of the store would: its origin, this client's cookies, redirects not followed. */
  const send = (pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${store.base}${pathname}`, {
      redirect: "manual",
      ...init,
      headers: { origin: store.base, cookie: cookie(), ...init.headers },
    }).then(remember);
  return {
    send,
    post: (pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
      send(pathname, { method: "POST", body: new URLSearchParams(form), headers }),
    get: (pathname: string) => send(pathname),
    /** The names of the cookies this client holds. */
    cookieNames: () => [...cookies.keys()],
  };
}

/** The product editor's fields for a new grinding wheel, as an admin fills them in. */
export function newProductForm(partNumber: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    partNumber,
    name: `Pictured Wheel ${partNumber}`,
    category: "abrasives",
    subcategory: "grinding-wheels",
    brand: "Own Brand",
    price: "12.00",
    stockLevel: "5",
    status: "active",
    description: "",
  }))
    form.append(name, value);
  return form;
}

/**
 * Saves a new product with `picture` through the product editor, as a signed-in store admin does;
 * returns the /media/ URL of its largest WebP version, as the editor shows it.
 */
export async function productWithPicture(
  admin: ReturnType<typeof client>,
  partNumber: string,
  picture: Uint8Array,
): Promise<string> {
  const form = newProductForm(partNumber);
  form.append("newImages", new File([new Uint8Array(picture)], "picture.png", { type: "image/png" }));
  const saved = await admin.send("/admin/products/new", { method: "POST", body: form });
  if (saved.status !== 302) throw new Error(`The editor refused the product: ${saved.status} ${await saved.text()}`);
  const editor = await (await admin.get(saved.headers.get("Location") ?? "")).text();
  // The form's own value (a hidden field), not one of the smaller versions its preview shows.
  const url = /name="images\[0\]" value="(\/media\/[0-9a-f]{24}-\d+x\d+-\d+\.webp)"/.exec(editor)?.[1];
  if (!url) throw new Error(`The editor of ${partNumber} shows no stored picture.`);
  return url;
}
