import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

const page =
  (nonce: string, renders: { count: number }, headers: Record<string, string> = {}) =>
  async () => {
    renders.count += 1;
    return new Response(`<script nonce="${nonce}">go()</script><p>render ${renders.count}</p>`, {
      headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=300", ETag: 'W/"v1"', ...headers },
    });
  };

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://store.test${path}`, { headers });

describe("the page cache", () => {
  it("renders an anonymous catalogue page once and serves it again with each request's own nonce", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    const first = await cache.serve(get("/products/wheel"), "nonce-one", page("nonce-one", renders));
    expect(await first.text()).toBe('<script nonce="nonce-one">go()</script><p>render 1</p>');
    const second = await cache.serve(get("/products/wheel"), "nonce-two", page("nonce-two", renders));
    expect(await second.text()).toBe('<script nonce="nonce-two">go()</script><p>render 1</p>');
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe('W/"v1"');
    expect(renders.count).toBe(1);
    const revalidated = await cache.serve(
      get("/products/wheel", { "If-None-Match": 'W/"v1"' }),
      "n3",
      page("n3", renders),
    );
    expect(revalidated.status).toBe(304);
  });

  it("answers the render itself gzipped from the pieces it keeps, not compressed again", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    const first = await cache.serve(
      get("/products/wheel", { "Accept-Encoding": "gzip, deflate" }),
      "nonce-one",
      page("nonce-one", renders, { ETag: '"v1"', Vary: "Cookie" }),
    );
    expect(first.headers.get("content-encoding")).toBe("gzip");
    expect(first.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(first.headers.get("etag")).toBe('W/"v1"');
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(
      '<script nonce="nonce-one">go()</script><p>render 1</p>',
    );
    const plain = await cache.serve(get("/products/drill"), "n", page("n", renders));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe('<script nonce="n">go()</script><p>render 2</p>');
  });

  it("keeps each piece in memory of its own, exactly its size, not in a slab shared with others", async () => {
    const cache = createPageCache();
    await cache.serve(get("/products/wheel"), "nonce-one", page("nonce-one", { count: 0 }));
    const kept = cache.kept(new URL("http://store.test/products/wheel"));
    const pieces = [...(kept?.parts ?? []), ...(kept?.deflated ?? [])];
    expect(pieces).toHaveLength(4);
    for (const piece of pieces) expect(piece.buffer.byteLength).toBe(piece.length);
  });

  it("answers gzip from pieces compressed once, with the request's own nonce inside", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    await cache.serve(get("/products/wheel"), "nonce-one", page("nonce-one", renders));
    for (const [accepted, nonce] of [
      ["gzip, deflate, br, zstd", "nonce-two"],
      ["br;q=1.0, gzip;q=0.8", "nonce-three"],
      ["*", "n"],
    ] as const) {
      const answer = await cache.serve(
        get("/products/wheel", { "Accept-Encoding": accepted }),
        nonce,
        page(nonce, renders),
      );
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(
        `<script nonce="${nonce}">go()</script><p>render 1</p>`,
      );
    }
    for (const accepted of ["br", "gzip;q=0", "identity"]) {
      const answer = await cache.serve(
        get("/products/wheel", { "Accept-Encoding": accepted }),
        "n4",
        page("n4", renders),
      );
      expect(answer.headers.get("content-encoding")).toBeNull();
      expect(await answer.text()).toBe('<script nonce="n4">go()</script><p>render 1</p>');
    }
    expect(renders.count).toBe(1);
  });

  it("serves the same catalogue page to a signed-in buyer and to a guest with a cart", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    await cache.serve(get("/products/wheel"), "n", page("n", renders));
    for (const cookie of ["better-auth.session_token=abc", "__Secure-better-auth.session_token=abc", "cart=xyz"]) {
      const answer = await cache.serve(get("/products/wheel", { Cookie: cookie }), "n", page("n", renders));
      expect(answer.headers.get("x-page-cache")).toBe("hit");
    }
    expect(renders.count).toBe(1);
  });

  it("never shares a page showing a toast, a buyer's own page, a page that sets a cookie, a private one, or anything but a catalogue GET", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    for (const cookie of ["toast=1", "cart=xyz; toast=1"]) {
      await cache.serve(get("/products/wheel", { Cookie: cookie }), "n", page("n", renders));
      await cache.serve(get("/products/wheel", { Cookie: cookie }), "n", page("n", renders));
    }
    expect(renders.count).toBe(4);
    await cache.serve(get("/products/wheel"), "n", page("n", renders, { "Set-Cookie": "toast=; Max-Age=0" }));
    await cache.serve(get("/products/wheel", { Cookie: "cart=xyz" }), "n", page("n", renders));
    expect(renders.count).toBe(6);
    await cache.serve(get("/category/abrasives"), "n", page("n", renders, { "Set-Cookie": "toast=; Max-Age=0" }));
    await cache.serve(get("/category/abrasives"), "n", page("n", renders, { "Cache-Control": "private, no-store" }));
    await cache.serve(get("/account"), "n", page("n", renders));
    await cache.serve(get("/account"), "n", page("n", renders));
    await cache.serve(new Request("http://store.test/search?q=x", { method: "POST" }), "n", page("n", renders));
    expect(renders.count).toBe(11);
  });

  it("keeps search suggestions per query, as buyers type the same first letters", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    for (const q of ["gri", "grin", "gri"])
      await cache.serve(get(`/api/search/suggest?q=${q}`), undefined, page("n", renders));
    expect(renders.count).toBe(2);
  });

  it("forgets everything when the catalogue changes, and after its time to live", async () => {
    const cache = createPageCache({ ttlMs: 30 });
    const renders = { count: 0 };
    await cache.serve(get("/search?q=disc"), "n", page("n", renders));
    cache.clear();
    await cache.serve(get("/search?q=disc"), "n", page("n", renders));
    expect(renders.count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.serve(get("/search?q=disc"), "n", page("n", renders));
    expect(renders.count).toBe(3);
    await cache.serve(get("/search?q=other"), "n", page("n", renders));
    expect(renders.count).toBe(4); // another query is another page
  });

  it("renders a page missed by many requests at once only once, each answer with its own nonce", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    const slowPage = (nonce: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page(nonce, renders)();
    };
    const answers = await Promise.all(
      ["a", "b", "c", "d"].map((nonce) => cache.serve(get("/category/abrasives"), nonce, slowPage(nonce))),
    );
    expect(renders.count).toBe(1);
    expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(
      ["a", "b", "c", "d"].map((nonce) => `<script nonce="${nonce}">go()</script><p>render 1</p>`),
    );
  });

  it("renders again for each waiting request when the page could not be kept, or its render failed", async () => {
    const cache = createPageCache();
    let renders = 0;
    const notFound = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new Response("gone", { status: 404, headers: { "Cache-Control": "public, max-age=60" } });
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.serve(get("/products/gone"), "n", notFound)));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expect(renders).toBe(3);

    const failing = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error("database went away");
    };
    const fine = { count: 0 };
    const [failed, retried] = await Promise.allSettled([
      cache.serve(get("/shop"), "n", failing),
      cache.serve(get("/shop"), "m", page("m", fine)),
    ]);
    expect(failed.status).toBe("rejected");
    expect(retried.status === "fulfilled" && (await retried.value.text())).toBe(
      '<script nonce="m">go()</script><p>render 1</p>',
    );
  });

  it("does not keep a page whose render began before the catalogue changed", async () => {
    const cache = createPageCache();
    const renders = { count: 0 };
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const before = cache.serve(get("/search?q=disc"), "n", async () => {
      await held;
      return page("n", renders)();
    });
    cache.clear();
    const after = cache.serve(get("/search?q=disc"), "n", page("n", renders));
    expect(await (await after).text()).toContain("render 1");
    finish();
    expect(await (await before).text()).toContain("render 2");
    const again = await cache.serve(get("/search?q=disc"), "n", page("n", renders));
    expect(await again.text()).toContain("render 1");
    expect(renders.count).toBe(2);
  });
});
