// A store process's first requests, asked of itself over loopback before it takes any: the HTTP,
// routing, rate-limit and JSON layers around the catalogue run cold otherwise, and the first
// buyers pay for their compilation.
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { asc } from "drizzle-orm";
import { listingSorts } from "../domain/catalog/listing-params";
import { apiSorts, parseProductParams } from "./api/product-params";
import { catalogueAnswer } from "./api/products";
import { catalogueApiCache, pageCache } from "./catalog/cache/page-cache";
import { storefrontCategoryTree } from "./catalog/products/category-tree";
import { listedForBuyers } from "./catalog/products/visibility";
import { db } from "./db/client";
import { products } from "./db/schema";

// What an integration's and a buyer's first requests ask: searches by relevance, narrowed and
// sorted, listings, what is typed into the search box. Each round asks other words (a word's first
// search costs a database round trip the next ones skip), another page size (so that no answer
// comes from the page cache the round before filled) and other letters typed.
const ROUNDS = [
  { words: ["grinding wheel", "industrial"], perPage: 47, typed: "grin" },
  { words: ["drill bit", "steel"], perPage: 46, typed: "flap" },
  { words: ["safety glasses", "tape"], perPage: 45, typed: "wire" },
];

const firstRequests = ({ words: [searched, narrowed], perPage, typed }: (typeof ROUNDS)[number]) => [
  `/api/v1/products?${new URLSearchParams({ q: searched ?? "", per_page: `${perPage}` })}`,
  `/api/v1/products?${new URLSearchParams({ q: narrowed ?? "", in_stock: "1", sort: "price_asc", per_page: `${perPage}` })}`,
  `/api/v1/products?category=abrasives&sort=name&per_page=${perPage}`,
  `/api/v1/products?sort=price_desc&per_page=${perPage}`,
  `/api/search/suggest?q=${typed}`,
];

// Then searches worded from the catalogue's own names, a few at a time as buyers ask them: the
// fixed rounds leave most of the search code (several words, sizes, corrections, typos, facets of
// many subcategories) to be compiled under the first buyers' load. At a million parts, the bench's
// searches at 10 connections right after start took p99 119-146 ms; after 300 searches worded so,
// 93-98 (session 41).
const REHEARSED_NAMES = 160;
const REHEARSED_AT_ONCE = 4;
// A smaller catalogue answers its first searches in a few milliseconds, compiled or not; its store
// starts (and the tests' stores) ~4 s sooner without them.
const REHEARSED_FROM_PARTS = 10_000;

/** The names of listed parts spread over the catalogue (ids are random, so their order is too). */
async function sampledNames(count = REHEARSED_NAMES): Promise<string[]> {
  const rows = await db()
    .select({ name: products.name })
    .from(products)
    .where(listedForBuyers(null))
    .orderBy(asc(products.id))
    .limit(count);
  return rows.map((row) => row.name);
}

/**
 * The catalogue's own searches (requestsFromNames) and listings (narrowedListings) to rehearse for
 * a catalogue of `listed` parts: none for a small one.
 */
export async function catalogueRehearsal(listed: number): Promise<string[]> {
  if (listed < REHEARSED_FROM_PARTS) return [];
  return [...requestsFromNames(await sampledNames()), ...(await narrowedListings())];
}

type Facet = Awaited<ReturnType<typeof catalogueAnswer>>["facets"]["attributes"][number];

/** A facet's values that would show parts, were they picked. */
const showingParts = (facet: Facet) => facet.options.filter((option) => option.count > 0);

/**
 * The filter a buyer picks from a facet: the second of its values that would show parts (the
 * first is the obvious one), or from that value up.
 */
function picked(facet: Facet): [string, string][] {
  const showing = showingParts(facet);
  const option = showing[1] ?? showing[0];
  if (!option) return [];
  if (facet.range && facet.range.min !== facet.range.max)
    return [
      [`${facet.slug}_min`, option.value],
      [`${facet.slug}_max`, facet.range.max],
    ];
  return [[facet.slug, option.value]];
}

/**
 * Every subcategory's listing narrowed as a buyer narrows one: its facets, one spec filter picked
 * and the listing sorted (the catalogue API's answers, asked in this process: over HTTP they would
 * count against the address's limit), then a second filter picked from what is left, on the
 * listing's page (returned, to be asked over HTTP). Each subcategory's attributes are merged on
 * its first listing, and a listing's filters, facets and sorts are code the searches leave cold:
 * at a million parts, the bench's 30 listings at 10 connections right after a start took p99
 * 96.1 ms without this, 60.9-78.7 with it (session 46).
 */
