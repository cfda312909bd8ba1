import { describe, expect, it } from "vitest";
import { oneLine, plainText, visibleText } from "./plain-text";

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

describe("visibleText", () => {
  it("drops direction overrides, isolates and zero-width characters, keeping right-to-left text", () => {
    expect(visibleText("\u202Egnp.exe")).toBe("gnp.exe");
    expect(visibleText("GW-45-001\u200b\u2060\ufeff")).toBe("GW-45-001");
    expect(visibleText("\u2066a\u2069 \u200d")).toBe("a ");
    expect(visibleText("שלום \u200f(5)")).toBe("שלום \u200f(5)");
    expect(visibleText("bell\u0007")).toBe("bell ");
  });
});
