// The store's files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), when S3_BUCKET is
// set (docs/decisions/media-storage.md), through the official AWS SDK: put = PutObject with its
// ContentType, get = GetObject, exists = HeadObject, delete = DeleteObject, keys = ListObjectsV2.
// Each space is a prefix of the bucket ("media/…", "tax-certificates/…"); the bucket must not be
// readable by the public, since the certificates are in it: the store serves every file itself.
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../config";
import { checkedKey, contentTypeOf, type FileSpace, type FileStore, isMediaKey } from "./file-store";

// Loaded by the first call (~200 ms): a store without a bucket, and every process it starts, never loads it.
const sdk = () => import("@aws-sdk/client-s3");

const clients = new WeakMap<S3Settings, Promise<S3Client>>();

function clientFor(settings: S3Settings): Promise<S3Client> {
  let client = clients.get(settings);
  if (!client) {
    client = sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials: settings.credentials,
          // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer
          // default (a CRC32 header or trailer on every upload), and a key names its content anyway.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }),
    );
    clients.set(settings, client);
  }
  return client;
}

/** Whether the bucket said "no such key" (GetObject's NoSuchKey, HeadObject's bare 404). */
const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
};

export function s3Storage(settings: S3Settings, space: FileSpace): FileStore {
  const Bucket = settings.bucket;
  const prefix = `${space}/`;
  const objectKey = (key: string) => prefix + checkedKey(key);
  return {
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      const [{ PutObjectCommand }, s3] = await Promise.all([sdk(), clientFor(settings)]);
      await s3.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const Key = objectKey(key);
      const [{ GetObjectCommand }, s3] = await Promise.all([sdk(), clientFor(settings)]);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return undefined;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      const Key = objectKey(key);
      const [{ HeadObjectCommand }, s3] = await Promise.all([sdk(), clientFor(settings)]);
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const [{ DeleteObjectCommand }, s3] = await Promise.all([sdk(), clientFor(settings)]);
      await s3.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async *keys() {
      const [{ ListObjectsV2Command }, s3] = await Promise.all([sdk(), clientFor(settings)]);
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const { Key } of page.Contents ?? []) {
          const key = Key?.slice(prefix.length) ?? "";
          if (isMediaKey(key)) yield key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
