import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentHash, copyFiles, fileStorage, fileStoreFor, isMediaKey, mediaKey } from "./storage";

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

describe("copying every file from one place to another", () => {
  it("lists the files of each space, copies those the other place lacks, and leaves the rest", async () => {
    const [from, to] = [freshStorage().root, freshStorage().root];
    const picture = new TextEncoder().encode("a picture's version");
    const certificate = new TextEncoder().encode("%PDF-1.4 a certificate");
    await fileStoreFor({ dataDir: from }, "media").put(mediaKey(picture, "webp"), picture, "image/webp");
    await fileStoreFor({ dataDir: from }, "tax-certificates").put("0123456789abcdef01234567.pdf", certificate, "");
    // A write a stopped store left half done is no file.
    mkdirSync(path.join(from, "files/media/ab"), { recursive: true });
    writeFileSync(path.join(from, "files/media/ab/abcdef.webp.1f2e3d.part"), "half");

    const keys = async (root: string, space: "media" | "tax-certificates") => {
      const found: string[] = [];
      for await (const key of fileStoreFor({ dataDir: root }, space).keys()) found.push(key);
      return found;
    };
    expect(await keys(from, "media")).toEqual([mediaKey(picture, "webp")]);
    expect(await copyFiles({ dataDir: from }, { dataDir: to })).toBe(2);
    expect(await keys(to, "media")).toEqual([mediaKey(picture, "webp")]);
    expect(await keys(to, "tax-certificates")).toEqual(["0123456789abcdef01234567.pdf"]);
    // Again: every file is there already, and a place copied to itself is left alone.
    expect(await copyFiles({ dataDir: from }, { dataDir: to })).toBe(0);
    expect(await copyFiles({ dataDir: to }, { dataDir: to })).toBe(0);
  });
});
