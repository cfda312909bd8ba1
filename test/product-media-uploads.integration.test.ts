// Pictures and documents put on a product: sent with the product editor's save (stored, their URLs
// appended, a refused file refusing the save with its message), and named by a command-line import
// beside its file (stored, or a row problem; nothing stored on a dry run).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "../app/routes/admin/product-editor";
import { parseListingParams } from "../domain/catalog/listing-params";
import { importCatalogFile } from "../server/catalog/import/import-catalog";
import { listCategoryProducts } from "../server/catalog/pages/listing";
import { type SignedInUser, userContext } from "../server/context";
import { adminAuditLog, products, user } from "../server/db/schema";
import { fileStoreFor, mediaStorage, storePlace } from "../server/media/storage";
import { withTestDatabase } from "./database";
import { newProductForm } from "./store-process";

const { handle } = withTestDatabase();
let folder: string;

const admin: SignedInUser = {
  id: "media-admin",
  email: "media-admin@example.com",
  name: "Admin",
  isAdmin: true,
  twoFactorEnabled: false,
  twoFactorVerified: false,
};

const png = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
const PDF = "%PDF-1.4\n% Safety data sheet\n%%EOF\n";

function editorPost(pathname: string, form: FormData, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(userContext, admin);
  const url = new URL(`http://store.test${pathname}`);
  return action({ request: new Request(url, { method: "POST", body: form }), url, context, params } as never);
}

const stored = async (partNumber: string) =>
  (await handle().db.select().from(products).where(eq(products.partNumber, partNumber)))[0];

/** The stored media files, wherever the driver under test keeps them (folder or table). */
async function mediaFiles(): Promise<number> {
  let count = 0;
  for await (const _ of fileStoreFor(storePlace(), "media").keys()) count++;
  return count;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "product-media-"));
  await handle().db.insert(user).values({ id: admin.id, name: "Admin", email: admin.email });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the product editor's uploads", () => {
  it("stores a picture and a PDF sent with the save and appends their URLs, before -> after in the audit log", async () => {
    const created = await editorPost("/admin/products/new", newProductForm("UP-1"));
    expect((created as Response).status).toBe(302);

    const form = newProductForm("UP-1");
    form.append("newImages", new File([await png("#2b6a8a")], "wheel.png", { type: "image/png" }));
    form.append("newDocument", new File([PDF], "sds.pdf", { type: "application/pdf" }));
    form.append("newDocumentName", "Safety Data Sheet");
    const saved = await editorPost("/admin/products/UP-1/edit", form, { partNumber: "UP-1" });
    expect((saved as Response).status).toBe(302);

    const product = await stored("UP-1");
    expect(product?.images).toEqual([expect.stringMatching(/^\/media\/[0-9a-f]{24}-64x48-64\.webp$/)]);
    expect(product?.documents).toEqual([
      { name: "Safety Data Sheet", url: expect.stringMatching(/^\/media\/.+\.pdf$/) },
    ]);
    const [image = "", document] = [product?.images[0], product?.documents[0]];
    expect(await mediaStorage().exists(image.slice("/media/".length))).toBe(true);
    expect(await mediaStorage().exists(document?.url.slice("/media/".length) ?? "")).toBe(true);

    const [entry] = await handle()
      .db.select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entity, "product"))
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(1);
    expect(entry?.before).toMatchObject({ images: "", documents: "" });
    expect(entry?.after).toMatchObject({ images: image, documents: `Safety Data Sheet (${document?.url})` });
  });

  it("refuses a file that is not a picture with its message on the field, and saves nothing", async () => {
    const form = newProductForm("UP-2");
    form.append("newImages", new File(["just some notes"], "notes.txt", { type: "text/plain" }));
    const answer = (await editorPost("/admin/products/new", form)) as { init: ResponseInit; data: unknown };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      uploadProblems: {
        newImages: expect.stringContaining("notes.txt: This file is not a picture the store can read"),
      },
    });
    expect(await stored("UP-2")).toBeUndefined();
  });

  it("refuses a document that is not a PDF", async () => {
    const form = newProductForm("UP-3");
    form.append("newDocument", new File(["<html></html>"], "sheet.html", { type: "text/html" }));
    form.append("newDocumentName", "Data sheet");
    const answer = (await editorPost("/admin/products/new", form)) as { init: ResponseInit; data: unknown };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({ uploadProblems: { newDocument: expect.stringContaining("is not a PDF") } });
    expect(await stored("UP-3")).toBeUndefined();
  });
});

describe("a command-line import naming files beside it", () => {
  const HEADER = "part_number,name,category,subcategory,brand,price,stock_level,description,images,documents";
  const row = (part: string, images: string, documents = "") =>
    `${part},Imported Pictured Wheel,abrasives,grinding-wheels,Own Brand,9.50,3,,${images},${documents}`;
  const importCsv = async (name: string, lines: string[], dryRun = false) => {
    const file = path.join(folder, name);
    await writeFile(file, `${[HEADER, ...lines].join("\n")}\n`);
    return importCatalogFile(handle().db, { path: file, name }, { dryRun, mediaFolder: folder });
  };

  it("stores the pictures and documents, and the listing card shows the picture", async () => {
    await writeFile(path.join(folder, "front.png"), await png("#8a2b2b"));
    await writeFile(path.join(folder, "side.png"), await png("#2b8a2b"));
    await writeFile(path.join(folder, "sds.pdf"), PDF);
    const report = await importCsv("pictured.csv", [row("IMG-1", "front.png|side.png", "SDS=sds.pdf")]);
    expect(report).toMatchObject({ created: 1, rejected: 0, problems: [] });
    const product = await stored("IMG-1");
    expect(product?.images).toHaveLength(2);
    for (const url of product?.images ?? []) expect(url).toMatch(/^\/media\/[0-9a-f]{24}-64x48-64\.webp$/);
    expect(product?.documents).toEqual([{ name: "SDS", url: expect.stringMatching(/^\/media\/.+\.pdf$/) }]);

    const listing = await listCategoryProducts(
      { category: "abrasives", subcategory: "grinding-wheels" },
      parseListingParams(new URLSearchParams()),
      null,
    );
    const card = listing.items.find((item) => item.partNumber === "IMG-1");
    expect(card?.image).toBe(product?.images[0]);
  });

  it("reports a missing file as the row's problem, and a dry run stores nothing", async () => {
    const report = await importCsv("missing.csv", [row("IMG-2", "no-such.png")]);
    expect(report.problems).toEqual([
      { row: 2, column: "images", message: "no-such.png: no such file beside the import file." },
    ]);
    expect(await stored("IMG-2")).toBeUndefined();

    await writeFile(path.join(folder, "new.png"), await png("#5a5a8a"));
    const before = await mediaFiles();
    const dry = await importCsv("dry.csv", [row("IMG-3", "new.png")], true);
    expect(dry).toMatchObject({ created: 1, rejected: 0 });
    expect(await mediaFiles()).toBe(before);
    expect(await stored("IMG-3")).toBeUndefined();
  });

  it("takes only stored /media URLs from a back-office upload", async () => {
    const file = path.join(folder, "upload.csv");
    await writeFile(file, `${HEADER}\n${row("IMG-4", "front.png")}\n`);
    const report = await importCatalogFile(handle().db, { path: file, name: "upload.csv" });
    expect(report.problems).toEqual([
      { row: 2, column: "images", message: expect.stringContaining("front.png: the back-office upload takes only") },
    ]);
  });
});
