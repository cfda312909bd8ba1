// `npm run bench -- --api [--products 100000] [--database-url URL] [--processes 1]`: the catalogue
// API as an integration meets it, over HTTP against the built store on PostgreSQL: distinct
// searches and listings through GET /api/v1/products, each asked once, one at a time, after the
// store's index is built; the p99 against the 25 ms budget, and every total against the SQL path's
// (the reference, asked in this process with no index). Bounded in time.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { freePort, waitUntilAnswering } from "../scripts/local-server.js";
import { startTestPostgres } from "../scripts/test-postgres.js";
import { parseProductParams } from "../server/api/product-params";
import { catalogueAnswer } from "../server/api/products";
import { type DatabaseHandle, setDatabase } from "../server/db/client";
import {
  BUDGETS,
  keepAliveClient,
  p99Of,
  runAll,
  SEARCHES,
  seedIfNeeded,
  spawnStore,
  summary,
  type Timing,
} from "./measure";
import { typedPrefixes } from "./typed.js";

const RUN_LIMIT_MS = 10 * 60_000;
const INDEX_BUILT_WITHIN_MS = 10 * 60_000;

type Facets = {
  total: number;
  facets: {
    attributes: {
      slug: string;
      kind: string;
      options: { value: string; count: number }[];
      range: { min: string; max: string } | null;
    }[];
  };
};

/** Starts the built store and resolves once each of its processes has built its catalogue index and read the search vocabulary. */
function startStore(env: NodeJS.ProcessEnv, processes: number) {
  const child = spawnStore(env, "pipe");
  let built = 0;
  let buildMs = 0;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("The catalogue index was not built in time.")),
      INDEX_BUILT_WITHIN_MS,
    );
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (text: string) => {
      for (const line of text.split("\n")) {
        if (line.includes("catalogue index built"))
          buildMs = Math.max(buildMs, Number(/"ms":(\d+)/.exec(line)?.[1] ?? 0));
        // Read once the index is built: the store is then as fast as it gets.
        if (!line.includes("search vocabulary read")) continue;
        if (++built === processes) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.once("exit", (code) => reject(new Error(`The store exited with code ${code}.`)));
  });
  return { child, ready, buildMs: () => buildMs };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/**
 * The built store on the database at `url`, `processes` of it, on loopback, once every process has
 * built its index: its address, what the slowest build took, and how to stop it (and remove its files).
 */
