import { describe, expect, it } from "vitest";
import { chunkedWriter, chunks } from "./line-chunks";

const lines = Array.from({ length: 5_000 }, (_, i) => `["row",${i},"${"x".repeat(i % 90)}"]\n`);

describe("lines written in chunks", () => {
  it("joins lines pulled from an iterable into few chunks of about 64 KB, every line kept in order", () => {
    const written = [...chunks(lines)];
    expect(written.join("")).toBe(lines.join(""));
    expect(written.length).toBeLessThan(lines.length / 100);
    for (const chunk of written.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(65_536);
  });

  it("writes lines handed over one at a time the same way, the rest when flushed", async () => {
    const written: string[] = [];
    const writer = chunkedWriter(async (chunk) => {
      written.push(chunk);
    });
    for (const line of lines) await writer.add(line);
    const beforeFlush = written.length;
    await writer.flush();
    expect(written.length).toBe(beforeFlush + 1);
    expect(written).toEqual([...chunks(lines)]);
    await writer.flush();
    expect(written.length).toBe(beforeFlush + 1);
  });
});
