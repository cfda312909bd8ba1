// `npm run bench -- --queries [--products 100000] [--database-url URL]`: the catalogue's queries
// themselves, nothing cached. A throwaway PostgreSQL is seeded with the bench's catalogue (or an
// already seeded database is used as it is), then the store's own query functions are called
// directly, as the loaders call them (no page cache, no HTTP): each query asked once, one at a
// time, then the same list again at 10 concurrent callers (the store's pool has 10 connections).
// Then the store itself is started on the database, one process per core, and the same searches,
// listings and suggestions are asked over HTTP at 10 connections (bench/api.ts). The facet counts
// of the listings are checked against direct COUNT(*) queries. Bounded in time.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { parseSearchParams, searchParamNames } from "../domain/catalog/search-params";
import { emptySpecState, type SpecFilter, type SpecState } from "../domain/catalog/spec-filters";
import { startTestPostgres } from "../scripts/test-postgres.js";
import { initializeBitmaps } from "../server/catalog/index/catalogue-index";
import { answerFrom } from "../server/catalog/index/current";
import { buildCatalogueIndex } from "../server/catalog/index/load";
import { listCategoryProducts } from "../server/catalog/pages/listing";
import { listedForBuyers } from "../server/catalog/products/visibility";
import { findByPartNumber, searchProducts, suggestProducts, warmUpSearch } from "../server/catalog/search/search";
import { readSpecFilters, type ScopeAttribute, scopeAttributes } from "../server/catalog/search/spec-facets";
import { type DatabaseHandle, setDatabase } from "../server/db/client";
import { productAttributeValues, products } from "../server/db/schema";
import { atConnections } from "./api";
import { buildMemoryIndex, memoryListing, memorySearch } from "./in-memory-index";
import { BUDGETS, p99Of, runAll, SEARCHES, seeded, seedIfNeeded, summary } from "./measure";
import { typedPrefixes } from "./typed.js";

const CONCURRENCY = 10;
// Each path's queries (SQL's, the index's) stop after this long, whatever is left (a slow query
// finishes first); so does the check of the facet counts.
const RUN_LIMIT_MS = 6 * 60_000;

/** The search page's loader, minus rendering: the exact part number, the spec filters on offer, the results. */
async function search(q: string) {
  const params = new URLSearchParams({ q });
  if (await findByPartNumber(q, null)) return;
  const { attributes, spec } = await readSpecFilters(params, undefined, searchParamNames);
  await searchProducts(parseSearchParams(params), null, { spec, attributes });
}

interface Listing {
  label: string;
  category: string;
  subcategory: string;
  spec: SpecState;
  attributes: ScopeAttribute[];
  sort: "price-asc" | "price-desc" | "name" | "rating-desc" | "featured";
  inStock: boolean;
}

/**
 * Listings with two spec filters and a sort, for the largest subcategories with two filterable
 * attributes: one attribute's commonest value, and another's commonest value or a range around it.
 */
