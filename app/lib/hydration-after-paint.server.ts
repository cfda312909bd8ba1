import { Transform } from "node:stream";
import { HELD_PRELOAD, HELD_TYPE } from "./hydration-after-paint";

/**
 * React Router's <Scripts> preloads every module of the page (React hoists the links into the
 * head) and ends in one inline module that imports them and starts hydration. Fetched and run
 * before the first paint, that JavaScript holds the paint back: on a slow phone, and in
 * Lighthouse's model, which counts every script requested before the paint as blocking it. The
 * page is whole without it (forms post, links navigate), so the server sends the preloads and the
 * module inert, and START_AFTER_PAINT (./hydration-after-paint.ts) wakes them once the page has
 * loaded and painted.
 */
const replacements: [Buffer, Buffer][] = [
  [Buffer.from('<link rel="modulepreload"'), Buffer.from(`<link rel="${HELD_PRELOAD}"`)],
  [Buffer.from(' type="module" async=""'), Buffer.from(` type="${HELD_TYPE}"`)],
];
const longest = Math.max(...replacements.map(([from]) => from.length));

/** Rewrites those attributes as the page streams past, whatever the chunk edges. */
export function holdScriptsUntilPaint(): Transform {
  let pending = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      let from = 0;
      for (;;) {
        const found = nextMatch(text, from);
        if (!found) break;
        out.push(text.subarray(from, found.at), found.to);
        from = found.at + found.length;
      }
      // What could be the start of an attribute split across two chunks waits for the next one.
      const keep = Math.max(from, text.length - (longest - 1));
      out.push(text.subarray(from, keep));
      pending = text.subarray(keep);
      callback(null, Buffer.concat(out));
    },
    flush(callback) {
      callback(null, pending);
    },
  });
}

function nextMatch(text: Buffer, from: number) {
  let best: { at: number; length: number; to: Buffer } | undefined;
  for (const [pattern, to] of replacements) {
    const at = text.indexOf(pattern, from);
    if (at >= 0 && (!best || at < best.at)) best = { at, length: pattern.length, to };
  }
  return best;
}
