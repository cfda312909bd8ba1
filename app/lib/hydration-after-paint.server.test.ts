import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { HELD_PRELOAD, HELD_TYPE } from "./hydration-after-paint";
import { holdScriptsUntilPaint } from "./hydration-after-paint.server";

const page =
  '<head><link rel="modulepreload" href="/a.js" nonce="n"/><link rel="modulepreload" href="/b.js"/></head>' +
  "<body><p>type=&quot;module&quot; async=&quot;&quot;, as React writes it in text</p>" +
  '<script nonce="n">window.__reactRouterContext = {}</script>' +
  '<script nonce="n" type="module" async="">import "/a.js";</script></body>';

async function through(chunks: string[]) {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(holdScriptsUntilPaint()));
}

describe("holdScriptsUntilPaint", () => {
  it("sends the module preloads and the inline module inert, and nothing else changed", async () => {
    const held = await through([page]);
    expect(held).toBe(
      page
        .replaceAll('<link rel="modulepreload"', `<link rel="${HELD_PRELOAD}"`)
        .replace('<script nonce="n" type="module" async="">', `<script nonce="n" type="${HELD_TYPE}">`),
    );
    expect(held).not.toContain('rel="modulepreload"');
    expect(held).toContain('<script nonce="n">window.__reactRouterContext = {}</script>');
  });

  it("finds them wherever the stream's chunks are cut", async () => {
    const whole = await through([page]);
    for (let size = 1; size <= 40; size++) {
      const chunks = [];
      for (let at = 0; at < page.length; at += size) chunks.push(page.slice(at, at + size));
      expect(await through(chunks)).toBe(whole);
    }
  });
});
