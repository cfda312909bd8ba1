// Catalogue pages, kept rendered in this process for a short while: every visitor, signed in or
// not, with a cart or not, gets the same HTML (who they are and their cart are fetched apart:
// docs/decisions/buyers-pages.md), so it is rendered once and served from memory until it expires
// or what it shows changes: stock (an order takes stock, a cancellation returns it), reviews (one is
// written or hidden: stars and counts move), products or categories (the operator's edits). Only a
// page that shows a toast is rendered for its browser alone. Each answer still gets its own CSP
// nonce: the cached body is kept in pieces cut where the nonce was, as they are and gzipped.
import { parseAccept } from "hono/utils/accept";
import { LRUCache } from "lru-cache";
import { isSharedPage } from "../../app/lib/shared-pages";
import { onStoreEvent } from "../events";
import { deflatePieces, gzipJoined } from "./gzip-pieces";
import { carriesToast } from "./http-cache";

// Besides the shared pages, the search suggestions: the same for everyone.
const SUGGESTIONS = "/api/search/suggest";
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "vary"];

interface Entry {
  status: number;
  headers: [string, string][];
  /** The body's bytes, cut where the nonce goes: encoded once, not on every answer. */
  parts: Buffer[];
  /** The same pieces deflated, for browsers that take gzip (all of them). */
  deflated: Buffer[];
  size: number;
}

/** Whether the request's Accept-Encoding takes gzip (by name, else through "*"), as Hono's compression reads it. */
function acceptsGzip(request: Request): boolean {
  const offers = parseAccept(request.headers.get("accept-encoding") ?? "");
  const gzip =
    offers.find((offer) => offer.type.toLowerCase() === "gzip") ?? offers.find((offer) => offer.type === "*");
  return (gzip?.q ?? 0) > 0;
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
  /** Which answers may be shared: the shared pages and the suggestions unless said. */
  shares?: (pathname: string) => boolean;
}

const sharedPagesAndSuggestions = (pathname: string) =>
  isSharedPage(pathname) || pathname.replace(/\.data$/, "") === SUGGESTIONS;

export function createPageCache({
  ttlMs = 60_000,
  maxBytes = 64 * 1024 * 1024,
  shares = sharedPagesAndSuggestions,
}: PageCacheOptions = {}) {
  const entries = new LRUCache<string, Entry>({
    ttl: ttlMs,
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
  });

  /** The page's key in the cache, or undefined when it may not be shared. */
  const keyFor = (request: Request) => {
    if (request.method !== "GET" || carriesToast(request)) return undefined;
    const { pathname, search } = new URL(request.url);
    return shares(pathname) ? pathname + search : undefined;
  };

  function answer(entry: Entry, request: Request, nonce: string | undefined): Response {
    const headers = new Headers(entry.headers);
    const etag = headers.get("etag");
    if (etag && request.headers.get("if-none-match")?.includes(etag))
      return new Response(null, { status: 304, headers });
    headers.set("x-page-cache", "hit");
    const filler = Buffer.from(nonce ?? "");
    if (acceptsGzip(request)) {
      headers.set("content-encoding", "gzip");
      return new Response(gzipJoined(entry.parts, entry.deflated, filler), { status: entry.status, headers });
    }
    const body = entry.parts.flatMap((part, index) => (index === 0 ? [part] : [filler, part]));
    return new Response(Buffer.concat(body), { status: entry.status, headers });
  }

  return {
    /** Serves the page from memory when it can, else renders it (and keeps it when it may be shared). */
    async serve(request: Request, nonce: string | undefined, render: () => Promise<Response>): Promise<Response> {
      const key = keyFor(request);
      if (key === undefined) return render();
      const kept = entries.get(key);
      if (kept) return answer(kept, request, nonce);
      const response = await render();
      if (
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        !/public/.test(response.headers.get("cache-control") ?? "")
      )
        return response;
      const body = await response.text();
      const parts = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part));
      const deflated = deflatePieces(parts);
      const entry: Entry = {
        status: response.status,
        headers: [...response.headers].filter(([name]) => KEPT_HEADERS.includes(name.toLowerCase())),
        parts,
        deflated,
        size: [...parts, ...deflated].reduce((total, part) => total + part.length, 0),
      };
      entries.set(key, entry);
      return new Response(body, { status: response.status, headers: response.headers });
    },
    /** The catalogue changed here: nothing rendered before may be served again. */
    clear() {
      entries.clear();
    },
  };
}

type PageCache = ReturnType<typeof createPageCache>;

/** `cache`, emptied whenever what the catalogue shows changes: stock, reviews, products, categories, synonyms. */
function clearedOnCatalogChange(cache: PageCache): PageCache {
  onStoreEvent("stockChanged", () => cache.clear());
  onStoreEvent("reviewsChanged", () => cache.clear());
  onStoreEvent("catalogChanged", () => cache.clear());
  onStoreEvent("categoriesChanged", () => cache.clear());
  onStoreEvent("searchSynonymsChanged", () => cache.clear());
  return cache;
}

let shared: PageCache | undefined;

/** The process's page cache; a page rendered before stock or reviews changed is not served again. */
export function pageCache() {
  shared ??= clearedOnCatalogChange(createPageCache());
  return shared;
}

let catalogueApi: PageCache | undefined;

/**
 * The catalogue API's answers to visitors (GET /api/v1/products without a key), the same for every
 * visitor. Apart from the page cache, which serves before a route runs: the API's route counts the
 * visitor's call against their address's limit first, then asks this cache.
 */
export function catalogueApiCache() {
  catalogueApi ??= clearedOnCatalogChange(
    createPageCache({ shares: (pathname) => pathname === "/api/v1/products", maxBytes: 16 * 1024 * 1024 }),
  );
  return catalogueApi;
}
