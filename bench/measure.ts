// What the catalogue benches share (bench/queries.ts, in process; bench/api.ts, over HTTP): the
// budgets, the searches, each task timed once at a given concurrency, the seeded database, and the
// built store started as it serves (bench/index.ts too), and the client asking it at 10 connections.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { products } from "../server/db/schema";
import { SERVING_NODE_FLAGS, servingEnvironment } from "../server/node-flags";

export const BUDGETS = { search: 25, listing: 30, suggestions: 15 } as const;

/** What buyers type into the search page: the broadest words, trade terms, sizes, typos, part numbers. */
export const SEARCHES = [
  "in",
  "type",
  "pack",
  "steel",
  "wheel",
  "grinding wheel",
  "grinding wheel 4.5",
  "4 1/2 grinding wheel",
  "4.5in grinding wheel",
  "115 mm grinding wheel",
  "grindng whel",
  "cut-off wheel",
  "cut off wheel 5/8-11",
  "flap disc",
  "flap disc 60",
  "flap disc 80 grit zirconia",
  "zirconia",
  "ceramic",
  "aluminum oxide",
  "60 grit",
  "type 27",
  "type 1",
  "drill bit",
  "cobalt drill",
  "hss",
  "hss jobber",
  "high speed steel",
  "ss",
  "stainless steel",
  "stainles stel",
  "ppe",
  "safety glasses",
  "nitrile gloves",
  "glove",
  "respirator",
  "n95",
  "ear plugs",
  "hard hat",
  "tape",
  "duct tape",
  "wire",
  "wire brush",
  "wire wheel",
  "abrasive belt",
  "sanding disc",
  "sanding belt 2x72",
  "hose clamp",
  "end mill",
  "carbide end mill",
  "tap",
  "die",
  "hex key",
  "socket",
  "wrench",
  "screwdriver",
  "bolt",
  "nut",
  "washer",
  "anchor",
  "lubricant",
  "cleaner",
  "marker",
  "ladder",
  "light",
  "battery",
  "cable tie",
  "zip ties",
  "abrasives",
  "welding",
  "welding rod",
  "saw blade",
  "bandsaw blade",
  "jigsaw",
  "1/4",
  "1/2 in",
  "3/8",
  "7/8 arbor",
  "5/8-11",
  "12 in",
  "100",
  "large",
  "heavy duty",
  "industrial",
  "black",
  "blue",
  "premium",
  "standard",
  "metal",
  "wood",
  "concrete",
  "gw",
  "gw-45",
  "gw-45-001",
  "fd-80",
  "qqqq",
  "xyzzy",
  "grinding wheel in stock",
  "glasses anti fog",
  "gloves large",
  "cutting",
  "polishing",
];

export interface Timing {
  label: string;
  ms: number;
  failed?: boolean;
}

export const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** The 99th percentile of the times. */
export const p99Of = (times: Timing[]) =>
  percentile(
    times.map((t) => t.ms).sort((a, b) => a - b),
    0.99,
  );

export function summary(kind: string, times: Timing[], budget: number | undefined) {
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const [p50, p90, p99] = [0.5, 0.9, 0.99].map((share) => percentile(sorted, share).toFixed(1)) as [
    string,
    string,
    string,
  ];
  const slowest = [...times]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((t) => `${t.label} ${t.ms.toFixed(0)}`)
    .join(", ");
  const p99n = percentile(sorted, 0.99);
  const verdict =
    budget === undefined
      ? ""
      : p99n < budget
        ? `  budget p99 < ${budget} ms: met`
        : `  budget p99 < ${budget} ms: MISSED by ${(p99n - budget).toFixed(1)} ms`;
  const failures = times.filter((t) => t.failed).length;
  const failed = failures ? `  (${failures} FAILED, timed until they failed)` : "";
  return `  ${kind.padEnd(30)} n=${String(sorted.length).padEnd(4)} p50 ${p50.padStart(6)}  p90 ${p90.padStart(6)}  p99 ${p99.padStart(6)} ms${verdict}${failed}\n    slowest: ${slowest}`;
}

/** Each task once, `concurrency` at a time; the time of each. */
export async function runAll(tasks: [string, () => Promise<unknown>][], concurrency: number, deadline: number) {
  const times: Timing[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && performance.now() < deadline) {
      const [label, run] = tasks[next++] as [string, () => Promise<unknown>];
      const started = performance.now();
      // A query that fails (the pool's 5 s wait for a connection running out, at a large size) is
      // counted and reported, not fatal: the others are still measured.
      const failed = await run().then(
        () => false,
        () => true,
      );
      times.push({ label, ms: performance.now() - started, failed });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

export async function seeded(handle: DatabaseHandle) {
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
}

/** The database at `url`, seeded with `size` products unless it has that many already (then used as it is). */
export async function seedIfNeeded(url: string, size: number, seed: (env: NodeJS.ProcessEnv, size: number) => number) {
  let handle = await openDatabase({ databaseUrl: url });
  await handle.migrate();
  let seedNote = "already seeded, used as it is";
  let seedSeconds: number | undefined;
  if ((await seeded(handle)) !== size) {
    await handle.close();
    seedSeconds = seed({ ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" }, size);
    seedNote = `seeded in ${seedSeconds.toFixed(1)}s`;
    handle = await openDatabase({ databaseUrl: url });
  }
  await handle.db.execute(sql`analyze`);
  return { handle, seedNote, seedSeconds };
}

/** The built store, started as `npm start` starts it (the serving processes' Node flags and environment); its stdout piped or not. */
export function spawnStore(env: NodeJS.ProcessEnv, stdout: "pipe" | "ignore"): ChildProcess {
  return spawn(process.execPath, [...SERVING_NODE_FLAGS, "scripts/start.js"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: servingEnvironment(env),
    stdio: ["ignore", stdout, "inherit"],
  });
}

/**
 * GETs over `connections` kept-alive connections, each answer read whole and unzipped, as a client
 * does. For the runs at 10 connections, where the client shares the store's two cores: `fetch` took
 * 1.1 ms of CPU a call, node:http 0.5 (3,030 kept answers at 10 connections, session 38).
 */
export function keepAliveClient(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = (url: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      http
        .get(url, { agent, headers: { "accept-encoding": "gzip" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              body: response.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body,
            });
          });
        })
        .on("error", reject);
    });
  return { get, close: () => agent.destroy() };
}
