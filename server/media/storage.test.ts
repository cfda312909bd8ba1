import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentHash, fileStorage, isMediaKey, mediaKey } from "./storage";

const roots: string[] = [];
const freshStorage = () => {
  const root = mkdtempSync(path.join(tmpdir(), "media-test-"));
  roots.push(root);
  return { root, storage: fileStorage(root) };
};
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("media keys", () => {
  it("are made from the content: the same bytes, the same key; other bytes, another", () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 a data sheet");
    expect(mediaKey(bytes, "pdf")).toBe(mediaKey(Uint8Array.from(bytes), "pdf"));
    expect(mediaKey(bytes, "pdf")).toMatch(/^[0-9a-f]{24}\.pdf$/);
    expect(mediaKey(new TextEncoder().encode("%PDF-1.7 another"), "pdf")).not.toBe(mediaKey(bytes, "pdf"));
    // The first 24 hex digits of SHA-256("abc").
    expect(contentHash(new TextEncoder().encode("abc"))).toBe("ba7816bf8f01cfea414140de");
  });

  it.each(["../secret.pdf", "a/b.pdf", "x.svg", ".pdf", "ABC.pdf", "key.pdf\0", "%2e%2e.pdf", ""])(
    "refuse %j",
    (key) => {
      expect(isMediaKey(key)).toBe(false);
    },
  );
});

describe("the file storage", () => {
  it("keeps, gives back, tells and forgets a file", async () => {
    const { root, storage } = freshStorage();
    const bytes = new TextEncoder().encode("%PDF-1.7 certificate");
    const key = mediaKey(bytes, "pdf");
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    await storage.put(key, bytes, "application/pdf");
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect(file).toMatchObject({ size: bytes.length, contentType: "application/pdf" });
    expect(new Uint8Array(await new Response(file?.body).arrayBuffer())).toEqual(bytes);
    // No partial file is left beside it.
    expect(readdirSync(path.join(root, key.slice(0, 2)))).toEqual([key]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it("refuses a key that could name a file outside its folder", async () => {
    const { storage } = freshStorage();
    await expect(storage.put("../escape.pdf", new Uint8Array(1), "application/pdf")).rejects.toThrow(/not a media key/);
    await expect(storage.get("../../etc/passwd.pdf")).rejects.toThrow(/not a media key/);
  });
});
