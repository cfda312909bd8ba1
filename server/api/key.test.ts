import { describe, expect, it } from "vitest";
import { bearerToken, generateApiKey, hashApiKey, prefixOf, verifyApiKey } from "./key";

describe("API keys", () => {
  it("are 'cis_' and 43 URL-safe characters (32 random bytes), different every time", () => {
    const keys = Array.from({ length: 50 }, () => generateApiKey().key);
    for (const key of keys) expect(key).toMatch(/^cis_[A-Za-z0-9_-]{43}$/);
    expect(new Set(keys).size).toBe(50);
  });

  it("are kept as their SHA-256 with the first 12 characters to recognise them", () => {
    const { key, prefix, hash } = generateApiKey();
    expect(prefix).toBe(key.slice(0, 12));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(4));
    // SHA-256 of "abc", from FIPS 180-2.
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("verify only the key itself against its hash", () => {
    const { key, hash } = generateApiKey();
    expect(verifyApiKey(key, hash)).toBe(true);
    const lastChanged = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    expect(verifyApiKey(lastChanged, hash)).toBe(false);
    expect(verifyApiKey(key, generateApiKey().hash)).toBe(false);
    expect(verifyApiKey(key, "not hex")).toBe(false);
    expect(verifyApiKey(key, "")).toBe(false);
  });

  it("give a prefix only for text shaped like a key", () => {
    const { key, prefix } = generateApiKey();
    expect(prefixOf(key)).toBe(prefix);
    for (const text of ["", "cis_short", `${key}x`, key.replace("cis_", "sk_"), `${key.slice(0, -1)}!`, ` ${key}`])
      expect(prefixOf(text), text).toBeNull();
  });

  it("come from an Authorization header of the Bearer scheme, any case", () => {
    expect(bearerToken("Bearer cis_abc")).toBe("cis_abc");
    expect(bearerToken("bearer   cis_abc ")).toBe("cis_abc");
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken("Basic dXNlcjpwYXNz")).toBeNull();
    expect(bearerToken("Bearer")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
  });
});