async function runningStore(url: string, processes: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-bench-api-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const running = startStore(
    {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: String(processes),
      // One address asks every question here: its visitor's limit is not what is measured.
      API_CALLS_PER_ADDRESS: "100000",
    },
    processes,
  );
  const close = async () => {
    await stop(running.child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${base}/healthz`, { child: running.child, timeoutMs: INDEX_BUILT_WITHIN_MS });
    await running.ready;
  } catch (error) {
    running.ready.catch(() => {}); // rejected by the store's exit, which this close causes
    await close();
    throw error;
  }
  const described = `${processes} store process${processes === 1 ? "" : "es"}, index built in ${(running.buildMs() / 1000).toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(1)} s from start)`;
  return { base, described, close };
}

/**
 * Listings with two spec filters and a sort: for each of the largest subcategories, one
 * attribute's commonest value and another's range (or value), as the API's own facets write them.
 */
async function listingParams(base: string, handle: DatabaseHandle, wanted: number): Promise<URLSearchParams[]> {
  const sorts = ["price_asc", "price_desc", "name", "relevance"];
  const found: URLSearchParams[] = [];
  // The subcategories, largest first, from the products' own counts.
  const { rows } = await handle.db.execute<{ category: string; subcategory: string }>(
    sql`select category, subcategory from products group by 1, 2 order by count(*) desc`,
  );
  for (const { category, subcategory } of rows) {
    if (found.length >= wanted) break;
    const scope = new URLSearchParams({ category, subcategory, per_page: "1" });
    const { facets } = (await (await fetch(`${base}/api/v1/products?${scope}`)).json()) as Facets;
    const usable = facets.attributes.filter((attribute) => (attribute.options[0]?.count ?? 0) > 0);
    for (let i = 0; i + 1 < usable.length && i < 4 && found.length < wanted; i++) {
      const [first, second] = [usable[i], usable[i + 1]] as [
        Facets["facets"]["attributes"][0],
        Facets["facets"]["attributes"][0],
      ];
      const params = new URLSearchParams({ category, subcategory, sort: sorts[found.length % sorts.length] ?? "name" });
      params.set(first.slug, first.options[0]?.value ?? "");
      if (second.kind === "number" && second.range && second.range.min !== second.range.max) {
        params.set(`${second.slug}_min`, second.range.min);
        params.set(`${second.slug}_max`, second.range.max);
      } else params.set(second.slug, second.options[0]?.value ?? "");
      if (found.length % 2 === 0) params.set("in_stock", "1");
      found.push(params);
    }
  }
  return found;
}

/**
 * The store as it runs, one process per core, at `connections` requests at once over HTTP: the
 * bench's searches and listings (two spec filters and a sort) through GET /api/v1/products, and
 * what buyers type through GET /api/search/suggest, each asked once. Each kind's times, by the
 * names bench/queries.ts gives them.
 */
export async function atConnections(url: string, handle: DatabaseHandle, connections: number, deadline: number) {
  const store = await runningStore(url, availableParallelism());
  const client = keepAliveClient(connections);
  try {
    const ask = (pathname: string) => async () => {
      const { status } = await client.get(`${store.base}${pathname}`);
      if (status !== 200) throw new Error(`${pathname} answered ${status}`);
    };
    type Task = [string, () => Promise<unknown>];
    const searched = (q: string): Task => [q, ask(`/api/v1/products?${new URLSearchParams({ q })}`)];
    const typedIn = (q: string): Task => [q, ask(`/api/search/suggest?${new URLSearchParams({ q })}`)];
    const listings = await listingParams(store.base, handle, 30);
    // A fresh process runs the code of its first requests cold (the HTTP, routing and query
    // layers around the index): 3,000 parts' searches, 10 at once, took p50 49 ms and p99 140 so,
    // 40 and 74 after this warm-up. Warmed by other questions than those timed: what is typed,
    // searched for; what is searched for, typed.
    const typed = typedPrefixes();
    const warmUp = [
      ...typed.filter((q) => !SEARCHES.includes(q)).map(searched),
      ...SEARCHES.filter((q) => !typed.includes(q)).map(typedIn),
    ];
    await runAll(warmUp, connections, deadline);
    const kinds: [string, Task[]][] = [
      ["search results", SEARCHES.map(searched)],
      [
        "listing, 2 spec filters + sort",
        listings.map((params): Task => [`${params}`, ask(`/api/v1/products?${params}`)]),
      ],
      ["suggestions", typed.map(typedIn)],
    ];
    const times = new Map<string, Timing[]>();
    for (const [kind, tasks] of kinds) times.set(kind, await runAll(tasks, connections, deadline));
    return { described: store.described, times };
  } finally {
    client.close();
    await store.close();
  }
}

/** Searches as integrations send them: the bench's words alone, and some narrowed by category, stock and sort. */
function searchParams(): URLSearchParams[] {
  const plain = SEARCHES.map((q) => new URLSearchParams({ q }));
  const narrowed: [string, Record<string, string>][] = [
    ["wheel", { category: "abrasives", sort: "price_asc" }],
    ["steel", { in_stock: "1" }],
    ["industrial", { sort: "name" }],
    ["industrial", { category: "safety", in_stock: "1" }],
    ["gloves", { subcategory: "gloves", sort: "price_desc" }],
    ["drill bit cobalt", { sort: "price_asc", in_stock: "1" }],
    ["4.5 grinding wheel", { category: "abrasives", page: "2" }],
    ["type 27", { per_page: "100" }],
    ["grindng wheel", { category: "abrasives" }],
    ["tape", { brand: "Ironridge" }],
  ];
  return [...plain, ...narrowed.map(([q, rest]) => new URLSearchParams({ q, ...rest }))];
}

export async function benchApi(
  size: number,
  seed: (env: NodeJS.ProcessEnv, size: number) => number,
  databaseUrl: string | undefined,
  processes: number,
) {
  const postgres = databaseUrl ? undefined : await startTestPostgres();
  const url = databaseUrl ?? postgres?.url;
  if (!url) throw new Error("--api needs PostgreSQL: none is installed, and no --database-url was given.");
  let store: Awaited<ReturnType<typeof runningStore>> | undefined;
  try {
    const { handle, seedNote } = await seedIfNeeded(url, size, seed);
    setDatabase(handle);
    store = await runningStore(url, processes);
    const { base } = store;
    const [load] = loadavg();
    console.log(
      `Catalogue API over HTTP, nothing cached: PostgreSQL, ${size.toLocaleString("en-US")} products (${seedNote}); ${store.described}; load average ${load?.toFixed(2)}`,
    );
    const listings = await listingParams(base, handle, 30);
    const requests = [
      ...searchParams().map((params) => ({ kind: "search", params })),
      ...listings.map((params) => ({ kind: "listing", params })),
    ];
    const totals = new Map<string, number>();
    const deadline = performance.now() + RUN_LIMIT_MS;
    const times = await runAll(
      requests.map(({ params }) => [
        params.toString(),
        async () => {
          const response = await fetch(`${base}/api/v1/products?${params}`);
          const body = (await response.json()) as { total: number };
          if (!response.ok) throw new Error(`${params} answered ${response.status}: ${JSON.stringify(body)}`);
          totals.set(params.toString(), body.total);
        },
      ]),
      1,
      deadline,
    );
    console.log(summary(`GET /api/v1/products, ${requests.length} distinct`, times, BUDGETS.search));
    for (const kind of ["search", "listing"]) {
      const own = times.filter((time) => requests.find((r) => r.params.toString() === time.label)?.kind === kind);
      console.log(summary(`  of which ${kind === "search" ? "searches" : "listings"}`, own, undefined));
    }
    // Every total against the SQL path's, asked here, where no index is built.
    const wrong: string[] = [];
    for (const { params } of requests) {
      const parsed = parseProductParams(params);
      if (!parsed.ok) throw new Error(`${params}: ${parsed.problem.message}`);
      const expected = (await catalogueAnswer(parsed.value, null)).total;
      const got = totals.get(params.toString());
      if (got !== expected) wrong.push(`${params}: API ${got}, SQL ${expected}`);
    }
    const p99 = p99Of(times);
    console.log(
      wrong.length === 0
        ? `Totals: all ${requests.length} equal to the SQL path's.`
        : `Totals WRONG (${wrong.length} of ${requests.length}):\n  ${wrong.slice(0, 20).join("\n  ")}`,
    );
    console.log(
      `Budget (issue 35's check): p99 < ${BUDGETS.search} ms: ${p99.toFixed(1)} ms ${p99 < BUDGETS.search ? "met" : "MISSED"}; totals ${wrong.length === 0 ? "exact" : "WRONG"}`,
    );
    if (wrong.length > 0 || times.some((time) => time.failed)) process.exitCode = 1;
    setDatabase(undefined);
    await handle.close();
  } finally {
    await store?.close();
    postgres?.stop();
  }
}
