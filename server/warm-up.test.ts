import type { RequestListener } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { catalogueApiCache, pageCache } from "./catalog/cache/page-cache";
import { catalogueRehearsal, requestsFromNames, warmUpOverHttp } from "./warm-up";

describe("warmUpOverHttp", () => {
  it("asks the catalogue API and the suggestions over HTTP, each answer new, then closes its port", async () => {
    const asked: string[] = [];
    let port = 0;
    const listener: RequestListener = (request, response) => {
      asked.push(request.url ?? "");
      port = request.socket.localPort ?? 0;
      response.end("{}");
    };
    await warmUpOverHttp(listener);
    expect(asked.filter((url) => url.startsWith("/api/v1/products?")).length).toBeGreaterThanOrEqual(9);
    expect(asked.filter((url) => url.startsWith("/api/search/suggest?")).length).toBeGreaterThanOrEqual(3);
    // No answer could come from the page cache a request before filled.
    expect(new Set(asked).size).toBe(asked.length);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it("fails naming the request that was not answered with success", async () => {
    const listener: RequestListener = (request, response) => {
      response.statusCode = request.url?.startsWith("/api/search/suggest") ? 500 : 200;
      response.end("{}");
    };
    await expect(warmUpOverHttp(listener)).rejects.toThrow("/api/search/suggest?q=grin answered 500");
  });

  it("asks the rehearsed requests after the fixed rounds, a few at once, then empties the page caches", async () => {
    const rehearsed = Array.from({ length: 12 }, (_, at) => `/search?q=part+${at}`);
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const listener: RequestListener = (request, response) => {
      asked.push(request.url ?? "");
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        response.end("{}");
      }, 5);
    };
    const cleared = [vi.spyOn(pageCache(), "clear"), vi.spyOn(catalogueApiCache(), "clear")];
    try {
      await warmUpOverHttp(listener, rehearsed);
      expect(asked.slice(-rehearsed.length).sort()).toEqual([...rehearsed].sort());
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(4);
      // A buyer's first answer is never one the rehearsal left in a cache.
      for (const clear of cleared) expect(clear).toHaveBeenCalled();
    } finally {
      for (const clear of cleared) clear.mockRestore();
    }
  });
});

describe("requestsFromNames", () => {
  const names = [
    "Grinding Wheel 4-1/2 in x 1/4 in, Type 27",
    "Annular Broach Cutter 15/16 in x 2 in HSS",
    "Taper Tap M6x1.0 Cobalt",
    "Round Die 10-24 Cobalt",
    "Nitrile Gloves, Large, 100 Pack",
    "Respirator Cartridge Organic Vapor",
    "ANL Fuse 10 A, 25 Pack",
  ];
  const searched = (requests: string[]) =>
    requests
      .filter((path) => path.startsWith("/search?"))
      .map((path) => new URLSearchParams(path.slice("/search?".length)).get("q") ?? "");

  it("searches one to three words of each name in turn on the search page, every sixth misspelt", () => {
    expect(searched(requestsFromNames(names))).toEqual([
      "grinding",
      "in hss",
      "taper tap m6x1.0",
      "die",
      "nitrile gloves",
      "crtridge organic vapor",
      "anl",
    ]);
  });

  it("types the first letters of every third search into the search box", () => {
    expect(requestsFromNames(names).filter((path) => path.startsWith("/api/search/suggest?"))).toEqual([
      "/api/search/suggest?q=gri",
      "/api/search/suggest?q=die",
      "/api/search/suggest?q=anl",
    ]);
  });

  it("asks nothing twice", () => {
    expect(requestsFromNames(Array(6).fill("Hex Key"))).toEqual([
      "/search?q=hex",
      "/api/search/suggest?q=hex",
      "/search?q=hex+key",
      "/search?q=key",
      "/api/search/suggest?q=key",
    ]);
  });
});

describe("catalogueRehearsal", () => {
  it("rehearses nothing of a catalogue under 10,000 parts, asking the database nothing", async () => {
    expect(await catalogueRehearsal(9_999)).toEqual([]);
  });
});
