// How much a request may send, by route, and how long it may take to send it. A body over its
// limit is refused with 413 as soon as that is known: from its Content-Length before a byte of it
// is read, or, for a chunked body, once the bytes counted while it streams in pass the limit. A
// Content-Length lower than the body sent does not help: Node reads that many bytes as the body
// and refuses the rest as a malformed next request.
import type { Socket } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { MAX_CERTIFICATE_BYTES } from "../domain/companies/tax-exemption";
import { CONTRACT_CSV_LIMITS } from "../domain/pricing/contract-prices";
import { MAX_UPLOAD_BYTES } from "./catalog/import/catalog-upload";
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from "./media/images";

const KB = 1024;
const MB = 1024 * KB;

interface BodyLimit {
  path: RegExp;
  maxBytes: number;
}

// Every form and JSON call of the store: the longest, a sign-up or a checkout with two addresses,
// is under 4 KB; a Quick Order list of 100 lines under 10 KB.
const FORMS_AND_JSON = 64 * KB;

/** Routes that take more than a form; the first whose path matches applies. */
const BODY_LIMITS: readonly BodyLimit[] = [
  // Stripe's event payloads stay well under this.
  { path: /^\/api\/payments\/stripe\/webhook$/, maxBytes: 1 * MB },
  // The back office's catalogue upload, read by request.formData(): an admin's, and at most this.
  { path: /^\/admin\/products\/import(?:\/run)?$/, maxBytes: MAX_UPLOAD_BYTES + 64 * KB },
  // A company's price list, read by request.formData(): a CSV of at most 1 MB.
  { path: /^\/admin\/companies\/[^/]+\/prices(?:\.data)?$/, maxBytes: CONTRACT_CSV_LIMITS.maxBytes + 64 * KB },
  // The product editor, read by request.formData() (an admin's form): three pictures of the largest
  // size and a document at once; more pictures are added by saving again.
  {
    path: /^\/admin\/products\/(?:new|[^/]+\/edit)(?:\.data)?$/,
    maxBytes: 3 * MAX_IMAGE_BYTES + MAX_DOCUMENT_BYTES + 64 * KB,
  },
  // A company's tax-exempt certificate (read by request.formData(), a signed-in company admin's):
  // a little past the file's limit, so a file just over it gets the page's own message.
  { path: /^\/account\/company\/tax-certificates(?:\.data)?$/, maxBytes: MAX_CERTIFICATE_BYTES + 1 * MB },
  // Other uploads (product pictures, documents for a quote) get their own, larger entry here. Their route
  // must read `request.body` as a stream and write it to disk as it arrives, counting as it goes:
  // `limitBody` below keeps a chunked body in memory, up to its limit, before the route sees it.
  // REQUEST_TIMEOUT bounds how long any request may take to arrive, an upload's too.
];

const shown = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`);

// How long a refused body may go on arriving, read and dropped, after the answer has gone out.
const LINGER_MS = 2_000;

/**
 * Closes the connection the way nginx's "lingering close" does. A socket closed with unread bytes
 * makes the kernel answer with a reset, and a client still sending its body then loses the 413 it
 * was sent before it could read it (a browser shows "connection reset" instead of the message).
 * So once the answer has gone out, the rest of the body is read and dropped (Node's parser discards
 * a request body nobody reads) until the client closes, or for LINGER_MS at most.
 */
function lingerOnClose(socket: Socket | undefined) {
  if (!socket) return;
  // Node's HTTP server closes a connection after a `Connection: close` answer with destroySoon().
  socket.destroySoon = () => {
    socket.end();
    const cutOff = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("close", () => clearTimeout(cutOff));
  };
}

// Closing the connection after the answer means the rest of the body is never used. The JSON API
// answers in its own error shape (docs/decisions/api.md).
const refuse = (c: Context, message: string, status: 400 | 413) => {
  lingerOnClose((c.env as Partial<HttpBindings> | undefined)?.incoming?.socket);
  if (c.req.path.startsWith("/api/v1/")) {
    const code = status === 413 ? "body_too_large" : "invalid_body";
    return c.json({ error: { code, message } }, status, { Connection: "close" });
  }
  return c.text(message, status, { Connection: "close" });
};

/**
 * Refuses a body over `maxBytes` with 413. A chunked body (no Content-Length) is read here, counted
 * as it arrives, and handed on as bytes; one that stops arriving (the client left, or Node's
 * request timeout cut it off) answers 400 instead of failing later in a route.
 */
async function limitBody(c: Context, next: () => Promise<void>, maxBytes: number) {
  const body = c.req.raw.body;
  if (!body) return next();
  const tooLarge = () => refuse(c, `Request too large: at most ${shown(maxBytes)} may be sent here.`, 413);
  const declared = c.req.header("content-length");
  if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
    return Number(declared) > maxBytes ? tooLarge() : next();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) return tooLarge();
      chunks.push(chunk);
    }
  } catch {
    return refuse(c, "The request body did not arrive in full.", 400);
  }
  c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
  return next();
}

/** Hono middleware holding every request body to its route's limit, 64 KB unless BODY_LIMITS says more. */
export function requestBodyLimits(): MiddlewareHandler {
  return (c, next) => {
    const route = BODY_LIMITS.find(({ path }) => path.test(c.req.path));
    return limitBody(c, next, route?.maxBytes ?? FORMS_AND_JSON);
  };
}

/**
 * Node's limits on a slow client (a body sent a byte a minute, headers that never end): the whole
 * request must arrive within `requestTimeoutMs` and its headers within 10 s of that, else Node
 * answers 408 and closes the connection. Checked every second, not Node's default 30.
 */
export function slowClientLimits(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(10_000, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
  };
}
