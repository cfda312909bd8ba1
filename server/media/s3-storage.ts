// The store's files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), when S3_BUCKET is
// set (docs/decisions/media-storage.md), through the official AWS SDK: put = PutObject with its
// ContentType, get = GetObject, exists = HeadObject, delete = DeleteObject, keys = ListObjectsV2.
// Each space is a prefix of the bucket ("media/…", "tax-certificates/…"); the bucket must not be
// readable by the public, since the certificates are in it: the store serves every file itself.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config";
import { checkedKey, contentTypeOf, type FileSpace, type FileStore, isMediaKey } from "./file-store";

const clients = new WeakMap<S3Settings, S3Client>();

function clientFor(settings: S3Settings): S3Client {
  let client = clients.get(settings);
  if (!client) {
    client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer
      // default (a CRC32 header or trailer on every upload), and a key names its content anyway.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    clients.set(settings, client);
  }
  return client;
}

/** Whether the bucket said "no such key" (GetObject's NoSuchKey, HeadObject's bare 404). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);

export function s3Storage(settings: S3Settings, space: FileSpace): FileStore {
  const s3 = clientFor(settings);
  const Bucket = settings.bucket;
  const prefix = `${space}/`;
  const objectKey = (key: string) => prefix + checkedKey(key);
  return {
    async put(key, bytes, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
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
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *keys() {
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
