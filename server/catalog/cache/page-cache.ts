// Catalogue pages, kept rendered in this process for a short while: every visitor, signed in or
// not, with a cart or not, gets the same HTML (who they are and their cart are fetched apart:
// docs/decisions/buyers-pages.md), so it is rendered once and served from memory until it expires
// or what it shows changes: stock (an order takes stock, a cancellation returns it), reviews (one is
// written or hidden: stars and counts move), products or categories (the operator's edits). Only a
// page that shows a toast is rendered for its browser alone. Each answer still gets its own CSP
// nonce: the cached body is kept in pieces cut where the nonce was, as they are and gzipped.
// A company with a catalogue of its own sees only its parts, so its members' pages are kept apart,
// under their catalogue and its version (docs/decisions/customer-catalogues.md): one copy per
// catalogue, never one per person, and never one company's copy for another or for a visitor.
import { parseAccept } from "hono/utils/accept";
import { LRUCache } from "lru-cache";
import { isSharedPage } from "../../../domain/catalog/shared-pages";
import type { CatalogueScope } from "../../context";
import { onStoreEvent } from "../../events";
import { deflatePieces, gzipPieces } from "./gzip-pieces";
import { carriesToast } from "./http-cache";

// Besides the shared pages, the search suggestions: the same for everyone.
const SUGGESTIONS = "/api/search/suggest";
// A client navigation's data also carries React Router's mark of its own answers.
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "vary", "x-remix-response"];

/** A page the cache keeps. */
export interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The body's bytes, cut where the nonce goes: encoded once, not on every answer. */
  parts: Buffer[];
  /** The same pieces deflated, for browsers that take gzip (all of them). */
  deflated: Buffer[];
  size: number;
}

/**
 * `content` in memory of its own, exactly its size, to keep for as long as a page is kept. A Buffer
 * made the usual way may be a slice of a 64 KB slab shared with others (Buffer's pool, on Node 24),
 * and holds the whole slab: 1,800 API answers kept held 551 slabs, 36 MB, where the cache counted
 * at most 16. V8 counts that memory toward its next full collection: 9,700 searches nobody asked
 * before, on two processes at a million parts, brought 2 full collections, not 3-4.
 */
function keptBytes(content: string | Buffer): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(content));
  if (typeof content === "string") bytes.write(content);
  else content.copy(bytes);
  return bytes;
}

/** The body of `page` with `nonce` in its places, gzipped or not, as pieces to send in this order. */
export function bodyPieces(page: KeptPage, nonce: string | undefined, gzip: boolean): Buffer[] {
  const filler = Buffer.from(nonce ?? "");
  if (gzip) return gzipPieces(page.parts, page.deflated, filler);
  return page.parts.flatMap((part, index) => (index === 0 ? [part] : [filler, part]));
}

/** The headers of a body sent gzipped, as Hono's compression gives them (a strong ETag is for the bytes before). */
function gzipped(headers: Headers): Headers {
  headers.set("content-encoding", "gzip");
  const vary = headers.get("vary");
  if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
    headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  return headers;
}

