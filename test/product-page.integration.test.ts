// The product page's promises as the server keeps them: the lead time an operator sets (editor and
// catalogue file), a buyer's wish to hear when a part is back (stored once, e-mailed once when the
// operator restocks it, never a visitor's), and the compare page with a bad address.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { and, eq, isNull, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as editorAction } from "../app/routes/admin/product-editor";
import {
  type BackInStockResponse,
  action as backInStockAction,
  loader as backInStockLoader,
} from "../app/routes/api.back-in-stock";
import { loader as compareLoader } from "../app/routes/compare";
import { loader as productLoader } from "../app/routes/product";
import { productForEditor } from "../server/admin/products";
import { exportCatalog } from "../server/catalog/import/export-catalog";
import { importCatalogFile } from "../server/catalog/import/import-catalog";
import { type SignedInUser, userContext } from "../server/context";
import { backInStockRequests, mailQueue, products, user } from "../server/db/schema";
import { insertProduct } from "./catalog-fixtures";
import { withTestDatabase } from "./database";

const { handle } = withTestDatabase();
const db = () => handle().db;
let folder: string;

const person = (id: string, isAdmin = false): SignedInUser => ({
  id,
  email: `${id}@example.com`,
  name: id,
  isAdmin,
  twoFactorEnabled: false,
  twoFactorVerified: false,
});
const admin = person("stock-admin", true);
const dana = person("dana");
const sam = person("sam");

function args(url: string, who: SignedInUser | undefined, params: Record<string, string> = {}, form?: FormData) {
  const context = new RouterContextProvider();
  if (who) context.set(userContext, who);
  const request = form
    ? new Request(`http://store.test${url}`, { method: "POST", body: new URLSearchParams(form as never) })
    : new Request(`http://store.test${url}`);
  return { request, context, params, url: new URL(request.url), pattern: url } as never;
}

/** What a route answered with `data(…)`: its status and body. */
const answered = <T>(result: unknown) => {
  const { data, init } = result as { data: T; init: { status?: number } | null };
  return { status: init?.status ?? 200, data };
};

const ids: Record<string, string> = {};
async function product(partNumber: string, stockLevel: number, status: "active" | "draft" = "active") {
  ids[partNumber] = await insertProduct({ slug: `part-${partNumber.toLowerCase()}`, partNumber, stockLevel, status });
}

/** The editor's form for the product as stored, with `changes`, posted by the admin. */
async function saveInEditor(partNumber: string, changes: Record<string, string>) {
  const stored = await productForEditor(partNumber);
  if (!stored) throw new Error(`no product ${partNumber}`);
  const form = new FormData();
  const fields = {
    partNumber: stored.partNumber,
    name: stored.name,
    category: stored.category,
    subcategory: stored.subcategory,
    brand: stored.brand,
    price: stored.price,
    stockLevel: stored.stockLevel,
    leadTimeDays: stored.leadTimeDays,
    status: stored.status,
    description: stored.description,
    ...changes,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return editorAction(args(`/admin/products/${partNumber}/edit`, admin, { partNumber }, form));
}

const ask = (who: SignedInUser | undefined, productId: string) =>
  backInStockAction(args(`/api/back-in-stock/${productId}`, who, { productId }, new FormData())).then((result) =>
    answered<BackInStockResponse>(result),
  );

const mailAbout = (partNumber: string) =>
  db()
    .select({ to: mailQueue.to, subject: mailQueue.subject, text: mailQueue.text })
    .from(mailQueue)
    .where(like(mailQueue.subject, `%(${partNumber})`))
    .orderBy(mailQueue.to);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "product-page-"));
  await db()
    .insert(user)
    .values([admin, dana, sam].map(({ id, email, name }) => ({ id, email, name, emailVerified: true })));
  await product("OUT-1", 0);
  await product("OUT-2", 0);
  await product("OUT-3", 0);
  await product("IN-1", 40);
  await product("DRAFT-1", 0, "draft");
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the lead time of an out-of-stock part", () => {
  it("is set in the editor, shown on the product page, refused when out of range and cleared when emptied", async () => {
    expect(((await saveInEditor("OUT-1", { leadTimeDays: "14" })) as Response).status).toBe(302);
    expect((await productForEditor("OUT-1"))?.leadTimeDays).toBe("14");
    const page = answered<{ product: { leadTimeDays: number | null } }>(
      await productLoader(args("/products/part-out-1", undefined, { slug: "part-out-1" })),
    );
    expect(page.data.product.leadTimeDays).toBe(14);

    for (const [written, message] of [
      ["0", "The lead time must be from 1 to 365 days, or empty"],
      ["366", "The lead time must be from 1 to 365 days, or empty"],
      ["two weeks", "The lead time must be a whole number of days, e.g. 14, or empty"],
    ]) {
      const refused = answered<{ reply: { error: Record<string, string[]> } }>(
        await saveInEditor("OUT-1", { leadTimeDays: written as string }),
      );
      expect(refused.status).toBe(400);
      expect(refused.data.reply.error.leadTimeDays).toEqual([message]);
    }
    expect((await productForEditor("OUT-1"))?.leadTimeDays).toBe("14");

    expect(((await saveInEditor("OUT-1", { leadTimeDays: "" })) as Response).status).toBe(302);
    const [row] = await db()
      .select({ days: products.leadTimeDays })
      .from(products)
      .where(eq(products.id, ids["OUT-1"] ?? ""));
    expect(row?.days).toBeNull();
  });

  it("is imported and exported with the catalogue file; a bad one is its row's problem", async () => {
    const file = path.join(folder, "lead-times.csv");
    await writeFile(
      file,
      [
        "part_number,name,category,subcategory,brand,price,stock_level,description,lead_time_days",
        "LT-1,Lead Time Wheel,abrasives,grinding-wheels,Own Brand,9.50,0,,21",
        "LT-2,Lead Time Disc,abrasives,grinding-wheels,Own Brand,9.50,0,,soon",
        "LT-3,No Lead Time,abrasives,grinding-wheels,Own Brand,9.50,0,,",
      ].join("\n"),
    );
    const report = await importCatalogFile(db(), { path: file, name: "lead-times.csv" });
    expect(report).toMatchObject({ created: 2, rejected: 1 });
    expect(report.problems).toEqual([
      {
        row: 3,
        column: "lead_time_days",
        message: "The lead time must be a whole number of days, e.g. 14, or empty",
      },
    ]);
    const stored = await db()
      .select({ partNumber: products.partNumber, days: products.leadTimeDays })
      .from(products)
      .where(like(products.partNumber, "LT-%"))
      .orderBy(products.partNumber);
    expect(stored).toEqual([
      { partNumber: "LT-1", days: 21 },
      { partNumber: "LT-3", days: null },
    ]);

    let csv = "";
    const output = new Writable({
      write(chunk, _encoding, done) {
        csv += chunk;
        done();
      },
    });
    await exportCatalog(db(), "csv", output);
    const [header = "", ...lines] = csv.trim().split("\n");
    const column = header.split(",").indexOf("lead_time_days");
    expect(column).toBeGreaterThan(0);
    const cellOf = (part: string) => lines.find((line) => line.startsWith(`${part},`))?.split(",")[column];
    expect([cellOf("LT-1"), cellOf("LT-3")]).toEqual(["21", ""]);
    // The exported file imports as it is: nothing changes.
    await writeFile(file, csv);
    expect(await importCatalogFile(db(), { path: file, name: "lead-times.csv" })).toMatchObject({
      created: 0,
      updated: 0,
      rejected: 0,
    });
  });
});

