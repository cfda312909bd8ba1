import { describe, expect, it } from "vitest";
import { importTypeScript } from "./import-typescript.js";

describe("importTypeScript", () => {
  it("loads a TypeScript module and leaves NODE_ENV as it found it", async () => {
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
