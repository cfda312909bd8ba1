import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePieces, gzipPieces } from "./gzip-pieces";

const join = (pieces: Buffer[], filler: Buffer) =>
  gunzipSync(Buffer.concat(gzipPieces(pieces, deflatePieces(pieces), filler)));

describe("gzipPieces", () => {
  it("is a gzip body of the pieces joined by the filler, whatever the filler", () => {
    const page = Buffer.from(`<html>${"<p>Grinding Wheel 4.5 in</p>".repeat(2_000)}</html>`);
    const pieces = [page.subarray(0, 20_000), page.subarray(20_000, 20_010), page.subarray(20_010)];
    for (const filler of ["abc", "", randomBytes(48).toString("base64")].map((text) => Buffer.from(text)))
      expect(join(pieces, filler)).toEqual(
        Buffer.concat([pieces[0], filler, pieces[1], filler, pieces[2]] as Buffer[]),
      );
  });

  it("holds empty pieces, a single piece and bytes that do not compress", () => {
    const noise = randomBytes(100_000);
    expect(join([Buffer.alloc(0), Buffer.alloc(0)], Buffer.from("n"))).toEqual(Buffer.from("n"));
    expect(join([noise], Buffer.from("unused"))).toEqual(noise);
    expect(join([noise, noise], Buffer.from("x"))).toEqual(Buffer.concat([noise, Buffer.from("x"), noise]));
  });

  it("compresses a page about as well as compressing it whole", () => {
    const page = Buffer.from(`<html>${"<p>Grinding Wheel 4.5 in</p>".repeat(2_000)}</html>`);
    const pieces = [page.subarray(0, 30_000), page.subarray(30_000)];
    const size = Buffer.concat(gzipPieces(pieces, deflatePieces(pieces), Buffer.from("nonce"))).length;
    expect(size).toBeLessThan(page.length / 20);
  });
});
