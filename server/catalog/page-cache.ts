// Anonymous catalogue pages, kept rendered in this process for a short while: every visitor
// without a session, cart or toast gets the same HTML (their cart is fetched apart), so it is
// rendered once and served from memory until it expires or the catalogue changes here (an order
// takes stock, a cancellation returns it). Each answer still gets its own CSP nonce: the cached
// body is kept in pieces cut where the nonce was, as they are and gzipped.
import { LRUCache } from "lru-cache";
import { deflatePieces, gzipJoined } from "./gzip-pieces";
import { isPersonal } from "./http-cache";

const CATALOGUE_PAGE = /^\/(?:|shop|search|api\/search\/suggest|category\/[^?]*|products\/[^?]*)$/;
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

/** Whether the request's Accept-Encoding takes gzip (named, or "*", without q=0). */
function acceptsGzip(request: Request): boolean {
  return (request.headers.get("accept-encoding") ?? "").split(",").some((offer) => {
    const [coding = "", ...parameters] = offer.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
}

export function createPageCache({ ttlMs = 60_000, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions = {}) {
  const entries = new LRUCache<string, Entry>({
    ttl: ttlMs,
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
  });

  const cacheable = (request: Request) => {
    if (request.method !== "GET" || isPersonal(request)) return false;
    const { pathname } = new URL(request.url);
    return CATALOGUE_PAGE.test(pathname.replace(/\.data$/, "").replace(/\/$/, "") || "/");
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
      if (!cacheable(request)) return render();
      const key = new URL(request.url).pathname + new URL(request.url).search;
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

let shared: ReturnType<typeof createPageCache> | undefined;

/** The process's page cache. */
export function pageCache() {
  shared ??= createPageCache();
  return shared;
}
