import { describe, expect, it } from "vitest";
import { refererPath, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/checkout", "/checkout"],
    ["/account?tab=orders", "/account?tab=orders"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["", "/"],
    [null, "/"],
    ["/account\r\nSet-Cookie: a=b", "/"],
    ["/\u3002evil.example", "/"],
    ["/caf\u00e9", "/"],
    ["/\tevil.example", "/"],
    ["https:evil.example", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    [`/${"a".repeat(2_000)}`, "/"],
  ])("sends %j to %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});

describe("refererPath", () => {
  const from = (referer?: string) =>
    refererPath(new Request("https://store.test/auth/sign-out", { headers: referer ? { referer } : {} }));
  it.each([
    ["https://store.test/account?tab=orders", "/account?tab=orders"],
    ["https://evil.example/account", "/"],
    ["not a url", "/"],
    [undefined, "/"],
  ])("sends a buyer who came from %j back to %j", (referer, expected) => {
    expect(from(referer)).toBe(expected);
  });
});
