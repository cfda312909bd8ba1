import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/checkout", "/checkout"],
    ["/account?tab=orders", "/account?tab=orders"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["", "/"],
    [null, "/"],
  ])("sends %j to %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});
