// `npm run bench [-- --products N --seconds S]` (`--queries`: bench/queries.ts; `--api`: bench/api.ts; `--import`: the
// catalogue import alone, bench/import.ts): the store under load on loopback, on embedded
// PGlite and on PostgreSQL, beside the machine's ceiling. Every run is bounded in time; the
// figures are printed and written to bench/results/latest.json.
import { type ChildProcess, fork, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { freePort, waitUntilAnswering } from "../scripts/local-server.js";
import { startTestPostgres } from "../scripts/test-postgres.js";
import { searchItemsQuery } from "../server/catalog/search/search";
import { openDatabase, setDatabase } from "../server/db/client";
import { products } from "../server/db/schema";
import { benchAdminScale } from "./admin-scale";
import { benchApi } from "./api";
import { BUYER_PAGES, benchBuyers, buyerCookies, buyerEnv } from "./buyers";
import { benchImport, IMPORT_ROWS } from "./import";
import { type LoadResult, load } from "./load";
import { spawnStore } from "./measure";
import { benchQueries } from "./queries";
import { medianAndP99, timed, typedPrefixes } from "./typed.js";

const root = path.resolve(import.meta.dirname, "..");
const CONNECTIONS = [10, 50];
const SEARCH = "grinding wheel 4.5";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--${name} needs a whole number above 0`);
  return value;
}

/** `--database-url URL`: a PostgreSQL to use instead of a throwaway one. */
function databaseUrlOption(): string | undefined {
  const at = process.argv.indexOf("--database-url");
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function seed(env: NodeJS.ProcessEnv, size: number): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["scripts/seed.js", "--products", String(size)], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("Seeding failed.");
  return (performance.now() - started) / 1000;
}

/** The built store, its output not read. */
const startStore = (env: NodeJS.ProcessEnv): ChildProcess => spawnStore(env, "ignore");

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

type Row = { name: string; connections: number } & LoadResult;

type RequestInit = { method?: "GET" | "POST"; body?: string; headers?: Record<string, string> };

async function measure(name: string, url: string, seconds: number, init: RequestInit) {
  const rows: Row[] = [];
  await load(url, { connections: 10, seconds: 1, ...init }); // warm-up
  for (const connections of CONNECTIONS)
    rows.push({ name, connections, ...(await load(url, { connections, seconds, ...init })) });
  return rows;
}

/** The store's figures on one database: start-up, then each page under load. */
async function benchStore(label: string, env: NodeJS.ProcessEnv, seconds: number, productId: string, slug: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const store = startStore({
    ...env,
    ...buyerEnv,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
  });
  const startupMs = await waitUntilAnswering(`${base}/healthz`, { child: store });
  const firstPageMs = await waitUntilAnswering(`${base}/`, { child: store });
  const rows: Row[] = [];
  try {
    const pages: [string, string][] = [
      ["product page", `/products/${slug}`],
      ["category page", "/category/abrasives/grinding-wheels"],
      ["category, filter + sort, page 5", "/category/abrasives/grinding-wheels?stock=in&sort=price-asc&page=5"],
      ["search results", `/search?q=${encodeURIComponent(SEARCH)}`],
      ["search suggestions", "/api/search/suggest?q=grind"],
    ];
    for (const [name, pathname] of pages) rows.push(...(await measure(name, base + pathname, seconds, {})));
    // A signed-in buyer with a cart: the same pages, their own parts fetched apart (docs/decisions/buyers-pages.md).
    const Cookie = await buyerCookies(base, productId);
    for (const [name, pathname] of BUYER_PAGES)
      rows.push(...(await measure(`${name}, buyer with a cart`, base + pathname, seconds, { headers: { Cookie } })));
    rows.push(
      ...(await measure("add to cart (new guest)", `${base}/api/cart`, seconds, {
        method: "POST",
        body: new URLSearchParams({ intent: "add", productId, quantity: "1" }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      })),
    );
    const productHtml = await (await fetch(`${base}/products/${slug}`)).text();
    const suggestions = await uncachedSuggestions(base);
    return { label, startupMs, firstPageMs: startupMs + firstPageMs, rows, productHtml, suggestions };
  } finally {
    await stop(store);
  }
}

/**
 * With 1, 2 and one process per core (`WEB_CONCURRENCY`, PostgreSQL only), how throughput grows
 * with processes: the product page (from the page cache, the same for a buyer with a cart) and the
 * sign-in page, which is rendered for every request, so the processes' CPU is what limits it. On a
 * machine with few cores the load generator, PostgreSQL and each process's own helper threads
 * (garbage collection) take their share.
 */
async function benchProcesses(env: NodeJS.ProcessEnv, seconds: number, slug: string) {
  const rows: Row[] = [];
  for (const processes of new Set([1, 2, availableParallelism()])) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const store = startStore({
      ...env,
      WEB_CONCURRENCY: String(processes),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
    });
    await waitUntilAnswering(`${base}/healthz`, { child: store });
    try {
      const page = `${base}/products/${slug}`;
      const label = `${processes} process${processes === 1 ? "" : "es"}`;
      rows.push(...(await measure(`product page, ${label}`, page, seconds, {})));
      rows.push(...(await measure(`  sign-in page (rendered), ${label}`, `${base}/auth`, seconds, {})));
    } finally {
      await stop(store);
    }
  }
  return rows;
}

/** Suggestion latency as a buyer sees it while typing: one request at a time, none cached. */
async function uncachedSuggestions(base: string) {
  const times: number[] = [];
  for (const prefix of typedPrefixes())
    times.push(await timed(`${base}/api/search/suggest?q=${encodeURIComponent(prefix)}`));
  return medianAndP99(times);
}

/** The same bytes as the product page from a bare Node server: what this machine can do at most. */
async function benchCeiling(productHtml: string, seconds: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "store-bench-ceiling-"));
  const file = path.join(dir, "product.html");
  writeFileSync(file, productHtml);
  const port = await freePort();
  const server = fork(path.join(root, "bench/ceiling-server.js"), {
    env: { ...process.env, PORT: String(port), CEILING_BODY_FILE: file },
    stdio: "ignore",
  });
  await new Promise((resolve) => server.once("message", resolve));
  try {
    return await measure("ceiling (bare node http)", `http://127.0.0.1:${port}/`, seconds, {});
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pgbench -c 10 running the search page's own results query, for the search budget. */
async function pgbenchSearch(databaseUrl: string, seconds: number) {
  const handle = await openDatabase({ databaseUrl });
  setDatabase(handle);
  const query = searchItemsQuery({
    q: SEARCH,
    sort: "relevance",
    page: 1,
    stock: undefined,
    category: undefined,
    brand: undefined,
  }).toSQL();
  setDatabase(undefined);
  await handle.close();
  const literal = (value: unknown) =>
    typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
  const dir = mkdtempSync(path.join(tmpdir(), "store-bench-pgbench-"));
  const script = path.join(dir, "search.sql");
  writeFileSync(script, `${inlined.replaceAll("\n", " ")};\n`);
  const url = new URL(databaseUrl);
  const result = spawnSync(
    "pgbench",
    [
      "-n",
      "-c",
      "10",
      "-j",
      "2",
      "-T",
      String(seconds),
      "-f",
      script,
      "-h",
      url.hostname,
      "-p",
      url.port,
      "-U",
      url.username,
      url.pathname.slice(1),
    ],
    { encoding: "utf8" },
  );
  rmSync(dir, { recursive: true, force: true });
  const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
  return tps ? Math.round(Number(tps)) : undefined;
}

async function productIds(handle: Awaited<ReturnType<typeof openDatabase>>) {
  const [row] = await handle.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(eq(products.partNumber, "GW-45-001"));
  if (!row) throw new Error("The seeded catalogue lacks GW-45-001.");
  const [{ total } = { total: 0 }] = await handle.db.select({ total: sql<number>`count(*)::int` }).from(products);
  return { ...row, total };
}

function table(rows: Row[], ceiling: Row[]) {
  const ceilingAt = (connections: number) => ceiling.find((row) => row.connections === connections)?.rps ?? 1;
  return rows.map(
    (row) =>
      `  ${row.name.padEnd(34)} c=${String(row.connections).padEnd(3)} ${String(row.rps).padStart(6)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${((row.rps / ceilingAt(row.connections)) * 100).toFixed(0).padStart(3)}% of ceiling${row.failures ? `  (${row.failures} failed)` : ""}`,
  );
}

/**
 * `--buyers`: only the visitor and buyer rows of the product, category and search pages at 10
 * connections, on PostgreSQL when there is one (else PGlite): a run short enough to repeat.
 */
async function buyersOnly(size: number, seconds: number) {
  spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "ignore" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-bench-buyers-"));
  const postgres = await startTestPostgres();
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? "" };
    seed({ ...env, LOG_LEVEL: "silent" }, size);
    const handle = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dataDir, "pglite") },
    );
    const product = await productIds(handle);
    await handle.close();
    const rows = await benchBuyers(startStore, env, seconds, product.id);
    console.log(`${postgres ? "PostgreSQL" : "PGlite"}, ${product.total.toLocaleString("en-US")} products, 1 process:`);
    for (const [index, row] of rows.entries()) {
      const visitor = index % 2 === 1 && row.name.includes(", buyer") ? rows[index - 1] : undefined;
      const share = visitor ? `  ${((row.rps / visitor.rps) * 100).toFixed(0)}% of the visitor's rate` : "";
      console.log(
        `  ${row.name.padEnd(48)} c=10 ${String(row.rps).padStart(6)} req/s  p50 ${String(row.p50).padStart(3)} ms  p99 ${String(row.p99).padStart(3)} ms${share}${row.failures ? `  (${row.failures} failed)` : ""}`,
      );
    }
  } finally {
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `--import [--rows N] [--database-url URL]`: the catalogue import alone (the full run ends with
 * it), on a throwaway PostgreSQL or in a database of its own on the server at URL.
 */
async function importOnly(rows: number, serverUrl: string | undefined) {
  const postgres = serverUrl ? undefined : await startTestPostgres();
  const url = serverUrl ?? postgres?.url;
  if (!url) throw new Error("--import needs PostgreSQL: none is installed, and no --database-url was given.");
  try {
    const [load = 0] = loadavg();
    console.log(
      `Catalogue import on PostgreSQL (npm run catalog:import, its own process), load average ${load.toFixed(2)}:`,
    );
    for (const line of await benchImport(url, rows)) console.log(line);
  } finally {
    postgres?.stop();
  }
}

export async function main() {
  const size = option("products", 100_000);
  const seconds = option("seconds", 5);
  if (process.argv.includes("--buyers")) return buyersOnly(size, seconds);
  if (process.argv.includes("--api")) return benchApi(size, seed, databaseUrlOption(), option("processes", 1));
  if (process.argv.includes("--queries")) return benchQueries(size, seed, databaseUrlOption());
  if (process.argv.includes("--import")) return importOnly(option("rows", IMPORT_ROWS), databaseUrlOption());
  const lines: string[] = [`npm run bench -- --products ${size} --seconds ${seconds}   (${new Date().toISOString()})`];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  print(lines[0] ?? "");
  spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "ignore" });

  const results: Record<string, unknown> = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-bench-pglite-"));
  const postgres = await startTestPostgres();
  try {
    const targets: [string, NodeJS.ProcessEnv][] = [
      ["PGlite (embedded)", { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }],
      ...(postgres
        ? ([
            [
              "PostgreSQL",
              // One process, as the figures before several existed; the processes table follows.
              {
                ...process.env,
                DATA_DIR: path.join(dataDir, "pg-side"),
                DATABASE_URL: postgres.url,
                WEB_CONCURRENCY: "1",
              },
            ],
          ] as [string, NodeJS.ProcessEnv][])
        : []),
    ];
    let ceiling: Row[] | undefined;
    for (const [label, env] of targets) {
      mkdirSync(env.DATA_DIR ?? dataDir, { recursive: true });
      const seedSeconds = seed({ ...env, LOG_LEVEL: "silent" }, size);
      const handle = await openDatabase(
        env.DATABASE_URL
          ? { databaseUrl: env.DATABASE_URL }
          : { pgliteDir: path.join(env.DATA_DIR ?? dataDir, "pglite") },
      );
      const product = await productIds(handle);
      await handle.close();
      const store = await benchStore(label, env, seconds, product.id, product.slug);
      ceiling ??= await benchCeiling(store.productHtml, seconds);
      print("");
      print(
        `${label}: ${product.total.toLocaleString("en-US")} products seeded in ${seedSeconds.toFixed(1)}s; start to first page ${Math.round(store.firstPageMs)} ms`,
      );
      for (const line of table(store.rows, ceiling)) print(line);
      const { count, p50, p99 } = store.suggestions;
      print(`  search suggestions, ${count} prefixes typed one by one, none cached: p50 ${p50} ms  p99 ${p99} ms`);
      const pgbench = env.DATABASE_URL ? await pgbenchSearch(env.DATABASE_URL, seconds) : undefined;
      if (pgbench) print(`  pgbench -c 10, the search results query alone: ${pgbench} tps`);
      const processes = env.DATABASE_URL ? await benchProcesses(env, seconds, product.slug) : undefined;
      if (processes) {
        print(`  the product and sign-in pages by number of processes (${availableParallelism()} cores):`);
        for (const line of table(processes, ceiling)) print(line);
      }
      results[label] = {
        processes,
        seedSeconds,
        firstPageMs: store.firstPageMs,
        rows: store.rows,
        suggestions: store.suggestions,
        pgbench,
      };
    }
    print("");
    print("Ceiling and load generator (autocannon, 2 worker threads):");
    for (const line of table(ceiling ?? [], ceiling ?? [])) print(line);

    for (const [label, env] of targets) {
      const handle = await openDatabase(
        env.DATABASE_URL
          ? { databaseUrl: env.DATABASE_URL }
          : { pgliteDir: path.join(env.DATA_DIR ?? dataDir, "pglite") },
      );
      print("");
      print(`Back office on ${label}:`);
      for (const line of await benchAdminScale(handle)) print(line);
      await handle.close();
    }
    if (postgres) {
      print("");
      print("Catalogue import on PostgreSQL (npm run catalog:import, its own process):");
      const importLines = await benchImport(postgres.url);
      for (const line of importLines) print(line);
      results.import = importLines;
    }
    results.ceiling = ceiling;
  } finally {
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/latest.json"), JSON.stringify(results, null, 2));
  writeFileSync(path.join(root, "bench/results/latest.txt"), `${lines.join("\n")}\n`);
}
