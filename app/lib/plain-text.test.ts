import { describe, expect, it } from "vitest";
import { oneLine, plainText } from "./plain-text";

describe("plainText", () => {
  it("turns control characters, NUL first, into spaces and leaves everything else alone", () => {
    expect(plainText("GW\u000045\u0007")).toBe("GW 45 ");
    expect(plainText("tab\tand\nnewline")).toBe("tab\tand\nnewline");
    expect(plainText("Ünïcödé — 4½″ ✓ 日本")).toBe("Ünïcödé — 4½″ ✓ 日本");
    expect(plainText("\u007f")).toBe(" ");
  });
});

describe("oneLine", () => {
  it("makes every kind of line break and tab one space, so text cannot start a new line", () => {
    expect(oneLine("Dana\r\n\r\nSubject: Your invoice")).toBe("Dana Subject: Your invoice");
    expect(oneLine("a\tb\u2028c\u2029d\u0085e\u0000f")).toBe("a b c d e f");
    expect(oneLine("Reyes Fabrication, Inc.")).toBe("Reyes Fabrication, Inc.");
  });
});
