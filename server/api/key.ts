// API keys as the store makes and checks them: 32 random bytes after a recognisable "cis_", kept
// only as their SHA-256 (a key has 256 bits of entropy, so a fast hash is as safe as a slow one),
// found by their first characters and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const API_KEY_PREFIX = "cis_";
/** What the key page shows of a key, and what finds its row: "cis_" and 8 characters. */
export const VISIBLE_PREFIX_LENGTH = 12;
const KEY_PATTERN = /^cis_[A-Za-z0-9_-]{43}$/;

export interface NewApiKey {
  /** The whole key, shown once. */
  key: string;
  prefix: string;
  hash: string;
}

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

export function generateApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** The key's visible prefix, or null for text that cannot be a key of ours. */
export function prefixOf(candidate: string): string | null {
  return KEY_PATTERN.test(candidate) ? candidate.slice(0, VISIBLE_PREFIX_LENGTH) : null;
}

/** Whether `candidate` is the key whose hash is `storedHash`, in time that does not depend on where they differ. */
export function verifyApiKey(candidate: string, storedHash: string): boolean {
  const given = Buffer.from(hashApiKey(candidate), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The key from an `Authorization: Bearer <key>` header, or null when there is none. */
export function bearerToken(header: string | null): string | null {
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match?.[1] ?? null;
}
