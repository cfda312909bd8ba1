/**
 * The Node flags of a process that serves: `npm start` passes the same, the supervisor gives them
 * to its workers (server/app.ts), and the bench starts its stores with them (`npm run bench` runs
 * with them too: it calls the store's query functions in its own process). The collector exposed,
 * to collect a build's garbage before the first request (server/app.ts); and an old generation that
 * starts at 256 MB. Without that, V8 began a full collection whenever the old generation's room fell below
 * its young generation's size (64 MB): with ~45 MB live at 100,000 parts and room for ~72 MB more,
 * every ~8 MB that stayed (answers kept in the page cache, their keys) set one off, 13 in 1,616 API
 * searches, each pausing one of them 6-16 ms. With it: 1 in 1,616, and one process's p50 5.9 ->
 * 4.3-4.8 ms, p99 20.0 -> 13.9-14.2 (docs/decisions/catalogue-index.md). The heap stayed ~190-240 MB.
 */
export const SERVING_NODE_FLAGS = ["--expose-gc", "--initial-old-space-size=256"];

/**
 * glibc's malloc asking the kernel for transparent huge pages (2 MB) for what it maps, where the
 * machine gives them on request (`madvise`, Debian's default; with `always` it changes nothing, and
 * other C libraries ignore it). The catalogue index's typed arrays are mapped by malloc: its words'
 * positions alone are ~180 MB at a million parts, in ~46,000 pages of 4 KB. A search walks the
 * parts of them its matches hold, and a page not walked for some seconds cost ~2 µs on its next
 * walk on this machine (a virtual machine; why, it does not say): walking one value a page of them
 * all took 95 ms after 20 s idle and 1.7 ms warm; in huge pages, 24 ms. One search ranking 81,479
 * matches after 2-20 s idle: 10.9-11.6 ms, and 7.4-8.0 in huge pages (docs/decisions/catalogue-index.md).
 */
const HUGE_PAGES_TUNABLE = "glibc.malloc.hugetlb";
export const SERVING_GLIBC_TUNABLE = `${HUGE_PAGES_TUNABLE}=1`;

/** `env` for a serving process: with the tunable added to any it has, unless it sets that one itself. */
export function servingEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const tunables = env.GLIBC_TUNABLES ?? "";
  if (tunables.split(":").some((tunable) => tunable.split("=")[0] === HUGE_PAGES_TUNABLE)) return env;
  return { ...env, GLIBC_TUNABLES: tunables ? `${tunables}:${SERVING_GLIBC_TUNABLE}` : SERVING_GLIBC_TUNABLE };
}
