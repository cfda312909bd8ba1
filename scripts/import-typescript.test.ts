import { describe, expect, it } from "vitest";
import { importTypeScript } from "./import-typescript.js";

describe("importTypeScript", () => {
  // Each import starts Vite's module runner: seconds on a loaded two-core machine, not a unit's 5.
  it("loads a TypeScript module and leaves NODE_ENV as it found it", { timeout: 60_000 }, async () => {
    const before = process.env.NODE_ENV;
    const partNumbers = await importTypeScript("./server/catalog/products/part-numbers.ts");
    expect(partNumbers.normalizePartNumber("gw-45 001")).toBe("GW45001");
    expect(process.env.NODE_ENV).toBe(before);

    delete process.env.NODE_ENV;
    try {
      await importTypeScript("./server/catalog/products/part-numbers.ts");
      expect(process.env.NODE_ENV).toBeUndefined();
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
