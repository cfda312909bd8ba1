// The Hono app that serves everything: the client's address, security headers, no caching of a
// visitor's own answers, request body limits, compression, the build's browser files (hashed
// assets cached for good), one log line per request, the health check, the links in account
// e-mails, then React Router. A hit of the page cache is answered before all of it once its kind
// has been through it (server/cache-hits.ts, createRequestListener).
import type { RequestListener } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { auth } from "./accounts/auth";
import { browserFiles } from "./browser-files";
import { cacheHits } from "./cache-hits";
import { isPersonalAnswer, PERSONAL_CACHE_CONTROL } from "./catalog/cache/http-cache";
import { pageCache, sharedPagesAndSuggestions } from "./catalog/cache/page-cache";
import { type ClientAddressEnv, clientAddressMiddleware } from "./client-address";
import { sessionCatalogue } from "./companies/session-catalogue";
import { catalogueContext, clientAddressContext, nonceContext, pageFailureContext } from "./context";
import { nextNonce } from "./csp-nonce";
import { pingDatabase } from "./db/client";
import { storeBusy } from "./db/retry";
import { loggedPath, logger } from "./logger";
import { paymentProvider } from "./payments/configured";
import { FORM_ACTION_HEADER } from "./procurement/transfer";
import { requestBodyLimits } from "./request-limits";

