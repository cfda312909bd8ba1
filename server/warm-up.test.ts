import type { RequestListener } from "node:http";
import { describe, expect, it } from "vitest";
import { warmUpOverHttp } from "./warm-up";

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
});
