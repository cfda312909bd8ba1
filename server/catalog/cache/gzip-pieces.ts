// A gzip body assembled from pieces compressed once and a short filler that changes on every
// answer (a page's CSP nonce), so a cached page is not compressed again for each visitor.
// Each piece is a run of deflate blocks ending on a byte boundary (a sync flush), compressed on
// its own so none refers back into another; the filler goes between them as a stored block.
// RFC 1951 section 3.2.4 (stored blocks), RFC 1952 (the gzip wrapper).
import { constants, crc32, deflateRawSync } from "node:zlib";

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty stored block marked final: the end of the deflate stream.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

// Output taken 4 KB at a time, not zlib's 16 KB: each chunk is cut from Buffer's shared pool (64 KB
// slabs on Node 24), and a 10 KB API answer deflates to ~1.4 KB. V8 counts the slabs as memory
// outside its heap, and 64 MB more of it since the last full collection starts the next one.
// 9,700 searches nobody asked before, at 10 connections on two processes at a million parts:
// 3-4 full collections, not 6.
const OUTPUT_CHUNK = 4 * 1024;

/** Compresses each piece on its own into deflate blocks that more blocks may follow. */
export function deflatePieces(pieces: Buffer[]): Buffer[] {
  return pieces.map((piece) =>
    deflateRawSync(piece, {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: constants.Z_SYNC_FLUSH,
      chunkSize: OUTPUT_CHUNK,
    }),
  );
}

function storedBlock(bytes: Buffer): Buffer[] {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return [header, bytes];
}

/**
 * The gzip of `pieces` joined by `filler`, from their deflated forms, as buffers to send in this
 * order. The filler must be under 64 KiB.
 */
export function gzipPieces(pieces: Buffer[], deflated: Buffer[], filler: Buffer): Buffer[] {
  const blocks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) {
      blocks.push(...storedBlock(filler));
      crc = crc32(filler, crc);
      size += filler.length;
    }
    blocks.push(deflated[index] as Buffer);
    crc = crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  blocks.push(FINAL_BLOCK, trailer);
  return blocks;
}
