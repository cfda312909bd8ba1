import { describe, expect, it } from "vitest";
import { escapeXml } from "./xml";

describe("escapeXml", () => {
  it("escapes the five marked-up characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("leaves out what XML 1.0 cannot hold and keeps tabs, line breaks and whole surrogate pairs", () => {
    expect(escapeXml("a\u0000b\u0007c\u001Fd\uFFFEe\uFFFF")).toBe("abcde");
    expect(escapeXml("lone \uD800 high, lone \uDC00 low")).toBe("lone  high, lone  low");
    expect(escapeXml("tab\there\nline\r\n🔧 wrench")).toBe("tab\there\nline\r\n🔧 wrench");
  });
});