describe("asking to be e-mailed when a part is back in stock", () => {
  it("is refused to a visitor, who is told to sign in, and stores nothing", async () => {
    const answer = await ask(undefined, ids["OUT-2"] ?? "");
    expect(answer).toEqual({
      status: 401,
      data: {
        signedIn: false,
        waiting: false,
        message: "Sign in to be e-mailed when this part is back in stock.",
      },
    });
    const standing = answered<BackInStockResponse>(
      await backInStockLoader(args(`/api/back-in-stock/${ids["OUT-2"]}`, undefined, { productId: ids["OUT-2"] ?? "" })),
    );
    expect(standing.data).toEqual({ signedIn: false, waiting: false });
    expect(await db().$count(backInStockRequests)).toBe(0);
  });

  it("is stored once per buyer and product, however often the buyer asks", async () => {
    for (let time = 0; time < 3; time++)
      expect(await ask(dana, ids["OUT-2"] ?? "")).toEqual({
        status: 200,
        data: {
          signedIn: true,
          waiting: true,
          message: "We will e-mail dana@example.com once when it is back in stock.",
        },
      });
    expect(await ask(sam, ids["OUT-2"] ?? "")).toMatchObject({ status: 200 });
    expect(await db().$count(backInStockRequests, eq(backInStockRequests.productId, ids["OUT-2"] ?? ""))).toBe(2);
    const standing = answered<BackInStockResponse>(
      await backInStockLoader(args(`/api/back-in-stock/${ids["OUT-2"]}`, dana, { productId: ids["OUT-2"] ?? "" })),
    );
    expect(standing.data).toEqual({ signedIn: true, waiting: true });
  });

  it("is refused, with why, for a part in stock, a draft, and no product at all", async () => {
    expect(await ask(dana, ids["IN-1"] ?? "")).toEqual({
      status: 400,
      data: {
        signedIn: true,
        waiting: false,
        message: "Part IN-1 is in stock: add it to your cart instead of waiting.",
      },
    });
    for (const productId of [ids["DRAFT-1"] ?? "", "00000000-0000-4000-8000-000000000000"])
      expect(await ask(dana, productId)).toMatchObject({
        status: 404,
        data: { waiting: false, message: "This part is not for sale, so there is nothing to wait for." },
      });
    await expect(
      backInStockAction(args("/api/back-in-stock/not-an-id", dana, { productId: "not-an-id" }, new FormData())),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await db().$count(backInStockRequests, eq(backInStockRequests.userId, dana.id))).toBe(1);
  });

  it("e-mails each waiting buyer once when the editor restocks the part, and marks the request answered", async () => {
    expect(await mailAbout("OUT-2")).toEqual([]);
    expect(((await saveInEditor("OUT-2", { stockLevel: "25" })) as Response).status).toBe(302);
    const mails = await mailAbout("OUT-2");
    expect(mails.map(({ to, subject }) => [to, subject])).toEqual([
      ["dana@example.com", "Back in stock: Part OUT-2 (OUT-2)"],
      ["sam@example.com", "Back in stock: Part OUT-2 (OUT-2)"],
    ]);
    expect(mails[0]?.text).toContain("http://localhost:3000/products/part-out-2");
    expect(
      await db().$count(
        backInStockRequests,
        and(eq(backInStockRequests.productId, ids["OUT-2"] ?? ""), isNull(backInStockRequests.notifiedAt)),
      ),
    ).toBe(0);
    const standing = answered<BackInStockResponse>(
      await backInStockLoader(args(`/api/back-in-stock/${ids["OUT-2"]}`, dana, { productId: ids["OUT-2"] ?? "" })),
    );
    expect(standing.data.waiting).toBe(false);

    // More stock, out again, back again: nobody asked again, so nobody is written to again.
    await saveInEditor("OUT-2", { stockLevel: "30" });
    await saveInEditor("OUT-2", { stockLevel: "0" });
    await saveInEditor("OUT-2", { stockLevel: "8" });
    expect(await mailAbout("OUT-2")).toHaveLength(2);

    // Asking again while it is out of stock waits for the next restock.
    await saveInEditor("OUT-2", { stockLevel: "0" });
    expect(await ask(dana, ids["OUT-2"] ?? "")).toMatchObject({ status: 200, data: { waiting: true } });
    await saveInEditor("OUT-2", { stockLevel: "3" });
    expect((await mailAbout("OUT-2")).map(({ to }) => to)).toEqual([
      "dana@example.com",
      "dana@example.com",
      "sam@example.com",
    ]);
  });

  it("e-mails when a stock-and-price feed restocks the part; a dry run sends nothing", async () => {
    expect(await ask(sam, ids["OUT-3"] ?? "")).toMatchObject({ status: 200 });
    const file = path.join(folder, "feed.csv");
    await writeFile(file, "part_number,price,stock_level\nOUT-3,12.99,50\n");
    await importCatalogFile(db(), { path: file, name: "feed.csv" }, { dryRun: true });
    expect(await mailAbout("OUT-3")).toEqual([]);
    expect(await importCatalogFile(db(), { path: file, name: "feed.csv" })).toMatchObject({ updated: 1 });
    expect((await mailAbout("OUT-3")).map(({ to }) => to)).toEqual(["sam@example.com"]);
    await writeFile(file, "part_number,price,stock_level\nOUT-3,12.99,60\n");
    await importCatalogFile(db(), { path: file, name: "feed.csv" });
    expect(await mailAbout("OUT-3")).toHaveLength(1);
  });
});

