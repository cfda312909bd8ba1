// Uploaded files in an S3-compatible bucket (S3_* settings), through the official AWS SDK against a
// bucket server started here on loopback (test/fake-s3.ts: S3 itself is beyond the test's reach):
// the four calls and the listing as the SDK sends them; a store that keeps its pictures there,
// having copied in the ones its folder held before; and a backup that carries the bucket's files
// and a restore that puts them into another bucket.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackup } from "../server/backup/backup-command";
import { runRestore } from "../server/backup/restore-command";
import type { S3Settings } from "../server/config";
import type { StoreLocation } from "../server/db/store-location";
import { databaseStorage } from "../server/media/database-storage";
import { s3Storage } from "../server/media/s3-storage";
import { fileStorage, mediaFolder, mediaKey } from "../server/media/storage";
import { createEmptyDatabase, testDriver } from "./database";
import { type FakeS3, startFakeS3 } from "./fake-s3";
import { client, productWithPicture, type StoreProcess, storeProcess } from "./store-process";

const admin = { email: "bucket-admin@example.com", password: "bucket-admin-password" };
let bucket: FakeS3;
const settings = (name: string): S3Settings => ({
  bucket: name,
  region: "us-east-1",
  endpoint: bucket.endpoint,
  credentials: { accessKeyId: "test-key", secretAccessKey: "test-secret" },
  forcePathStyle: true,
});
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const bytesOf = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

beforeAll(async () => {
  // Two keys a page, so that listing a space takes the SDK's continuation tokens.
  bucket = await startFakeS3({ pageSize: 2 });
});

afterAll(async () => {
  await bucket?.close();
});

describe("the bucket storage, through the AWS SDK", () => {
  it("puts, gets, heads, lists and deletes objects under the space's prefix, path-style and signed", async () => {
    const media = s3Storage(settings("calls"), "media");
    const certificates = s3Storage(settings("calls"), "tax-certificates");
    const documents = ["one", "two", "three"].map((text) => ({ bytes: pdf(text), key: mediaKey(pdf(text), "pdf") }));
    for (const { key, bytes } of documents) await media.put(key, bytes, "application/pdf");
    await certificates.put("0123456789abcdef01234567.pdf", pdf("certificate"), "application/pdf");

    const put = bucket.requests.find((request) => request.method === "PUT");
    expect(put).toMatchObject({ path: `/calls/media/${documents[0]?.key}`, contentType: "application/pdf" });
    expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);

    const stored = await media.get(documents[1]?.key ?? "");
    expect(stored).toMatchObject({ size: documents[1]?.bytes.length, contentType: "application/pdf" });
    expect((await bytesOf(stored?.body as ReadableStream<Uint8Array>)).equals(Buffer.from(documents[1]?.bytes ?? [])));
    expect(await media.exists(documents[2]?.key ?? "")).toBe(true);

    const listed: string[] = [];
    for await (const key of media.keys()) listed.push(key);
    expect(listed).toEqual(documents.map(({ key }) => key).sort());
    expect(bucket.requests.filter((request) => request.query.includes("list-type=2")).length).toBeGreaterThan(1);

    // The spaces are apart: a certificate is not a media file under its own key.
    expect(await media.get("0123456789abcdef01234567.pdf")).toBeUndefined();
    expect(await media.exists("0123456789abcdef01234567.pdf")).toBe(false);

    await media.delete(documents[0]?.key ?? "");
    expect(await media.exists(documents[0]?.key ?? "")).toBe(false);
    await media.delete(documents[0]?.key ?? ""); // gone already: not an error
    await expect(media.get("../secret.pdf")).rejects.toThrow(/not a media key/);
  });
});

describe(`a store on ${testDriver} keeping its files in a bucket`, { timeout: 180_000 }, () => {
  let store: StoreProcess;
  let earlier: { key: string; bytes: Uint8Array };
  const inTable = { key: mediaKey(pdf("kept in PostgreSQL"), "pdf"), bytes: pdf("kept in PostgreSQL") };
  const scratch = mkdtempSync(path.join(tmpdir(), "s3-backup-test-"));
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    store = await storeProcess({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      S3_BUCKET: "store-files",
      S3_REGION: "us-east-1",
      S3_ENDPOINT: bucket.endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "test-key",
      S3_SECRET_ACCESS_KEY: "test-secret",
    });
    // A document the store kept in its folder before it was given a bucket.
    const bytes = pdf("kept before the bucket");
    earlier = { key: mediaKey(bytes, "pdf"), bytes };
    await fileStorage(mediaFolder(store.dataDir)).put(earlier.key, bytes, "application/pdf");
    // On PostgreSQL, one it kept in its table before.
    if (testDriver === "postgres") {
      const handle = await store.openDatabase();
      await handle.migrate(); // a new database: the store's first start would make the table
      await databaseStorage(handle.db, "media").put(inTable.key, inTable.bytes, "application/pdf");
      await handle.close();
    }
    await store.start();
  }, 180_000);

  afterAll(async () => {
    await store?.remove();
    for (const drop of drops) await drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("copies the files its folder held in at start, and serves them from the bucket", async () => {
    expect(
      bucket.buckets.get("store-files")?.get(`media/${earlier.key}`)?.bytes.equals(Buffer.from(earlier.bytes)),
    ).toBe(true);
    const served = await fetch(`${store.base}/media/${earlier.key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(earlier.bytes))).toBe(true);
  });

  it("stores an uploaded picture's versions in the bucket, not on its disk, and serves them", async () => {
    const session = client(store);
    expect((await session.post("/admin/login", admin)).status).toBe(302);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#8a5a2b" } })
      .png()
      .toBuffer();
    const url = await productWithPicture(session, "S3-1", photo);
    const key = url.slice("/media/".length);
    const object = bucket.buckets.get("store-files")?.get(`media/${key}`);
    expect(object?.contentType).toBe("image/webp");
    const served = await fetch(`${store.base}${url}`);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(object?.bytes ?? Buffer.alloc(0))).toBe(true);
    const onDisk: string[] = [];
    for await (const name of fileStorage(mediaFolder(store.dataDir)).keys()) onDisk.push(name);
    expect(onDisk).toEqual([earlier.key]);
  });

  it("backs up the bucket's files, and restores them into another bucket", async () => {
    const location: StoreLocation = {
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      s3: settings("store-files"),
    };
    const out = path.join(scratch, "backup");
    const manifest = await runBackup(location, out);
    const inBucket = [...(bucket.buckets.get("store-files")?.keys() ?? [])];
    expect(manifest.files.count).toBe(inBucket.length);
    expect(inBucket.length).toBeGreaterThan(4); // the earlier document and the picture's versions

    const target: StoreLocation = { dataDir: path.join(scratch, "restored"), s3: settings("restored-files") };
    mkdirSync(target.dataDir);
    if (testDriver === "postgres") {
      const empty = await createEmptyDatabase();
      drops.push(empty.drop);
      target.databaseUrl = empty.url;
    }
    await runRestore(target, out);
    const restored = bucket.buckets.get("restored-files");
    expect([...(restored?.keys() ?? [])].sort()).toEqual(inBucket.sort());
    for (const name of inBucket)
      expect(
        restored?.get(name)?.bytes.equals(bucket.buckets.get("store-files")?.get(name)?.bytes ?? Buffer.alloc(0)),
      ).toBe(true);
    // Nothing was written to the restored store's disk: its files are the bucket's.
    expect(readdirSync(target.dataDir)).not.toContain("files");
  });
});