async function listings(handle: DatabaseHandle, wanted: number): Promise<Listing[]> {
  const bySize = await handle.db
    .select({ category: products.category, subcategory: products.subcategory, n: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(products.category, products.subcategory)
    .orderBy(sql`count(*) desc`);
  const sorts: Listing["sort"][] = ["price-asc", "price-desc", "name", "rating-desc", "featured"];
  const found: Listing[] = [];
  for (const { category, subcategory } of bySize) {
    if (found.length >= wanted) break;
    const attributes = await scopeAttributes([subcategory], []);
    const commonest: { attribute: ScopeAttribute; num: number | null; txt: string | null }[] = [];
    for (const attribute of attributes) {
      const [row] = await handle.db
        .select({
          num: productAttributeValues.numberValue,
          txt: productAttributeValues.textValue,
          n: sql<number>`count(*)::int`,
        })
        .from(productAttributeValues)
        .where(sql`${productAttributeValues.attributeId} in (${sql.join(attribute.ids, sql`, `)})`)
        .groupBy(productAttributeValues.numberValue, productAttributeValues.textValue)
        .orderBy(sql`count(*) desc`)
        .limit(1);
      if (row) commonest.push({ attribute, ...row });
    }
    if (commonest.length < 2) continue;
    const filterOf = (entry: (typeof commonest)[number], range: boolean): SpecFilter =>
      entry.attribute.kind === "number"
        ? {
            slug: entry.attribute.slug,
            kind: "number",
            family: entry.attribute.unitFamily ?? "length",
            unit: entry.attribute.displayUnit,
            values: range ? [] : [entry.num ?? 0],
            ...(range ? { min: (entry.num ?? 0) * 0.5, max: (entry.num ?? 0) * 1.5 } : {}),
          }
        : { slug: entry.attribute.slug, kind: "text", values: [entry.txt ?? ""] };
    // Pairs of attributes in turn, each listing its own sort; a range where the second is a number.
    for (let i = 0; i + 1 < commonest.length && found.length < wanted; i += 1) {
      const [first, second] = [commonest[i], commonest[i + 1]] as [(typeof commonest)[0], (typeof commonest)[0]];
      const sort = sorts[found.length % sorts.length] ?? "name";
      const inStock = found.length % 2 === 0;
      found.push({
        label: `${subcategory}?${first.attribute.slug}&${second.attribute.slug}${second.attribute.kind === "number" ? "(range)" : ""}&sort=${sort}${inStock ? "&stock=in" : ""}`,
        category,
        subcategory,
        spec: { filters: [filterOf(first, false), filterOf(second, true)], units: "metric" },
        attributes,
        sort,
        inStock,
      });
      if (i >= 3) break;
    }
  }
  return found;
}

const listingQuery = (listing: Listing) =>
  listCategoryProducts(
    { category: listing.category, subcategory: listing.subcategory },
    { stock: listing.inStock ? "in" : undefined, sort: listing.sort, page: 1, brand: undefined } as never,
    null,
    listing.spec,
    listing.attributes,
  );

/** A filter's condition written out by hand, apart from the store's own SQL. */
function byHand(filter: SpecFilter, attribute: ScopeAttribute) {
  const value =
    filter.kind === "text"
      ? sql`v.text_value in (${sql.join(
          filter.values.map((text) => sql`${text}`),
          sql`, `,
        )})`
      : sql.join(
          [
            filter.values.length
              ? sql`(${sql.join(
                  filter.values.map((n) => sql`abs(v.number_value - ${n}::float8) <= 0.0001`),
                  sql` or `,
                )})`
              : sql`true`,
            filter.min === undefined ? sql`true` : sql`v.number_value >= ${filter.min - 1e-4}::float8`,
            filter.max === undefined ? sql`true` : sql`v.number_value <= ${filter.max + 1e-4}::float8`,
          ],
          sql` and `,
        );
  return sql`exists (select 1 from product_attribute_values v where v.product_id = ${products.id}
    and v.attribute_id in (${sql.join(attribute.ids, sql`, `)}) and ${value})`;
}

/**
 * Every option of every facet of each listing, and its total, against COUNT(*) written by hand:
 * the parts in the subcategory, in stock when asked, passing every other filter and having the value.
 */
async function checkFacets(handle: DatabaseHandle, all: Listing[], deadline: number) {
  let checked = 0;
  const wrong: string[] = [];
  for (const listing of all) {
    if (performance.now() > deadline) break;
    const result = await listingQuery(listing);
    const base = and(
      listedForBuyers(null),
      eq(products.category, listing.category),
      eq(products.subcategory, listing.subcategory),
      listing.inStock ? sql`${products.stockLevel} > 0` : undefined,
    );
    const attributeOf = (slug: string) => listing.attributes.find((a) => a.slug === slug) as ScopeAttribute;
    const countWhere = async (conditions: (SQL | undefined)[]) => {
      const [row] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(base, ...conditions));
      return row?.n ?? 0;
    };
    const all = listing.spec.filters.map((filter) => byHand(filter, attributeOf(filter.slug)));
    const total = await countWhere(all);
    checked += 1;
    if (total !== result.totalMatching)
      wrong.push(`${listing.label}: total ${result.totalMatching}, COUNT(*) ${total}`);
    for (const facet of result.facets) {
      const attribute = attributeOf(facet.slug);
      const others = listing.spec.filters
        .filter((filter) => filter.slug !== facet.slug)
        .map((filter) => byHand(filter, attributeOf(filter.slug)));
      for (const option of facet.options) {
        const own: SpecFilter =
          typeof option.value === "number"
            ? { slug: facet.slug, kind: "number", family: "length", unit: null, values: [option.value] }
            : { slug: facet.slug, kind: "text", values: [String(option.value)] };
        const expected = await countWhere([...others, byHand(own, attribute)]);
        checked += 1;
        if (expected !== option.count)
          wrong.push(`${listing.label}: ${facet.slug}=${option.value} shows ${option.count}, COUNT(*) ${expected}`);
      }
    }
  }
  return { checked, wrong };
}

type SQL = ReturnType<typeof sql>;

/**
 * `--in-memory`: the same searches and listings against an index kept in memory beside the
 * database (bench/in-memory-index.ts), one at a time, in this process; each listing's total and
 * facet counts compared with the store's, and each search's total.
 */
async function inMemory(handle: DatabaseHandle, found: Listing[]) {
  let started = performance.now();
  const index = await buildMemoryIndex(handle);
  const heap = process.memoryUsage().heapUsed / 2 ** 20;
  console.log(
    `In-memory index of ${index.size.toLocaleString("en-US")} products built in ${((performance.now() - started) / 1000).toFixed(1)} s (${index.words.size.toLocaleString("en-US")} words, ${index.valueSlug.length.toLocaleString("en-US")} spec values; heap ${heap.toFixed(0)} MB)`,
  );
  await memorySearch(index, handle, "warm up");
  const searches: [string, () => Promise<unknown>][] = SEARCHES.map((q) => [q, () => memorySearch(index, handle, q)]);
  const lists: [string, () => Promise<unknown>][] = found.map((listing) => [
    listing.label,
    async () => memoryListing(index, { ...listing, sort: listing.sort }),
  ]);
  const deadline = performance.now() + RUN_LIMIT_MS;
  // One thread answers: at 10 at a time the callers queue behind each other (an engine's server
  // would answer on every core).
  for (const concurrency of [1, CONCURRENCY]) {
    console.log(`${concurrency === 1 ? "One at a time" : `${concurrency} at a time`}, in memory:`);
    console.log(summary("search results", await runAll(searches, concurrency, deadline), BUDGETS.search));
    console.log(summary("listing, 2 spec filters + sort", await runAll(lists, concurrency, deadline), BUDGETS.listing));
  }

  started = performance.now();
  let equalTotals = 0;
  for (const q of SEARCHES) {
    const params = new URLSearchParams({ q });
    const store = await searchProducts(parseSearchParams(params), null, { spec: emptySpecState, attributes: [] });
    if (store.total === (await memorySearch(index, handle, q)).total) equalTotals += 1;
  }
  let checked = 0;
  const wrong: string[] = [];
  for (const listing of found) {
    const store = await listingQuery(listing);
    const memory = memoryListing(index, listing);
    checked += 2;
    if (store.totalMatching !== memory.total)
      wrong.push(`${listing.label}: total ${store.totalMatching} / ${memory.total}`);
    if (store.items.map((item) => item.id).join() !== memory.items.join())
      wrong.push(`${listing.label}: first page differs`);
    for (const facet of store.facets) {
      const mine = memory.facets.find((candidate) => candidate.slug === facet.slug);
      for (const option of facet.options) {
        const same = mine?.options.find((candidate) =>
          typeof option.value === "number"
            ? Math.abs(Number(candidate.value) - option.value) < 1e-4
            : candidate.value === option.value,
        );
        checked += 1;
        if ((same?.count ?? 0) !== option.count)
          wrong.push(
            `${listing.label}: ${facet.slug}=${option.value} store ${option.count} / ${same?.count ?? "absent"}`,
          );
      }
    }
  }
  console.log(
    `Against the store: ${equalTotals} of ${SEARCHES.length} search totals equal (phrases are taken as "and", and the typo fallbacks are not built); listings: ${checked - wrong.length} of ${checked} first pages, totals and facet counts equal${wrong.length ? `:\n  ${wrong.slice(0, 10).join("\n  ")}` : "."} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

/**
 * The process's memory once what a build left behind is gone, as a store process's is once it has
 * been idle a while: collected as V8's memory reducer collects when a process goes idle (its heap
 * compacted, the pages it kept for reuse given back), and the typed arrays' buffers freed, which V8
 * does on other threads after a collection. Plain collections every half second kept the reducer
 * from running: 1,494 MB resident more for a million parts, against 765-855 MB idle 5-10 s.
 */
async function settledMemory() {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1_000));
  for (let i = 0; i < 3; i++) {
    global.gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
    await pause();
  }
  return process.memoryUsage();
}

/** The most this process has held resident so far (Linux's VmHWM), in MB; undefined elsewhere. */
function peakResidentMb() {
  try {
    const line = readFileSync("/proc/self/status", "utf8")
      .split("\n")
      .find((row) => row.startsWith("VmHWM:"));
    return line ? Number.parseInt(line.slice(6), 10) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** What building the index took and left in a process: seconds, and MB resident and held (heap and WebAssembly). */
interface IndexBuild {
  seconds: number;
  residentMb: number;
  heldMb: number;
  peakMb: number | undefined;
  beforeMb: number;
  size: number;
  bitmapMb: number;
}

/** Builds the store's index and measures what that took and left in this process; the index is the caller's. */
async function measuredBuild() {
  const before = await settledMemory();
  const building = performance.now();
  await initializeBitmaps();
  const index = await buildCatalogueIndex();
  const seconds = (performance.now() - building) / 1000;
  const after = await settledMemory();
  const build: IndexBuild = {
    seconds,
    residentMb: (after.rss - before.rss) / 2 ** 20,
    heldMb: (after.heapUsed + after.external - before.heapUsed - before.external) / 2 ** 20,
    peakMb: peakResidentMb(),
    beforeMb: before.rss / 2 ** 20,
    size: index.size,
    bitmapMb: index.bitmapBytes / 2 ** 20,
  };
  return { index, build };
}

const describeBuild = (build: IndexBuild) =>
  `${build.size.toLocaleString("en-US")} products built in ${build.seconds.toFixed(1)} s; ${build.residentMb.toFixed(0)} MB resident more once settled (${build.heldMb.toFixed(0)} MB heap and WebAssembly; bitmaps ${build.bitmapMb.toFixed(0)} MB)${build.peakMb === undefined ? "" : `; peaked at ${build.peakMb.toFixed(0)} MB resident while building (${build.beforeMb.toFixed(0)} MB before)`}`;

/**
 * The store's own index (server/catalog/index/), built as a store process builds it at start,
 * before this process has answered anything, and timed against the SQL path; what the build took
 * and left. (Built in a process of its own as well, session 26, it read the same: 713-815 MB
 * resident more once settled, against 714-829 here.) The SQL path is timed first (the index held
 * but not asked), with the database's caches as warm for both. The index is let go on return.
 */
async function measureInProcess(measure: (path: "SQL" | "Index") => Promise<void>) {
  const { index, build } = await measuredBuild();
  console.log(`Catalogue index of ${describeBuild(build)}`);
  await measure("SQL");
  answerFrom(index);
  // As a store process does once its index is built (server/app.ts): the garbage collected (here
  // the SQL path's, there the build's), then synonyms' phrases kept in the index, the index's
  // code compiled. Without it the first searches measured paid for all three. Its own searches
  // ('in', 'grinding wheel', 'aluminum oxide', 'grindng whel' among these) then have their printed
  // tsquery kept, as in the store: one round trip fewer for those four.
  global.gc?.();
  await warmUpSearch();
  await measure("Index");
  answerFrom(undefined);
  index.dispose();
  return build;
}

export async function benchQueries(
  size: number,
  seed: (env: NodeJS.ProcessEnv, size: number) => number,
  databaseUrl?: string,
) {
  const postgres = databaseUrl ? undefined : await startTestPostgres();
  const url = databaseUrl ?? postgres?.url;
  if (!url) throw new Error("--queries needs PostgreSQL: none is installed, and no --database-url was given.");
  try {
    const { handle, seedNote, seedSeconds } = await seedIfNeeded(url, size, seed);
    setDatabase(handle);
    const [load] = loadavg();
    console.log(
      `Catalogue queries, nothing cached: PostgreSQL, ${(await seeded(handle)).toLocaleString("en-US")} products (${seedNote}); load average ${load?.toFixed(2)}`,
    );
    const only = process.argv.indexOf("--search");
    if (only >= 0) {
      for (const q of (process.argv[only + 1] ?? "").split(",")) {
        const started = performance.now();
        await search(q);
        console.log(`  ${q}: ${(performance.now() - started).toFixed(1)} ms`);
      }
      setDatabase(undefined);
      await handle.close();
      return;
    }
    const found = await listings(handle, 30);
    if (process.argv.includes("--in-memory")) {
      await inMemory(handle, found);
      setDatabase(undefined);
      await handle.close();
      return;
    }
    const prefixes = typedPrefixes();
    const kinds: [string, [string, () => Promise<unknown>][], number | undefined][] = [
      ["search results", SEARCHES.map((q) => [q, () => search(q)]), BUDGETS.search],
      ["listing, 2 spec filters + sort", found.map((l) => [l.label, () => listingQuery(l)]), BUDGETS.listing],
      ["suggestions", prefixes.map((p) => [p, () => suggestProducts(p, null)]), BUDGETS.suggestions],
    ];
    // The first call fills the store's in-process vocabularies (synonyms, spelling, attributes):
    // the SQL path's too, so not counted in the index's memory below.
    await search("warm up");
    const p99s = new Map<string, number>();
    const measure = async (path: string) => {
      const deadline = performance.now() + RUN_LIMIT_MS;
      for (const concurrency of [1, CONCURRENCY]) {
        console.log(`${path}, ${concurrency === 1 ? "one at a time" : `${concurrency} at a time`}:`);
        for (const [kind, tasks, budget] of kinds) {
          const times = await runAll(tasks, concurrency, deadline);
          console.log(summary(kind, times, budget));
          p99s.set(`${path} ${kind} ${concurrency}`, p99Of(times));
        }
      }
    };
    const build = await measureInProcess(measure);
    // Let go and collected before the runs over HTTP: this process is their client.
    const { heapUsed } = await settledMemory();
    // Ten at once, the store is measured as it serves them: one process per core, each with its
    // own index, over HTTP (a single thread, above, answers them one after another).
    const overHttp = await atConnections(url, handle, CONCURRENCY, performance.now() + RUN_LIMIT_MS);
    console.log(
      `${CONCURRENCY} connections over HTTP, ${overHttp.described}; this process, their client, holding ${(heapUsed / 2 ** 20).toFixed(0)} MB of heap:`,
    );
    for (const [kind, times] of overHttp.times) {
      console.log(summary(kind, times, 100));
      p99s.set(`HTTP ${kind} ${CONCURRENCY}`, p99Of(times));
    }
    const verdict = (met: boolean) => (met ? "met" : "MISSED");
    console.log(
      `Budgets (issue 35), ${size.toLocaleString("en-US")} products, p99 in ms (index | SQL; ${CONCURRENCY} at a time, the index over HTTP to the store's processes, SQL in this one):`,
    );
    for (const [kind, , budget] of kinds)
      for (const concurrency of [1, CONCURRENCY]) {
        const limit = concurrency === 1 ? (budget ?? 0) : 100;
        const mine = p99s.get(`${concurrency === 1 ? "Index" : "HTTP"} ${kind} ${concurrency}`) ?? Number.NaN;
        const reference = p99s.get(`SQL ${kind} ${concurrency}`) ?? Number.NaN;
        console.log(
          `  ${`${kind}, ${concurrency === 1 ? "one at a time" : `${concurrency} connections`}`.padEnd(46)} < ${String(limit).padStart(3)}: ${mine.toFixed(1).padStart(7)} | ${reference.toFixed(1).padStart(7)}  ${verdict(mine < limit)}`,
        );
        if (concurrency !== 1)
          console.log(
            `    ${`the index in one process, ${CONCURRENCY} at a time`.padEnd(44)}       ${(p99s.get(`Index ${kind} ${concurrency}`) ?? Number.NaN).toFixed(1).padStart(7)}`,
          );
      }
    console.log(
      `  ${"index memory".padEnd(46)} < 1 GB: ${build.residentMb.toFixed(0)} MB  ${verdict(build.residentMb < 1024)}`,
    );
    console.log(`  ${"index build".padEnd(46)} < 60 s: ${build.seconds.toFixed(1)} s  ${verdict(build.seconds < 60)}`);
    console.log(
      `  ${"seeding".padEnd(46)} < 180 s: ${seedSeconds === undefined ? "not seeded in this run" : `${seedSeconds.toFixed(1)} s (COPY)  ${verdict(seedSeconds < 180)}`}`,
    );
    const { checked, wrong } = await checkFacets(handle, found, performance.now() + RUN_LIMIT_MS);
    console.log(
      wrong.length === 0
        ? `Facet counts and totals of ${found.length} listings: ${checked} counts, all equal to COUNT(*).`
        : `Facet counts WRONG (${wrong.length} of ${checked}):\n  ${wrong.slice(0, 20).join("\n  ")}`,
    );

    setDatabase(undefined);
    await handle.close();
    if (wrong.length > 0) process.exitCode = 1;
  } finally {
    postgres?.stop();
  }
}
