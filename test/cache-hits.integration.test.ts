// A page from the page cache carries the same status, headers and body as the page rendered for
// its first asker, whichever way the hit was answered (through the middleware, or before it once a
// hit of its kind went through: server/cache-hits.ts), but for its own CSP nonce and the mark of a
// hit; and the body is framed by its length, where a page compressed as it was rendered is chunked.
import { type IncomingHttpHeaders, request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StoreProcess, storeProcess } from "./store-process";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

let store: StoreProcess;

beforeAll(async () => {
  store = await storeProcess({});
  await store.start();
}, 120_000);

afterAll(async () => {
  await store?.remove();
});

/** A GET with exactly these headers (fetch would add an Accept-Encoding), its body unzipped. */
function get(path: string, headers: Record<string, string>): Promise<Answer> {
  const { hostname, port } = new URL(store.base);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const gzipped = response.headers["content-encoding"] === "gzip";
        const text = (gzipped ? gunzipSync(body) : body).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
      });
    })
      .on("error", reject)
      .end();
  });
}

const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

/** What a client sees of an answer but its nonce, the date, the mark of a hit and how the body is framed. */
function seen(answer: Answer) {
  const nonce = nonceOf(answer) ?? "no nonce";
  const {
    date: _date,
    "x-page-cache": _hit,
    "content-length": _length,
    "transfer-encoding": _chunked,
    ...headers
  } = answer.headers;
  return {
    status: answer.status,
    headers: JSON.parse(JSON.stringify(headers).replaceAll(nonce, "NONCE")),
    text: answer.text.replaceAll(nonce, "NONCE"),
  };
}

const PAGES = [
  "/products/grinding-wheel-4-5-in-gw-45-001",
  "/category/abrasives/grinding-wheels",
  "/search?q=grinding+wheel",
  "/search?q=grinding%20wheel%204.5",
  "/products/grinding-wheel-4-5-in-gw-45-001.data",
  "/api/search/suggest?q=grind",
];

const KINDS: Record<string, string>[] = [
  {},
  { "accept-encoding": "gzip, deflate, br, zstd" },
  { cookie: "cart=5f0c1d2e-0000-4000-8000-000000000000" },
  { "accept-encoding": "gzip", cookie: "better-auth.session_token=nobody.signed" },
];

describe("a page from the page cache", () => {
  it("answers as it was rendered, but for a fresh nonce, for a visitor and a buyer, gzipped or not", async () => {
    for (const page of PAGES) {
      for (const [index, headers] of KINDS.entries()) {
        // A page of its own for each kind, so that each kind's first asker renders it.
        const path = `${page}${page.includes("?") ? "&" : "?"}utm_source=kind-${index}`;
        const rendered = await get(path, headers);
        expect(rendered.status, path).toBe(200);
        expect(rendered.headers["x-page-cache"], path).toBeUndefined();
        const hits = [await get(path, headers), await get(path, headers), await get(path, headers)];
        for (const hit of hits) {
          expect(hit.headers["x-page-cache"], path).toBe("hit");
          expect(seen(hit), path).toEqual(seen(rendered));
          expect(Number(hit.headers["content-length"]), path).toBeGreaterThan(0);
        }
        const nonces = [rendered, ...hits].map(nonceOf);
        expect(nonces.every(Boolean), path).toBe(true);
        expect(new Set(nonces).size, path).toBe(4);
        if (rendered.text.includes("nonce=")) {
          for (const hit of hits) expect(hit.text, path).toContain(`nonce="${nonceOf(hit)}"`);
        }
        // A revalidation of the kept page: a 304 without a policy for the page the browser kept.
        if (page.startsWith("/api/search/suggest")) continue; // suggestions carry no ETag
        const revalidated = await get(path, { ...headers, "if-none-match": String(rendered.headers.etag) });
        expect(revalidated.status, path).toBe(304);
        expect(revalidated.headers["content-security-policy"], path).toBeUndefined();
        expect(revalidated.headers["x-frame-options"], path).toBe("DENY");
      }
    }
  }, 120_000);
});