describe("the compare page's address", () => {
  type ComparePage = { products: { partNumber: string }[]; problems: string[] };
  const compare = async (query: string) => {
    const { status, data } = answered<ComparePage>(await compareLoader(args(`/compare${query}`, undefined)));
    return { status, parts: data.products.map((product) => product.partNumber), problems: data.problems };
  };

  it("compares the parts named, in order, however their numbers are spelled", async () => {
    expect(await compare("?parts=in-1,OUT 1,IN-1")).toEqual({ status: 200, parts: ["IN-1", "OUT-1"], problems: [] });
  });

  it("names a part the catalogue does not have (a draft included) and compares the rest", async () => {
    expect(await compare("?parts=IN-1,NO-SUCH-9,DRAFT-1")).toEqual({
      status: 200,
      parts: ["IN-1"],
      problems: [
        "There is no part NO-SUCH-9 in the catalogue: it is left out.",
        "There is no part DRAFT-1 in the catalogue: it is left out.",
      ],
    });
  });

  it("compares the first four of five and says so", async () => {
    expect(await compare("?parts=IN-1,OUT-1,OUT-2,OUT-3,LT-1")).toEqual({
      status: 200,
      parts: ["IN-1", "OUT-1", "OUT-2", "OUT-3"],
      problems: ["You can compare up to 4 parts at a time; this link names 5. The first 4 are compared."],
    });
  });

  it("answers 400 with what to do when no part is named, 404 when none is known", async () => {
    expect(await compare("")).toEqual({
      status: 400,
      parts: [],
      problems: ["Choose parts to compare: tick Compare on up to 4 products in a listing or in search results."],
    });
    expect(await compare("?parts=NOPE-1")).toEqual({
      status: 404,
      parts: [],
      problems: ["There is no part NOPE-1 in the catalogue: it is left out."],
    });
    expect(await compare("?parts=%00%ff,<b>")).toMatchObject({ status: 400, parts: [] });
  });
});