/** Whether an Accept-Encoding header takes gzip (by name, else through "*"), as Hono's compression reads it. */
export function acceptsGzip(acceptEncoding: string): boolean {
  const offers = parseAccept(acceptEncoding);
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

/** The key of a page as `catalogue` shows it: a visitor's (every part) is the URL alone. */
const pageKey = (url: URL, catalogue: CatalogueScope | null) =>
  catalogue
    ? `${catalogueKeyPrefix(catalogue.companyId)}v${catalogue.version} ${url.pathname}${url.search}`
    : url.pathname + url.search;
const catalogueKeyPrefix = (companyId: string) => `catalogue ${companyId} `;

/** Pages and answers kept for many (a company catalogue's members, or everyone): their loaders show the same to all of them. */
export const sharedPagesAndSuggestions = (pathname: string) =>
  isSharedPage(pathname) || pathname.replace(/\.data$/, "") === SUGGESTIONS;

export function createPageCache({
  ttlMs = 60_000,
  maxBytes = 64 * 1024 * 1024,
  shares = sharedPagesAndSuggestions,
}: PageCacheOptions = {}) {
  const entries = new LRUCache<string, KeptPage>({
    ttl: ttlMs,
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
  });

  /** The page's key in the cache, or undefined when it may not be shared. */
  const keyFor = (request: Request, catalogue: CatalogueScope | null) => {
    if (request.method !== "GET" || carriesToast(request)) return undefined;
    const url = new URL(request.url);
    return shares(url.pathname) ? pageKey(url, catalogue) : undefined;
  };

  // Which kept page, and which nonce, each answer from memory carries (for server/cache-hits.ts).
  const answered = new WeakMap<Response, { page: KeptPage; nonce: string | undefined }>();

  function answer(page: KeptPage, request: Request, nonce: string | undefined): Response {
    const headers = new Headers(page.headers);
    const etag = headers.get("etag");
    if (etag && request.headers.get("if-none-match")?.includes(etag))
      return new Response(null, { status: 304, headers });
    headers.set("x-page-cache", "hit");
    const gzip = acceptsGzip(request.headers.get("accept-encoding") ?? "");
    if (gzip) gzipped(headers);
    const response = new Response(Buffer.concat(bodyPieces(page, nonce, gzip)), { status: page.status, headers });
    answered.set(response, { page, nonce });
    return response;
  }

  // Pages being rendered, each for every request that missed it meanwhile: ten buyers asking for a
  // listing nobody asked for in the last minute render it once, not ten times at once (on a large
  // catalogue such a render takes a second of the database's time).
  const rendering = new Map<string, Promise<KeptPage | undefined>>();
  // Counts the catalogue's changes, so a page rendered from what it showed before is not kept.
  let generation = 0;

  /** Renders the page and keeps it when it may be shared; `done` gets the kept page, if any, even on an error. */
  async function renderAndKeep(
    request: Request,
    key: string,
    nonce: string | undefined,
    render: () => Promise<Response>,
    done: (page: KeptPage | undefined) => void,
  ): Promise<Response> {
    const renderedFor = generation;
    let entry: KeptPage | undefined;
    try {
      const response = await render();
      if (
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        !/public/.test(response.headers.get("cache-control") ?? "")
      )
        return response;
      const body = await response.text();
      const parts = (nonce ? body.split(nonce) : [body]).map(keptBytes);
      const deflated = deflatePieces(parts).map(keptBytes);
      entry = {
        status: response.status,
        headers: [...response.headers].filter(([name]) => KEPT_HEADERS.includes(name.toLowerCase())),
        parts,
        deflated,
        size: [...parts, ...deflated].reduce((total, part) => total + part.length, 0),
      };
      if (renderedFor === generation) entries.set(key, entry);
      // Gzipped from the pieces just deflated when the browser takes gzip, as a hit is: the
      // compression middleware would otherwise deflate the same body a second time.
      if (!acceptsGzip(request.headers.get("accept-encoding") ?? ""))
        return new Response(body, { status: response.status, headers: response.headers });
      return new Response(Buffer.concat(bodyPieces(entry, nonce, true)), {
        status: response.status,
        headers: gzipped(new Headers(response.headers)),
      });
    } finally {
      done(entry);
    }
  }

  return {
    /**
     * Serves the page from memory when it can, else renders it (and keeps it when it may be
     * shared), for those who see `catalogue` (null: every part, as visitors do).
     */
    async serve(
      request: Request,
      nonce: string | undefined,
      render: () => Promise<Response>,
      catalogue: CatalogueScope | null = null,
    ): Promise<Response> {
      const key = keyFor(request, catalogue);
      if (key === undefined) return render();
      const kept = entries.get(key);
      if (kept) return answer(kept, request, nonce);
      const inFlight = rendering.get(key);
      if (inFlight) {
        // Another request is rendering this page: its page, with this request's nonce. A render
        // that could not be kept (an error, a 404) is done again for this request.
        const page = await inFlight;
        return page ? answer(page, request, nonce) : render();
      }
      let resolve: (page: KeptPage | undefined) => void = () => {};
      const promise = new Promise<KeptPage | undefined>((settle) => {
        resolve = settle;
      });
      rendering.set(key, promise);
      return renderAndKeep(request, key, nonce, render, (page) => {
        if (rendering.get(key) === promise) rendering.delete(key);
        resolve(page);
      });
    },
    /** The page kept for a GET of `url` by a browser without a toast, for those who see `catalogue`, if any. */
    kept(url: URL, catalogue: CatalogueScope | null = null): KeptPage | undefined {
      return entries.get(pageKey(url, catalogue));
    },
    /** The kept page `response` (an answer of `serve`) was made from, and the nonce put in it; undefined for a render. */
    answeredFrom(response: Response) {
      return answered.get(response);
    },
    /**
     * A company's catalogue changed: nothing kept for it may be served again (its version moved,
     * but a catalogue removed and given anew starts again at version 1).
     */
    forgetCatalogue(companyId: string) {
      generation += 1;
      const prefix = catalogueKeyPrefix(companyId);
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
    /** The catalogue changed here: nothing rendered before may be served again. */
    clear() {
      generation += 1;
      entries.clear();
      rendering.clear();
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
  onStoreEvent("customerCataloguesChanged", ({ companyId }) => cache.forgetCatalogue(companyId));
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
