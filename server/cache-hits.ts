// A cache hit answered by Node itself, before Hono. A page the page cache keeps is the same for
// everyone, and so are the headers the middleware gives it (security headers, cache headers, the
// encoding) but for the CSP nonce. So the first hit of each kind (gzip or not; a buyer's cookie or
// not) goes through the whole chain, and the headers it leaves with are kept beside the page;
// later hits of that kind get those headers with a fresh nonce and the body's kept pieces, copied
// around the nonce into a buffer sent before, without Hono's request and response objects or its
// middleware. Anything else (a render, a revalidation, a toast, HEAD, an unusual Host, path or
// encoding) takes the whole chain, as do all requests for a page kept anew until its first hit
// went through it.
// Why and how much: docs/decisions/cache-hits.md.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { hasPersonalCookie, hasToastCookie } from "./catalog/cache/http-cache";
import { acceptsGzip, bodyPieces, type createPageCache, type KeptPage } from "./catalog/cache/page-cache";
import { knownSessionCatalogue } from "./companies/session-catalogue";
import { nextNonce } from "./csp-nonce";
import { loggedPath, logger } from "./logger";

type PageCache = ReturnType<typeof createPageCache>;
type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** The status and headers of a hit of one kind, each header's value cut where the nonce was. */
interface Reply {
  status: number;
  headers: [name: string, parts: string[]][];
}

// @hono/node-server takes a Host like this as it is (its src/url.ts); it checks others further,
// refusing some, so they take the whole chain. With such a Host, the URL it gives Hono parses to
// the one parsed here, unless the target has a backslash (refused) or is not a path.
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

// Bodies already sent, to be filled again. A new buffer of a page's size for every answer (its
// allocation, the memory's first touch, the garbage it leaves) cost the server about as much as
// everything else it does for a hit; a buffer used before costs only the copy. At most this many
// are kept, none larger than this.
const SPARE_BODIES = 16;
const LARGEST_SPARE = 512 * 1024;
const spareBodies: Buffer[] = [];

/** A buffer of `length` bytes to fill: a spare one when one is large enough. */
function bodyBuffer(length: number): Buffer {
  const index = spareBodies.findIndex((spare) => spare.buffer.byteLength >= length);
  const spare = index >= 0 ? spareBodies.splice(index, 1)[0] : undefined;
  return spare ? Buffer.from(spare.buffer, 0, length) : Buffer.allocUnsafeSlow(length);
}

/** Keeps `body` (sent, and no longer read by the connection) for another answer. */
function spareBody(body: Buffer) {
  if (spareBodies.length < SPARE_BODIES && body.buffer.byteLength <= LARGEST_SPARE) spareBodies.push(body);
}

/**
 * Which kind of hit a GET would get, or undefined when only the whole chain may answer it: a
 * revalidation (a 304 carries other headers), a toast (rendered for that browser alone), or an
 * Accept-Encoding without gzip (Hono's compression may then deflate the page itself).
 */
function hitKind(header: (name: string) => string | null | undefined): string | undefined {
  if (header("if-none-match") != null) return undefined;
  const cookie = header("cookie") ?? "";
  if (hasToastCookie(cookie)) return undefined;
  const acceptEncoding = header("accept-encoding");
  const encoding = acceptEncoding == null ? "identity" : acceptsGzip(acceptEncoding) ? "gzip" : undefined;
  if (encoding === undefined) return undefined;
  return hasPersonalCookie(cookie) ? `${encoding}, personal` : encoding;
}

/** Answers cache hits for `cache` without the middleware, once the middleware has answered one of their kind. */
export function cacheHits(cache: PageCache) {
  const replies = new WeakMap<KeptPage, Map<string, Reply>>();

  /** Keeps the headers of `response` when it is a hit from `cache` of a kind that can be answered without the chain. */
  function learn(request: Request, response: Response) {
    const hit = cache.answeredFrom(response);
    if (!hit?.nonce || request.method !== "GET") return;
    const kind = hitKind((name) => request.headers.get(name));
    const { headers } = response;
    // @hono/node-server adds a Content-Type to an answer without one, and a Content-Length.
    if (!kind || !headers.has("content-type") || headers.has("content-length") || headers.has("set-cookie")) return;
    const nonce = hit.nonce;
    const reply: Reply = {
      status: response.status,
      headers: [...headers].map(([name, value]) => [name, value.split(nonce)]),
    };
    const kinds = replies.get(hit.page) ?? new Map<string, Reply>();
    kinds.set(kind, reply);
    replies.set(hit.page, kinds);
  }

  /** Answers `incoming` when it is a hit of a kind already learnt; false when the chain must. */
  function answer(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    const started = performance.now();
    const { host } = incoming.headers;
    const target = incoming.url ?? "";
    if (incoming.method !== "GET" || !host || !PLAIN_HOST.test(host)) return false;
    if (!target.startsWith("/") || target.includes("\\")) return false;
    const kind = hitKind((name) => incoming.headers[name] as string | undefined);
    if (!kind) return false;
    const url = URL.parse(`http://${host}${target}`);
    // Hono logs a path with %-escapes decoded; such paths are left to it.
    if (!url || url.pathname.includes("%")) return false;
    // A member of a company with its own catalogue gets that catalogue's copy; until their session
    // has been looked up once (by the whole chain), which copy is theirs is not known here.
    const catalogue = knownSessionCatalogue((incoming.headers.cookie as string | undefined) ?? "");
    if (catalogue === undefined) return false;
    const page = cache.kept(url, catalogue);
    const reply = page && replies.get(page)?.get(kind);
    if (!page || !reply) return false;

    const nonce = nextNonce();
    const pieces = bodyPieces(page, nonce, kind.startsWith("gzip"));
    const body = bodyBuffer(pieces.reduce((total, piece) => total + piece.length, 0));
    let offset = 0;
    for (const piece of pieces) offset += piece.copy(body, offset);
    const head: string[] = [];
    for (const [name, parts] of reply.headers)
      head.push(name, parts.length === 1 ? (parts[0] as string) : parts.join(nonce));
    head.push("Content-Length", String(body.length));
    outgoing.writeHead(reply.status, head);
    // Written once the kernel has the bytes (or never, if the connection failed): then it is free again.
    outgoing.end(body, (error?: Error | null) => {
      if (!error) spareBody(body);
    });
    // The access log's line, as server/http.ts writes it for every other request.
    if (logger.isLevelEnabled("info")) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info({ method: "GET", path: loggedPath(url.pathname), status: reply.status, ms });
    }
    return true;
  }

  return {
    /** `fetch`, learning from the hits it answers. */
    learning(fetch: Fetch): Fetch {
      return async (request, env) => {
        const response = await fetch(request, env);
        learn(request, response);
        return response;
      };
    },
    /** `listener`, but for the hits answered here. */
    before(listener: RequestListener): RequestListener {
      return (incoming, outgoing) => {
        if (!answer(incoming, outgoing)) listener(incoming, outgoing);
      };
    },
  };
}