/** A page of its own for when the store's pages cannot be rendered: no layout, no scripts, nothing it would have to read. */
const plainPage = (title: string, heading: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Cascade Industrial Supply</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><main><h1>${heading}</h1><p>${text}</p></main></body></html>`;

const databaseDownPage = plainPage(
  "Back in a moment",
  "We'll be right back",
  "The store can't reach its database at the moment, so this page could not be shown. Nothing you did was lost: carts and orders are kept in the database. Please try again in a minute.",
);

// Every database connection stayed busy for the pool's wait (a flood of requests): said as the API says it.
const storeBusyPage = plainPage("Busy", "The store is busy", storeBusy.message);

/** Whether the database answers within a second. */
async function databaseReachable(): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1_000).unref());
  return Promise.race([
    pingDatabase().then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}

export interface HttpOptions {
  build: ServerBuild;
  clientDir: string;
  publicUrl: string;
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXY). */
  trustedProxies?: readonly string[];
}

type Env = { Variables: ClientAddressEnv["Variables"] & { secureHeadersNonce?: string } };

// Browser features no page of the store uses (Permissions-Policy), in hono's names. Only those
// Chromium knows: for any other ('bluetooth') it warns in the console of every page.
const deniedFeatures = [
  "accelerometer",
  "browsingTopics",
  "camera",
  "displayCapture",
  "geolocation",
  "gyroscope",
  "hid",
  "idleDetection",
  "magnetometer",
  "microphone",
  "midi",
  "screenWakeLock",
  "serial",
  "usb",
  "xrSpatialTracking",
] as const;

const FILE_POLICY = "sandbox; default-src 'none'";
const isFile = (response: Response) =>
  response.headers.has("Content-Disposition") || /^image\//.test(response.headers.get("Content-Type") ?? "");

export function createHttpApp({ build, clientDir, publicUrl, trustedProxies = [] }: HttpOptions) {
  const publicOrigin = new URL(publicUrl).origin;
  const https = publicOrigin.startsWith("https:");
  const app = new Hono<Env>();
  const handleRequest = createRequestHandler(build, "production");
  // Stripe Elements runs Stripe's script and frames, and talks to Stripe's API, from the buyer's browser.
  const stripe = paymentProvider().name === "stripe";
  const stripeScript = stripe ? ["https://js.stripe.com"] : [];

  // Before anything reads it: the client's address, from the connection, for every request.
  app.use(clientAddressMiddleware(trustedProxies));

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info({
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // secureHeaders takes the nonce already set for the request, if any.
  app.use((c, next) => {
    c.set("secureHeadersNonce", nextNonce());
    return next();
  });
  // A 304 tells the browser to use the page it kept, whose scripts carry the nonce of the answer
  // it came with. A browser takes a 304's headers into the kept answer, so a 304 carrying this
  // request's policy (a new nonce) would block every script of that page: it carries none.
  app.use(async (c, next) => {
    await next();
    if (c.res.status === 304) c.res.headers.delete("Content-Security-Policy");
  });
  // The PunchOut transfer page posts the cart to the procurement system (docs/punchout.md): its
  // answer names that one origin, which its form alone may post to besides the store.
  app.use(async (c, next) => {
    await next();
    const origin = c.res.headers.get(FORM_ACTION_HEADER);
    if (origin === null) return;
    c.res.headers.delete(FORM_ACTION_HEADER);
    const policy = c.res.headers.get("Content-Security-Policy");
    if (policy && /^https?:\/\/[^\s;,']+$/.test(origin))
      c.res.headers.set(
        "Content-Security-Policy",
        policy.replace("form-action 'self'", `form-action 'self' ${origin}`),
      );
  });
  const siteHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...stripeScript],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...(stripe ? ["https://api.stripe.com"] : [])],
      frameSrc: stripe ? [...stripeScript, "https://hooks.stripe.com"] : ["'none'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    // Powerful features the store never uses, denied to its pages and to any frame in them;
    // Stripe's card frame may ask for the Payment Request API when Stripe takes the cards.
    permissionsPolicy: {
      ...Object.fromEntries(deniedFeatures.map((feature) => [feature, []])),
      payment: stripeScript,
    },
  });
  // A file (a download, a picture, a document shown in the browser) is no page of the store: opened
  // on its own it runs nothing and reaches nothing. A route's own policy (the tax certificate's) is
  // kept: secureHeaders would write the site's over it.
  app.use(async (c, next) => {
    let own: string | null = null;
    await siteHeaders(c, async () => {
      await next();
      own = c.res.headers.get("Content-Security-Policy");
    });
    if (own) c.res.headers.set("Content-Security-Policy", own);
    else if (isFile(c.res)) c.res.headers.set("Content-Security-Policy", FILE_POLICY);
  });

  // An answer for one visitor (a personal page, or any page for a visitor with a session, cart or
  // toast, error pages and redirects included) is kept by no cache, shared or the browser's own.
  app.use(async (c, next) => {
    await next();
    if (isPersonalAnswer(c.req.raw, c.req.path, c.res)) c.res.headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  });

  // A form posted from another site is refused, whatever cookies it carries. A procurement system's
  // cXML and OCI calls carry their own credentials, and no cookie is read for them (docs/punchout.md).
  app.use(
    csrf({
      origin: (origin, c) =>
        origin === publicOrigin ||
        origin === new URL(c.req.url).origin ||
        /^\/punchout\/(?:cxml|oci)$/.test(c.req.path),
    }),
  );

  app.use(requestBodyLimits());

  app.use(compress());

  app.get("/healthz", async (c) => {
    try {
      await pingDatabase();
      return c.json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check: database unreachable");
      return c.json({ status: "unavailable", reason: "database unreachable" }, 503);
    }
  });

  // Of better-auth's HTTP API, only the links its e-mails carry: confirming an address, and
  // opening a reset link (which leads on to /auth/reset-password). Signing in, signing up and
  // asking for e-mails go through the store's own pages, which apply its limits and write its
  // records; every other /api/auth path is the 404 page.
  const authLink = (c: Context) => auth().handler(c.req.raw);
  app.get("/api/auth/verify-email", authLink);
  app.get("/api/auth/reset-password/:token", authLink);

  // Only the files meant for browsers: Vite names every file under /assets/ by its content hash,
  // so it never changes; the rest come from public/ (favicon). Anything else in the build (Vite's
  // manifest under .vite/, naming absolute build paths) is not served. Pages have no file of their own.
  const files = browserFiles(clientDir);
  const asset = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
  });
  const publicFile = serveStatic({
    root: clientDir,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
  });
  app.use("*", (c, next) => {
    if (!files.has(c.req.path)) return next();
    return c.req.path.startsWith("/assets/") ? asset(c, next) : publicFile(c, next);
  });

  app.all("*", async (c) => {
    const nonce = c.get("secureHeadersNonce");
    // A page kept for many is rendered from the company catalogue of whoever asks, and kept under
    // it; the session middleware does not read the session for these pages, so it is read here.
    const readsKept = (c.req.method === "GET" || c.req.method === "HEAD") && sharedPagesAndSuggestions(c.req.path);
    const catalogue = readsKept ? await sessionCatalogue(c.req.raw) : undefined;
    const failure = { poolBusy: false };
    const response = await pageCache().serve(
      c.req.raw,
      nonce,
      () => {
        const context = new RouterContextProvider();
        context.set(nonceContext, nonce);
        context.set(clientAddressContext, c.get("clientAddress"));
        context.set(pageFailureContext, failure);
        if (catalogue !== undefined) context.set(catalogueContext, { catalogue });
        return handleRequest(ociLoginForm(c.req.raw), context);
      },
      catalogue ?? null,
    );
    if (response.status !== 500) return response;
    // A page that failed because the database is busy or gone says so, and asks to come back shortly.
    if (failure.poolBusy) {
      await response.body?.cancel();
      return c.html(storeBusyPage, 503, { ...storeBusy.headers, "Cache-Control": "no-store" });
    }
    if (!(await databaseReachable())) {
      await response.body?.cancel();
      return c.html(databaseDownPage, 503, { "Retry-After": "30", "Cache-Control": "no-store" });
    }
    return response;
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    logger.error({ err: error, path: loggedPath(c.req.path) }, "unhandled error");
    return c.text("Something went wrong on our side. Please try again in a moment.", 500);
  });

  return app;
}

/**
 * An OCI catalogue call posted by the procurement system's page, from its own site (docs/punchout.md),
 * without the Origin that React Router refuses on a cross-site action. The form carries its own
 * credentials and the route reads no cookie, so there is no forgery to fear (the CSRF check above lets
 * this path through for the same reason).
 */
function ociLoginForm(request: Request): Request {
  if (request.method !== "POST" || new URL(request.url).pathname !== "/punchout/oci" || !request.headers.has("origin"))
    return request;
  const headers = new Headers(request.headers);
  headers.delete("origin");
  return new Request(request, { headers });
}

/** The server's request listener: the Hono app, but for the page cache's hits it answers before it (server/cache-hits.ts). */
export function createRequestListener(options: HttpOptions): RequestListener {
  const hits = cacheHits(pageCache());
  return hits.before(getRequestListener(hits.learning(createHttpApp(options).fetch)));
}