export async function narrowedListings(): Promise<string[]> {
  const sorts = { api: Object.keys(apiSorts), page: listingSorts };
  const answer = async (params: [string, string][]) => {
    const parsed = parseProductParams(new URLSearchParams(params));
    if (!parsed.ok)
      throw new Error(`The rehearsal's listing ${new URLSearchParams(params)} was refused: ${parsed.problem.message}`);
    return catalogueAnswer(parsed.value, null);
  };
  const scopes = (await storefrontCategoryTree()).flatMap((category) =>
    category.subcategories.map((subcategory) => ({ category: category.slug, subcategory: subcategory.slug })),
  );
  const pages: string[] = [];
  for (const [at, { category, subcategory }] of scopes.entries()) {
    const scope: [string, string][] = [
      ["category", category],
      ["subcategory", subcategory],
    ];
    const offered = (await answer([...scope, ["per_page", "1"]])).facets.attributes.filter(
      (facet) => showingParts(facet).length > 0,
    );
    const first = offered[at % Math.max(offered.length, 1)];
    const narrowed = first ? picked(first) : [];
    const { facets } = await answer([
      ...scope,
      ...narrowed,
      ["sort", sorts.api[at % sorts.api.length] ?? "name"],
      ...(at % 2 === 1 ? [["in_stock", "1"] as [string, string]] : []),
    ]);
    const second = facets.attributes.find((facet) => facet.slug !== first?.slug && showingParts(facet).length > 0);
    const search = new URLSearchParams([...narrowed, ...(second ? picked(second) : [])]);
    search.set("sort", sorts.page[at % sorts.page.length] ?? "featured");
    pages.push(`/category/${category}/${subcategory}?${search}`);
  }
  return pages;
}

/** The second letter of its longest word (of five letters or more, no digits) left out: a buyer's typo. */
function misspelt(search: string) {
  const words = search.split(" ");
  const spelt = words.map((word, at) => ({ word, at })).filter(({ word }) => /^[a-z]{5,}$/.test(word));
  const longest = spelt.sort((a, b) => b.word.length - a.word.length)[0];
  if (!longest) return search;
  words[longest.at] = longest.word.slice(0, 1) + longest.word.slice(2);
  return words.join(" ");
}

/**
 * Requests worded from part names: one to three of a name's words in turn (sizes and part numbers
 * among them) searched for, every sixth with a typo, and the first letters of every third typed
 * into the search box. Each asked once. Searched on the search page, which runs the API's query
 * and the buyer's page besides: the API's calls would count against the address's limit.
 */
export function requestsFromNames(names: string[]): string[] {
  const requests = new Set<string>();
  names.forEach((name, at) => {
    const words = name
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    if (words.length === 0) return;
    const length = Math.min(words.length, 1 + (at % 3));
    const start = (at * 7) % (words.length - length + 1);
    const worded = words.slice(start, start + length).join(" ");
    const search = at % 6 === 5 ? misspelt(worded) : worded;
    requests.add(`/search?${new URLSearchParams({ q: search })}`);
    if (at % 3 === 0) requests.add(`/api/search/suggest?${new URLSearchParams({ q: search.slice(0, 3 + (at % 4)) })}`);
  });
  return [...requests];
}

/** Asks `path` of the rehearsal's port, throwing unless answered with success. */
async function ask(port: number, path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

/**
 * Answers the first requests through `listener` on a loopback port of this process's own, then
 * closes it: the fixed rounds one by one, then `rehearsed` (requestsFromNames) a few at a time;
 * the page caches are emptied after.
 * At 100,000 parts the first API call a process answered had taken 50-80 ms, where a warm one
 * takes 5-7. Failures are the caller's to log: the store serves anyway.
 */
export async function warmUpOverHttp(listener: RequestListener, rehearsed: string[] = []): Promise<void> {
  const rehearsal = createServer(listener);
  // exclusive: a cluster worker binds this port itself rather than sharing its supervisor's.
  await new Promise<void>((resolve, reject) => {
    rehearsal.once("error", reject);
    rehearsal.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve);
  });
  const { port } = rehearsal.address() as AddressInfo;
  try {
    for (const round of ROUNDS) for (const path of firstRequests(round)) await ask(port, path);
    let next = 0;
    await Promise.all(
      Array.from({ length: REHEARSED_AT_ONCE }, async () => {
        while (next < rehearsed.length) await ask(port, rehearsed[next++] as string);
      }),
    );
  } finally {
    // What was rehearsed is compiled, not kept: a buyer's first answer is never one asked here.
    pageCache().clear();
    catalogueApiCache().clear();
    rehearsal.closeAllConnections();
    await new Promise((resolve) => rehearsal.close(resolve));
  }
}
