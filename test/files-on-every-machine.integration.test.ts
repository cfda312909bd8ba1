// Two stores on one PostgreSQL, each with a DATA_DIR of its own, as two machines behind a load
// balancer: a picture the admin uploads through one is served by the other at the same /media/ URL,
// byte for byte, and a buyer's tax certificate uploaded through one opens on the other, for store
// admins only (docs/decisions/media-storage.md). PostgreSQL only: PGlite is one process's database,
// so two stores cannot share one.
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../server/db/client";
import { taxCertificates } from "../server/db/schema";
import { testDriver } from "./database";
import { memberOf, signedUpBuyer } from "./store-fixtures";
import { client, productWithPicture, type StoreProcess, storeProcess } from "./store-process";

const admin = { email: "two-machines-admin@example.com", password: "two-machines-admin-password" };
const buyerEmail = "two-machines-buyer@example.com";
const IMMUTABLE = "public, max-age=31536000, immutable";

describe.skipIf(testDriver !== "postgres")("files on two machines sharing one PostgreSQL", { timeout: 180_000 }, () => {
  let first: StoreProcess;
  let second: StoreProcess;
  let companyId = "";

  beforeAll(async () => {
    const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    first = await storeProcess(env);
    await first.start();
    second = await storeProcess(env, { databaseUrl: first.databaseUrl });
    await second.start();
    const handle = await first.openDatabase();
    setDatabase(handle);
    try {
      const buyer = await signedUpBuyer(buyerEmail);
      companyId = (await memberOf(buyer.id))?.companyId ?? "";
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
  }, 180_000);

  afterAll(async () => {
    await second?.remove();
    await first?.remove();
  });

  const signedInAdmin = async (store: StoreProcess) => {
    const session = client(store);
    expect((await session.post("/admin/login", admin)).status).toBe(302);
    return session;
  };

  it("serves a picture uploaded through one store from the other, byte for byte, with the same headers", async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2b6a8a" } })
      .png()
      .toBuffer();
    const url = await productWithPicture(await signedInAdmin(first), "TWO-1", photo);
    expect(url).toMatch(/^\/media\/[0-9a-f]{24}-640x480-640\.webp$/);

    const [here, there] = await Promise.all([fetch(`${first.base}${url}`), fetch(`${second.base}${url}`)]);
    expect([here.status, there.status]).toEqual([200, 200]);
    const [hereBytes, thereBytes] = [Buffer.from(await here.arrayBuffer()), Buffer.from(await there.arrayBuffer())];
    expect(thereBytes.equals(hereBytes)).toBe(true);
    expect((await sharp(thereBytes).metadata()).format).toBe("webp");
    for (const header of ["content-type", "content-length", "cache-control", "etag"])
      expect(there.headers.get(header), header).toBe(here.headers.get(header));
    expect(there.headers.get("cache-control")).toBe(IMMUTABLE);
    const etag = there.headers.get("etag") ?? "";
    expect(etag).toBe(`"${url.slice("/media/".length)}"`);
    expect((await fetch(`${second.base}${url}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    // Neither machine wrote it to its own folder: both read it from PostgreSQL.
    for (const store of [first, second]) expect(readdirSync(store.dataDir)).not.toContain("files");
  });

  it("opens a tax certificate uploaded through one store on the other, for store admins only", async () => {
    const buyer = client(first);
    expect((await buyer.post("/auth", { intent: "sign-in", email: buyerEmail, password: "hunter22" })).status).toBe(
      302,
    );
    const certificate = new TextEncoder().encode("%PDF-1.4\n% Texas exemption, two machines\n%%EOF\n");
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "upload",
      state: "TX",
      certificateNumber: "TX-2222222",
      expiresOn: "2099-12-31",
    }))
      form.append(name, value);
    form.append("file", new Blob([certificate]), "certificate.pdf");
    expect((await buyer.send("/account/company/tax-certificates", { method: "POST", body: form })).status).toBe(200);

    const handle = await first.openDatabase();
    const [row] = await handle.db
      .select({ id: taxCertificates.id, fileKey: taxCertificates.fileKey })
      .from(taxCertificates)
      .where(eq(taxCertificates.companyId, companyId));
    await handle.close();
    const file = `/admin/tax-certificates/${row?.id}/file`;

    const opened = await (await signedInAdmin(second)).get(file);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await opened.arrayBuffer()).equals(Buffer.from(certificate))).toBe(true);
    // Not to the buyer who uploaded it, nor to anyone signed out; and /media, which reads only the
    // pictures' and documents' space, does not know its key.
    const refused = [await client(second).get(file), await buyer.get(file)];
    for (const answer of refused) expect(answer.status).not.toBe(200);
    expect((await fetch(`${second.base}/media/${row?.fileKey}`)).status).toBe(404);
  });
});
