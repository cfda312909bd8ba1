// CSP nonces (128 bits each) cut from random bytes drawn 4 KiB at a time: one call to the
// system's CSPRNG per 256 answers rather than one per answer, which counts on cached pages.
import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh nonce for one answer's Content-Security-Policy and the scripts of its page. */
export function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(256 * NONCE_BYTES);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString("base64", nonceOffset - NONCE_BYTES, nonceOffset);
}
