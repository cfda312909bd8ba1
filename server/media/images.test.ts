import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { imageVariantKey } from "../../domain/catalog/product-images";
import {
  importDocument,
  importProductImage,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  storeDocument,
  storeProductImage,
} from "./images";
import { fileStorage, type MediaStorage } from "./storage";

const roots: string[] = [];
function freshFolder() {
  const root = mkdtempSync(path.join(tmpdir(), "media-images-"));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Storage that counts what is written to it. */
function countingStorage(): MediaStorage & { puts: string[] } {
  const storage = fileStorage(freshFolder());
  const puts: string[] = [];
  return {
    ...storage,
    puts,
    put(key, bytes, type) {
      puts.push(key);
      return storage.put(key, bytes, type);
    },
  };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1e3a5f" } })
    .png()
    .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A valid small PNG whose header claims `width` × `height` pixels: decoding it would take gigabytes. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await picture(8, 8));
  // The IHDR chunk: length (8-11), "IHDR" (12-15), width (16-19), height (20-23), ..., CRC (29-32).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("storing a product picture", () => {
  it("makes WebP and AVIF versions at each width up to the picture's own, once", async () => {
    const storage = countingStorage();
    const bytes = await picture(800, 600);
    const stored = await storeProductImage(bytes, storage);
    expect(stored).toEqual({
      url: expect.stringMatching(/^\/media\/[0-9a-f]{24}-800x600-800\.webp$/),
      width: 800,
      height: 600,
    });
    const image = { hash: stored.url.slice(7, 31), width: 800, height: 600 };
    const expected = [160, 320, 640, 800].flatMap((width) =>
      (["avif", "webp"] as const).map((format) => imageVariantKey(image, width, format)),
    );
    expect([...storage.puts].sort()).toEqual([...expected].sort());
    // The largest WebP is written last: its presence says every version is there.
    expect(storage.puts.at(-1)).toBe(stored.url.slice("/media/".length));
    const small = await storage.get(imageVariantKey(image, 320, "avif"));
    const metadata = await sharp(Buffer.from(await new Response(small?.body).arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "heif", width: 320, height: 240 });

    expect(await storeProductImage(bytes, storage)).toEqual(stored);
    expect(storage.puts).toHaveLength(expected.length);
  });

  it("keeps a picture smaller than the smallest width at its own size", async () => {
    const storage = countingStorage();
    const stored = await storeProductImage(await picture(90, 120), storage);
    expect(stored.url).toMatch(/-90x120-90\.webp$/);
    expect(storage.puts).toHaveLength(2);
  });

  it("refuses a file that is not a picture", async () => {
    const storage = countingStorage();
    await expect(storeProductImage(new TextEncoder().encode("<html>not a picture</html>"), storage)).rejects.toThrow(
      "This file is not a picture the store can read: send a JPEG, PNG, WebP, AVIF, GIF or TIFF file.",
    );
    await expect(storeProductImage(new TextEncoder().encode("%PDF-1.7"), storage)).rejects.toThrow(/not a picture/);
    await expect(storeProductImage(new Uint8Array(0), storage)).rejects.toThrow("The picture is empty");
    expect(storage.puts).toEqual([]);
  });

  it("refuses an SVG (a drawing that could load other files), though the library reads it", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await expect(storeProductImage(new TextEncoder().encode(svg), countingStorage())).rejects.toThrow(
      "Pictures in SVG format are not taken",
    );
  });

  it("refuses a file over the size limit before reading it", async () => {
    const storage = countingStorage();
    await expect(storeProductImage(new Uint8Array(MAX_IMAGE_BYTES + 1), storage)).rejects.toThrow(
      "The picture is 20 MB; a picture may be at most 20 MB.",
    );
  });

  it("refuses a small file claiming to be 100,000 × 100,000 pixels (a decompression bomb) without decoding it", async () => {
    const storage = countingStorage();
    const bomb = await pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    await expect(storeProductImage(bomb, storage)).rejects.toThrow(
      "The picture is 100000 × 100000 pixels; a picture may have at most 50 million pixels (e.g. 8000 × 6000).",
    );
    expect(storage.puts).toEqual([]);
  });

  it("refuses a picture whose header reads but whose pixels do not", async () => {
    const storage = countingStorage();
    const cut = (await picture(400, 300)).subarray(0, 60);
    await expect(storeProductImage(cut, storage)).rejects.toThrow(/damaged|not a picture/);
    expect(storage.puts).toEqual([]);
  });
});

describe("storing a document", () => {
  it("keeps a PDF under a key made from its content", async () => {
    const storage = countingStorage();
    const pdf = new TextEncoder().encode("%PDF-1.7\n% a certificate\n%%EOF");
    const stored = await storeDocument(pdf, "  Certificate of Conformance ", storage);
    expect(stored).toEqual({
      name: "Certificate of Conformance",
      url: expect.stringMatching(/^\/media\/[0-9a-f]{24}\.pdf$/),
    });
    expect(await storeDocument(pdf, "Certificate", storage)).toMatchObject({ url: stored.url });
    expect(storage.puts).toHaveLength(1);
  });

  it("refuses what is not a PDF, one too large, and one without a name", async () => {
    const storage = countingStorage();
    await expect(storeDocument(await picture(10, 10), "Safety Data Sheet", storage)).rejects.toThrow(
      "“Safety Data Sheet” is not a PDF: documents are taken as PDF files only.",
    );
    await expect(storeDocument(new Uint8Array(MAX_DOCUMENT_BYTES + 1), "Big", storage)).rejects.toThrow(
      "a document may be at most 20 MB",
    );
    await expect(storeDocument(new TextEncoder().encode("%PDF-1.7"), "  ", storage)).rejects.toThrow(
      "Give the document a name",
    );
    expect(storage.puts).toEqual([]);
  });
});

describe("pictures and documents an import names", () => {
  it("reads a path beside the import file, and takes back a stored picture's URL", async () => {
    const storage = countingStorage();
    const folder = freshFolder();
    mkdirSync(path.join(folder, "pictures"));
    writeFileSync(path.join(folder, "pictures", "kit.png"), await picture(300, 300));
    const stored = await importProductImage("pictures/kit.png", folder, storage);
    expect(stored).toMatchObject({ width: 300, height: 300 });
    expect(await importProductImage(stored.url, folder, storage)).toEqual(stored);
  });

  it("fetches nothing from the web and reads nothing outside the import file's folder", async () => {
    const storage = countingStorage();
    const folder = freshFolder();
    await expect(importProductImage("https://example.com/kit.png", folder, storage)).rejects.toThrow(
      "https://example.com/kit.png: pictures are not fetched from the web",
    );
    await expect(importProductImage("../../etc/passwd", folder, storage)).rejects.toThrow(
      "../../etc/passwd: name a picture inside the import file's folder.",
    );
    await expect(importProductImage("/etc/passwd", folder, storage)).rejects.toThrow(/inside the import file's folder/);
    await expect(importProductImage("missing.png", folder, storage)).rejects.toThrow(
      "missing.png: no such file beside the import file.",
    );
    await expect(importProductImage(`/media/${"0".repeat(24)}-100x100-100.webp`, folder, storage)).rejects.toThrow(
      "no picture is stored under this name",
    );
    await expect(importDocument("ftp://example.com/sds.pdf", "SDS", folder, storage)).rejects.toThrow(
      "documents are not fetched from the web",
    );
    expect(storage.puts).toEqual([]);
  });
});
