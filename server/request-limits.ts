// How much a request may send, by route, and how long it may take to send it. A body over its
// limit is refused with 413 as soon as that is known: from its Content-Length before a byte of it
// is read, or, for a chunked body, once the bytes the route reads pass the limit. A
// Content-Length lower than the body sent does not help: Node reads that many bytes as the body
// and refuses the rest as a malformed next request.
import type { Socket } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { MAX_CERTIFICATE_BYTES } from "../domain/companies/tax-exemption";
import { CONTRACT_CSV_LIMITS } from "../domain/pricing/contract-prices";
import { MAX_UPLOAD_BYTES } from "./catalog/import/catalog-upload";
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from "./media/images";
import { MAX_CXML_BYTES } from "./procurement/cxml";
import { cxmlAnswer } from "./procurement/cxml-endpoint";

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
  // A procurement system's cXML: an order of a few hundred lines (server/procurement/cxml.ts).
  { path: /^\/punchout\/cxml$/, maxBytes: MAX_CXML_BYTES },
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
  // Other uploads (product pictures, documents for a quote) get their own, larger entry here. Their
  // route must ask who is sending before it reads the body: `limitBody` below only counts it as the
  // route reads. REQUEST_TIMEOUT bounds how long any request may take to arrive, an upload's too.
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
  // A procurement system reads only cXML (docs/punchout.md): the refusal is a cXML Response, status 400.
  if (c.req.path === "/punchout/cxml") {
    const answer = cxmlAnswer(400, message, new URL(c.req.url).host);
    answer.headers.set("Connection", "close");
    return answer;
  }
  return c.text(message, status, { Connection: "close" });
};

/**
 * Refuses a body over `maxBytes` with 413. The body is not read here: the route reads it, once it
 * knows who is asking (an upload route refuses a visitor before a byte of it is read), through a
 * stream that counts as it goes. Past the limit the stream fails and the route's answer becomes the
 * 413; a body that stops arriving (the client left, or Node's request timeout cut it off) answers
 * 400 instead of failing in a route. A route that answers without reading the body closes the
 * connection, so what the client still sends is dropped rather than read.
 */
async function limitBody(c: Context, next: () => Promise<void>, maxBytes: number) {
  const body = c.req.raw.body;
  if (!body) return next();
  const tooLarge = () => refuse(c, `Request too large: at most ${shown(maxBytes)} may be sent here.`, 413);
  const declared = c.req.header("content-length");
  if (declared !== undefined && c.req.header("transfer-encoding") === undefined && Number(declared) > maxBytes)
    return tooLarge();
  const reader = body.getReader();
  let size = 0;
  let ending: "read" | "too large" | "cut short" | undefined;
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        ending = "cut short";
        return controller.error(error);
      }
      if (chunk.done) {
        ending = "read";
        return controller.close();
      }
      size += chunk.value.length;
      if (size > maxBytes) {
        ending = "too large";
        await reader.cancel();
        return controller.error(new Error("The request body is over its route's limit."));
      }
      controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
  await next();
  // A new answer, not merged with the route's (its Location or cookies must not come along).
  const replace = (response: Response) => {
    c.res = undefined;
    c.res = response;
  };
  if (ending === "too large") replace(tooLarge());
  else if (ending === "cut short") replace(refuse(c, "The request body did not arrive in full.", 400));
  else if (ending === undefined) {
    lingerOnClose((c.env as Partial<HttpBindings> | undefined)?.incoming?.socket);
    c.res.headers.set("Connection", "close");
  }
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
