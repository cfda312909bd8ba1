// The Hono app that serves everything: security headers, compression, hashed assets with
// immutable caching, one log line per request, the health check, then React Router.
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { clientAddressContext, nonceContext } from "../app/lib/context";
import { auth, CLIENT_ADDRESS_HEADER } from "./accounts/auth";
import { pageCache } from "./catalog/page-cache";
import { pingDatabase } from "./db/client";
import { logger } from "./logger";
import { paymentProvider } from "./payments/configured";

export interface HttpOptions {
  build: ServerBuild;
  clientDir: string;
  publicUrl: string;
}

type Env = { Variables: { secureHeadersNonce?: string } };

export function createHttpApp({ build, clientDir, publicUrl }: HttpOptions) {
  const publicOrigin = new URL(publicUrl).origin;
  const https = publicOrigin.startsWith("https:");
  const app = new Hono<Env>();
  const handleRequest = createRequestHandler(build, "production");
  // Stripe Elements runs Stripe's script and frames, and talks to Stripe's API, from the buyer's browser.
  const stripe = paymentProvider().name === "stripe";
  const stripeScript = stripe ? ["https://js.stripe.com"] : [];

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.use(
    secureHeaders({
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
    }),
  );

  // A form posted from another site is refused, whatever cookies it carries.
  app.use(
    csrf({
      origin: (origin, c) => origin === publicOrigin || origin === new URL(c.req.url).origin,
    }),
  );

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

  // The links in account e-mails (confirm, reset) and better-auth's own API.
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    // The socket's address, set here so a client cannot choose its own rate-limit bucket.
    const request = new Request(c.req.raw);
    request.headers.set(CLIENT_ADDRESS_HEADER, getConnInfo(c).remote.address ?? "unknown");
    return auth().handler(request);
  });

  // Vite names every file under /assets/ by its content hash, so it never changes.
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use(
    "*",
    serveStatic({ root: clientDir, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }),
  );

  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(nonceContext, c.get("secureHeadersNonce"));
    context.set(clientAddressContext, getConnInfo(c).remote.address ?? "unknown");
    return pageCache().serve(c.req.raw, c.get("secureHeadersNonce"), () => handleRequest(c.req.raw, context));
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    return c.text("Something went wrong on our side. Please try again in a moment.", 500);
  });

  return app;
}
