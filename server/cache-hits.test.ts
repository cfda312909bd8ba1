import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cacheHits } from "./cache-hits";
import { createPageCache } from "./catalog/cache/page-cache";
import { nextNonce } from "./csp-nonce";
import { logger } from "./logger";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const servers: Server[] = [];
// The access log's lines, kept from the test's output.
const log = vi.fn();
beforeEach(() => {
  vi.spyOn(logger, "info").mockImplementation(log);
  vi.spyOn(logger, "isLevelEnabled").mockReturnValue(true);
  log.mockClear();
});
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  vi.restoreAllMocks();
});

/**
 * A server as server/http.ts builds it, with a small chain in place of the store's: a nonce per
 * request, Hono's security headers, then the page cache around a page that names its nonce twice.
 * Counts the requests the chain saw and the pages it rendered.
 */
async function storeWithCache() {
  const cache = createPageCache();
  const seen = { chain: 0, renders: 0 };
  const app = new Hono<{ Variables: { secureHeadersNonce?: string } }>();
  app.use((c, next) => {
    seen.chain += 1;
    c.set("secureHeadersNonce", nextNonce());
    return next();
  });
  app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", NONCE] }, xFrameOptions: "DENY" }));
  app.get("*", (c) => {
    const nonce = c.get("secureHeadersNonce");
    return cache.serve(c.req.raw, nonce, async () => {
      seen.renders += 1;
      const page = `<script nonce="${nonce}">a()</script><p>${"Grinding wheel ".repeat(200)}</p><script nonce="${nonce}">b()</script>`;
      return new Response(page, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "public, max-age=300",
          ETag: 'W/"v1"',
          Vary: "Cookie, Accept-Encoding",
        },
      });
    });
  });
  const hits = cacheHits(cache);
  const server = createServer(hits.before(getRequestListener(hits.learning(app.fetch))));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    });
  return { cache, seen, get };
}

const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

/** The answer's headers and body with its nonce blanked, and without the date. */
function withoutNonce(answer: Answer, body = answer.body) {
  const nonce = nonceOf(answer) ?? "no nonce";
  const { date: _date, ...headers } = answer.headers;
  return {
    status: answer.status,
    headers: JSON.parse(JSON.stringify(headers).replaceAll(nonce, "NONCE")),
    body: body.toString().replaceAll(nonce, "NONCE"),
  };
}

describe("cache hits answered before the middleware", () => {
  it("answer with the headers and body the middleware gave the first hit, but a fresh nonce each time", async () => {
    const { seen, get } = await storeWithCache();
    const rendered = await get("/products/wheel");
    const first = await get("/products/wheel");
    expect(seen).toEqual({ chain: 2, renders: 1 });
    expect(first.headers["x-page-cache"]).toBe("hit");
    const later = [await get("/products/wheel"), await get("/products/wheel")];
    expect(seen.chain).toBe(2);
    for (const answer of later) {
      expect(withoutNonce(answer)).toEqual(withoutNonce(first));
      expect(answer.body.toString()).toContain(`<script nonce="${nonceOf(answer)}">b()`);
    }
    const nonces = [rendered, first, ...later].map(nonceOf);
    expect(new Set(nonces).size).toBe(4);
    // Besides the mark of a hit, a hit is the rendered page.
    const { "x-page-cache": _hit, ...hitHeaders } = withoutNonce(first).headers;
    expect({ ...withoutNonce(first), headers: hitHeaders }).toEqual(withoutNonce(rendered));
  });

  it("give each of many answers at once a body with its own nonce throughout, reusing the buffers sent", async () => {
    const { seen, get } = await storeWithCache();
    await get("/products/wheel");
    const first = await get("/products/wheel");
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(Array.from({ length: 40 }, () => get("/products/wheel")));
      for (const answer of answers) {
        expect(withoutNonce(answer)).toEqual(withoutNonce(first));
        expect(answer.body.toString().match(/nonce="[^"]*"/g)).toEqual(Array(2).fill(`nonce="${nonceOf(answer)}"`));
      }
      expect(new Set(answers.map(nonceOf)).size).toBe(40);
    }
    expect(seen.chain).toBe(2);
  });

  it("learn gzip, plain and a buyer's cookie apart, and write the access log's line", async () => {
    const { seen, get } = await storeWithCache();
    await get("/products/wheel");
    const kinds: Record<string, string>[] = [{ "accept-encoding": "gzip, deflate, br" }, {}, { cookie: "cart=abc" }];
    for (const headers of kinds) await get("/products/wheel", headers);
    expect(seen.chain).toBe(4);
    log.mockClear();
    const gzipped = await get("/products/wheel", { "accept-encoding": "gzip" });
    await get("/products/wheel");
    await get("/products/wheel", { cookie: "cart=abc" });
    expect(seen.chain).toBe(4);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toContain(`<script nonce="${nonceOf(gzipped)}">a()`);
    expect(log).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ method: "GET", path: "/products/wheel", status: 200 }));
  });

  it("leave revalidations, toasts, HEAD, other encodings, odd hosts and escaped paths to the middleware", async () => {
    const { seen, get } = await storeWithCache();
    await get("/products/wheel?x=1");
    await get("/products/wheel?x=1");
    expect(seen.chain).toBe(2);
    const revalidated = await get("/products/wheel?x=1", { "if-none-match": 'W/"v1"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["content-security-policy"]).toBeDefined();
    await get("/products/wheel?x=1", { cookie: "toast=saved" });
    await get("/products/wheel?x=1", {}, "HEAD");
    await get("/products/wheel?x=1", { "accept-encoding": "deflate" });
    await get("/products/wheel?x=1", { host: "Store.Example" });
    expect(seen.chain).toBe(7);
    // Hono logs this path decoded: each time through the middleware (a render, then hits).
    for (let time = 0; time < 3; time += 1) await get("/products/whe%65l");
    expect(seen.chain).toBe(10);
    // Refused by @hono/node-server, and here too.
    expect((await get("/products\\wheel?x=1")).status).toBe(400);
    expect(seen.chain).toBe(10);
    // Rewritten by @hono/node-server to the page learnt above, and answered here.
    await get("/products/../products/wheel?x=1");
    expect(seen.chain).toBe(10);
  });

  it("never give a page kept anew the headers learnt for the page it replaced", async () => {
    const { cache, seen, get } = await storeWithCache();
    await get("/products/wheel");
    await get("/products/wheel");
    cache.clear();
    await get("/products/wheel");
    await get("/products/wheel");
    expect(seen).toEqual({ chain: 4, renders: 2 });
    await get("/products/wheel");
    expect(seen.chain).toBe(4);
  });
});
