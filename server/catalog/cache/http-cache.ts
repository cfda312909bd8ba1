// Catalogue pages are cacheable (fresh 5 minutes, usable stale up to 10: docs/product-rules.md) and
// carry an ETag, so a browser or CDN revalidates with a cheap 304 instead of a new page.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { data } from "react-router";

import { isSharedPage } from "../../../domain/catalog/shared-pages";

export const CATALOG_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=600";
// A buyer's own answer (their cart, their account, a page that shows a toast meant for them) changes
// without the catalogue changing: no shared cache may keep it and no ETag can vouch for it.
export const PERSONAL_CACHE_CONTROL = "private, no-store";
// Named here, not added on the way out by the compression middleware: adding a header to a finished
// response makes the server rebuild it as a stream, which halves the rate of pages served from memory.
const VARY = "Cookie, Accept-Encoding";

let buildId: string | undefined;
/** Changes with every build (the bundle's content), so an ETag never outlives the HTML it names. */
function currentBuildId(): string {
  if (buildId === undefined) {
    try {
      buildId = createHash("sha1")
        .update(readFileSync(fileURLToPath(import.meta.url)))
        .digest("base64url")
        .slice(0, 10);
    } catch {
      buildId = String(Date.now());
    }
  }
  return buildId;
}

const PERSONAL_COOKIES = /(?:^|;\s*)(?:[\w.-]*session_token|toast|cart)=/;
const TOAST_COOKIE = /(?:^|;\s*)toast=/;

/** Whether a Cookie header holds a session, a cart or a flash toast: a page other than the shared ones is that buyer's own. */
export const hasPersonalCookie = (cookie: string) => PERSONAL_COOKIES.test(cookie);

/**
 * Whether a Cookie header holds a flash toast: even a shared page is then rendered for this browser
 * alone, once (it shows the toast and clears the cookie).
 */
export const hasToastCookie = (cookie: string) => TOAST_COOKIE.test(cookie);

const isPersonal = (request: Request) => hasPersonalCookie(request.headers.get("Cookie") ?? "");

/** Whether the request carries a flash toast (`hasToastCookie`). */
export const carriesToast = (request: Request) => hasToastCookie(request.headers.get("Cookie") ?? "");

// Pages that are one buyer's own whoever asks (a guest is sent to sign in from them).
const PERSONAL_PAGES = /^\/(?:account|checkout|order-confirmation|admin)(?:[/.]|$)/;

/** A page (its HTML, or its data for a client navigation), as opposed to a picture, a feed or a file. */
const isPage = (pathname: string, response: Response) =>
  pathname.endsWith(".data") || /^text\/html\b/.test(response.headers.get("Content-Type") ?? "");

/**
 * Whether `response` is for this visitor only, so that no cache may keep it: it sets a cookie, it
 * is a personal page, or it answers a visitor with a session, cart or toast and is neither a file
 * declared public (a product picture, the sitemap, suggestions) nor a shared catalogue page
 * declared public (the same document for everyone: `isSharedPage`). Every other page, error pages
 * and redirects included, is that visitor's.
 */
export function isPersonalAnswer(request: Request, pathname: string, response: Response): boolean {
  if (response.headers.has("Set-Cookie") || PERSONAL_PAGES.test(pathname)) return true;
  if (!isPersonal(request)) return false;
  const declaredPublic = /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
  return !(declaredPublic && (isSharedPage(pathname) || !isPage(pathname, response)));
}

/**
 * Cache headers for a catalogue response built from `payload`. Answers a matching
 * If-None-Match by throwing a bodyless 304 (React Router sends it without rendering).
 */
export function catalogCacheHeaders(request: Request, payload: unknown): Headers {
  if (carriesToast(request)) {
    return new Headers({ "Cache-Control": PERSONAL_CACHE_CONTROL, Vary: VARY });
  }
  const tag = createHash("sha1")
    .update(currentBuildId())
    .update(JSON.stringify(payload))
    .digest("base64url")
    .slice(0, 27);
  const headers = new Headers({
    "Cache-Control": CATALOG_CACHE_CONTROL,
    ETag: `W/"${tag}"`,
    Vary: VARY,
  });
  const wanted = request.headers.get("If-None-Match");
  if (wanted?.split(",").some((candidate) => candidate.trim() === `W/"${tag}"` || candidate.trim() === `"${tag}"`)) {
    throw data(null, { status: 304, headers });
  }
  return headers;
}

/** The route `headers` export for catalogue pages: the loader's cache headers, unless the page sets a cookie. */
export function catalogRouteHeaders({
  loaderHeaders,
  parentHeaders,
  errorHeaders,
}: {
  loaderHeaders: Headers;
  parentHeaders: Headers;
  errorHeaders?: Headers;
}): Headers {
  const source = errorHeaders ?? loaderHeaders;
  const headers = new Headers();
  for (const name of ["Cache-Control", "ETag", "Vary"]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  // A response that sets a cookie (a flash toast being cleared) is for this browser only.
  if (parentHeaders.has("Set-Cookie") || source.has("Set-Cookie")) headers.set("Cache-Control", "private, no-store");
  return headers;
}
