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
