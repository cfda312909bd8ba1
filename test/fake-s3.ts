// A local stand-in for an S3-compatible bucket, for tests only (S3's own servers are beyond the
// test's reach): the HTTP protocol the AWS SDK speaks with path-style addressing, for the calls the
// store makes: PUT, GET, HEAD and DELETE of /bucket/key, and GET /bucket?list-type=2 (ListObjectsV2,
// its pages and continuation tokens). It keeps objects in memory and does not check signatures.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeObject {
  bytes: Buffer;
  contentType: string;
  lastModified: Date;
}

export interface FakeS3 {
  /** http://127.0.0.1:port, the S3_ENDPOINT. */
  endpoint: string;
  /** Objects by bucket, then key. */
  buckets: Map<string, Map<string, FakeObject>>;
  /** Every request: method, path (decoded) and its Authorization header. */
  requests: { method: string; path: string; query: string; authorization: string; contentType?: string }[];
  close(): Promise<void>;
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

const etagOf = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function error(response: ServerResponse, status: number, code: string, head = false) {
  response.writeHead(status, { "Content-Type": "application/xml" });
  response.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

/** Starts the bucket server on loopback; `pageSize` keys per ListObjectsV2 page (S3's is 1,000). */
export async function startFakeS3({ pageSize = 1000 } = {}): Promise<FakeS3> {
  const buckets = new Map<string, Map<string, FakeObject>>();
  const requests: FakeS3["requests"] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://bucket.test");
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    requests.push({
      method: request.method ?? "",
      path: decodeURIComponent(url.pathname),
      query: url.search,
      authorization: String(request.headers.authorization ?? ""),
      contentType: request.headers["content-type"],
    });
    const bucket = buckets.get(bucketName) ?? new Map<string, FakeObject>();
    buckets.set(bucketName, bucket);
    const found = bucket.get(key);
    const headers = (object: FakeObject) => ({
      "Content-Type": object.contentType,
      "Content-Length": String(object.bytes.length),
      ETag: etagOf(object.bytes),
      "Last-Modified": object.lastModified.toUTCString(),
    });
    switch (request.method) {
      case "PUT": {
        const bytes = await bodyOf(request);
        const object = {
          bytes,
          contentType: request.headers["content-type"] ?? "binary/octet-stream",
          lastModified: new Date(),
        };
        bucket.set(key, object);
        response.writeHead(200, { ETag: etagOf(bytes) });
        return response.end();
      }
      case "HEAD":
        if (!found) return error(response, 404, "NotFound", true);
        response.writeHead(200, headers(found));
        return response.end();
      case "DELETE":
        bucket.delete(key);
        response.writeHead(204);
        return response.end();
      case "GET": {
        if (key === "" && url.searchParams.get("list-type") === "2") {
          const prefix = url.searchParams.get("prefix") ?? "";
          const after = url.searchParams.get("continuation-token") ?? url.searchParams.get("start-after") ?? "";
          const keys = [...bucket.keys()].filter((name) => name.startsWith(prefix) && name > after).sort();
          const page = keys.slice(0, pageSize);
          const truncated = keys.length > page.length;
          const contents = page
            .map((name) => {
              const object = bucket.get(name) as FakeObject;
              return `<Contents><Key>${xml(name)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${xml(etagOf(object.bytes))}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
            })
            .join("");
          response.writeHead(200, { "Content-Type": "application/xml" });
          return response.end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucketName)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xml(page.at(-1) ?? "")}</NextContinuationToken>` : ""}</ListBucketResult>`,
          );
        }
        if (!found) return error(response, 404, "NoSuchKey");
        response.writeHead(200, headers(found));
        return response.end(found.bytes);
      }
      default:
        return error(response, 405, "MethodNotAllowed");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
