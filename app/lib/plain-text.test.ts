import { describe, expect, it } from "vitest";
import { plainText } from "./plain-text";

describe("plainText", () => {
  it("turns control characters, NUL first, into spaces and leaves everything else alone", () => {
    expect(plainText("GW\u000045\u0007")).toBe("GW 45 ");
    expect(plainText("tab\tand\nnewline")).toBe("tab\tand\nnewline");
    expect(plainText("Ünïcödé — 4½″ ✓ 日本")).toBe("Ünïcödé — 4½″ ✓ 日本");
    expect(plainText("\u007f")).toBe(" ");
  });
});
