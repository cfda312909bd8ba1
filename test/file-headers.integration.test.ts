// The headers of every route that answers with a file (a download, a picture, a document shown in the
// browser), through the running store: its content type, `nosniff`, its disposition and a sandbox
// policy (the route's own where it sets one, else the store's for files), so that no file, opened
// on its own, runs as a page of the store. The routes come from app/routes.ts: every resource route
// (a module without a page) outside the APIs is a file route, and a new one fails here until it is
// given an example below.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../app/routes";
import { orderItems, orders, user } from "../server/db/schema";
import { storeDocument, storeProductImage } from "../server/media/images";
import { fileStorage, mediaFolder } from "../server/media/storage";
import { placeTermsOrder } from "../server/orders/checkout";
import { approveReturn, receiveReturn, requestReturn } from "../server/returns/returns";
import { approveTerms } from "../server/terms/grants";
import { checkoutInput } from "./checkout-input";
import { answerQuote, requestedQuote } from "./quote-fixtures";
import { asBuyer, cardOrder, fillCart, memberOf, productId, shipAll, signedUpBuyer } from "./store-fixtures";
import { client, type StoreProcess, storeProcess } from "./store-process";

const admin = { email: "headers-admin@example.com", password: "headers-admin-password" };
const buyerEmail = "headers-buyer@example.com";
let store: StoreProcess;

type Entry = { id?: string; file: string; path?: string; children?: Entry[] };
const entries = (list: Entry[]): Entry[] => list.flatMap((entry) => [entry, ...entries(entry.children ?? [])]);
const sourceOf = (file: string) => readFileSync(path.join(import.meta.dirname, "../app", file), "utf8");
const hasPage = (file: string) => /export default /.test(sourceOf(file));

/** Routes that answer with something other than a file: a redirect, crawlers' text, an import's progress. */
const notFiles = new Set([
  "routes/auth.sign-out.tsx",
  "routes/collections.tsx",
  "routes/robots.tsx",
  "routes/sitemap.tsx",
  "routes/merchant-feed.tsx",
  "routes/punchout.cxml.tsx",
  "routes/admin/products-import-run.tsx",
]);
const fileEntries = entries(routeConfig as Entry[]).filter(
  (entry) => entry.path && !entry.path.startsWith("api/") && !notFiles.has(entry.file) && !hasPage(entry.file),
);
const idOf = (entry: Entry) => entry.id ?? entry.file.replace(/^routes\//, "").replace(/\.tsx$/, "");
const fileRoutes = fileEntries.map(idOf);

/** The store's policy for a file (server/http.ts), unless its route sets its own. */
const FILE_POLICY = "sandbox; default-src 'none'";
/** The policy a route's module sets on its file, if it sets one. */
const ownPolicy = (id: string) => {
  const entry = fileEntries.find((each) => idOf(each) === id);
  return entry ? /"Content-Security-Policy": "([^"]+)"/.exec(sourceOf(entry.file))?.[1] : undefined;
};

interface Example {
  /** The route's id in app/routes.ts. */
  route: string;
  url: () => string;
  as: "admin" | "buyer" | "visitor";
  type: RegExp;
  /** The disposition a file has; a picture embedded in pages has none. */
  disposition?: RegExp;
}

let certificateId = "";
let backupName = "";
let receipt = "";
let invoice = "";
let shippedOrder = "";
let rmaNumber = "";
let creditMemoNumber = "";
let picture = "";
let quoteNumber = "";
let storedPicture = "";
let storedDocument = "";
const today = new Date().toISOString().slice(0, 10);
const attachment = (name: RegExp) => new RegExp(`^attachment; filename="${name.source}"$`);

const examples: Example[] = [
  {
    route: "admin/tax-certificate-file",
    url: () => `/admin/tax-certificates/${certificateId}/file`,
    as: "admin",
    type: /^application\/pdf$/,
    disposition: /^inline; filename="certificate\.pdf"$/,
  },
  {
    route: "admin/backup-download",
    url: () => `/admin/backups/${backupName}/download`,
    as: "admin",
    type: /^application\/gzip$/,
    disposition: attachment(/[^"]+\.tar\.gz/),
  },
  {
    route: "catalog-export-csv",
    url: () => "/admin/products/export.csv",
    as: "admin",
    type: /^text\/csv/,
    disposition: attachment(/catalogue-[\d-]+\.csv/),
  },
  {
    route: "catalog-export-xlsx",
    url: () => "/admin/products/export.xlsx",
    as: "admin",
    type: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/,
    disposition: attachment(/catalogue-[\d-]+\.xlsx/),
  },
  {
    route: "account.data",
    url: () => "/account/data",
    as: "buyer",
    type: /^application\/json/,
    disposition: attachment(/cascade-account-data-[\d-]+\.json/),
  },
  {
    route: "statement-pdf",
    url: () => `/account/credit/statement.pdf?from=2026-01-01&to=${today}`,
    as: "buyer",
    type: /^application\/pdf$/,
    disposition: attachment(/statement-[\d-]+-to-[\d-]+\.pdf/),
  },
  {
    route: "statement-csv",
    url: () => `/account/credit/statement.csv?from=2026-01-01&to=${today}`,
    as: "buyer",
    type: /^text\/csv/,
    disposition: attachment(/statement-[\d-]+-to-[\d-]+\.csv/),
  },
  {
    route: "invoice",
    url: () => `/account/invoices/${invoice}.pdf`,
    as: "buyer",
    type: /^application\/pdf$/,
    disposition: attachment(/INV-\d+\.pdf/),
  },
  {
    route: "receipt",
    url: () => `/account/receipts/${receipt}.pdf`,
    as: "buyer",
    type: /^application\/pdf$/,
    disposition: attachment(/[\w-]+\.pdf/),
  },
  {
    route: "account-packing-slip",
    url: () => `/account/orders/${shippedOrder}/packing-slips/1.pdf`,
    as: "buyer",
    type: /^application\/pdf$/,
    disposition: attachment(/packing-slip-ORD\w+-1\.pdf/),
  },
  {
    route: "admin-packing-slip",
    url: () => `/admin/orders/${shippedOrder}/packing-slips/1.pdf`,
    as: "admin",
    type: /^application\/pdf$/,
    disposition: attachment(/packing-slip-ORD\w+-1\.pdf/),
  },
  ...(["account", "admin"] as const).flatMap((side): Example[] => [
    {
      route: `${side}-rma`,
      url: () => `/${side}/rma/${rmaNumber}.pdf`,
      as: side === "admin" ? "admin" : "buyer",
      type: /^application\/pdf$/,
      disposition: attachment(/RMA-\d+\.pdf/),
    },
    {
      route: `${side}-credit-memo`,
      url: () => `/${side}/credit-memos/${creditMemoNumber}.pdf`,
      as: side === "admin" ? "admin" : "buyer",
      type: /^application\/pdf$/,
      disposition: attachment(/CM-\d+\.pdf/),
    },
  ]),
  {
    route: "data-sheet",
    url: () => "/data-sheets/grinding-wheel-4-5-in-gw-45-001.pdf",
    as: "visitor",
    type: /^application\/pdf$/,
    disposition: /^inline; filename="[\w.-]+\.pdf"$/,
  },
  { route: "product-image", url: () => "/images/products/grinding-wheels-1.svg", as: "visitor", type: /^image\// },
  { route: "product-drawing", url: () => picture, as: "visitor", type: /^image\/svg\+xml/ },
  { route: "ghs-pictogram", url: () => "/images/ghs/GHS02.svg", as: "visitor", type: /^image\/svg\+xml/ },
  {
    route: "safety-data-sheet",
    url: () => "/safety-data-sheets/penetrating-oil-aerosol-16-oz-aer-100002.pdf",
    as: "visitor",
    type: /^application\/pdf$/,
    disposition: /^inline; filename="[\w.-]+\.pdf"$/,
  },
  {
    route: "account.quote-pdf",
    url: () => `/account/quotes/${quoteNumber}/pdf/1`,
    as: "buyer",
    type: /^application\/pdf$/,
    disposition: attachment(/Q-\d+-v1\.pdf/),
  },
  {
    route: "admin/quote-pdf",
    url: () => `/admin/quotes/${quoteNumber}/pdf/1`,
    as: "admin",
    type: /^application\/pdf$/,
    disposition: attachment(/Q-\d+-v1\.pdf/),
  },
  // A product's picture from the editor (embedded in pages: no disposition), and its document.
  { route: "media", url: () => storedPicture, as: "visitor", type: /^image\/(?:webp|avif)$/ },
  {
    route: "media",
    url: () => storedDocument,
    as: "visitor",
    type: /^application\/pdf$/,
    disposition: /^inline; filename="[0-9a-z-]+\.pdf"$/,
  },
];

let visitor: ReturnType<typeof client>;
let signedInAdmin: ReturnType<typeof client>;
let buyer: ReturnType<typeof client>;

beforeAll(async () => {
  store = await storeProcess({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  await store.prepare(async (handle) => {
    const dana = await signedUpBuyer(buyerEmail);
    receipt = (await cardOrder(dana, [["GW-45-001", 1]])).orderNumber;
    const [granting] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, admin.email));
    await approveTerms(granting?.id ?? "", (await memberOf(dana.id))?.companyId ?? "", "5000.00");
    const cartId = await fillCart(dana, [["GW-45-001", 2]]);
    const placed = await placeTermsOrder(
      await asBuyer(dana),
      cartId,
      checkoutInput(dana.email, { paymentMethod: "net_30" }),
    );
    const [order] = await handle.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    invoice = order?.invoiceNumber ?? "";
    // That order shipped, with its packing slip.
    await shipAll(granting?.id ?? "", placed.orderNumber);
    shippedOrder = placed.orderNumber;
    // One of its wheels returned: its return authorisation, then, received, its credit memo.
    const [wheel] = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? ""));
    const asked = await requestReturn(await asBuyer(dana), shippedOrder, {
      reason: "not_needed",
      lines: [{ orderItemId: wheel?.id ?? "", quantity: 1 }],
    });
    rmaNumber = (await approveReturn(granting?.id ?? "", asked.id)).rmaNumber ?? "";
    creditMemoNumber = (await receiveReturn(granting?.id ?? "", asked.id, [])).creditMemo?.number ?? "";
    // A request for quote from Dana's company, answered by the store: version 1 is its PDF.
    const requested = await requestedQuote({
      userId: dana.id,
      companyId: (await memberOf(dana.id))?.companyId ?? "",
      lines: [{ productId: await productId("GW-45-001"), partNumber: "GW-45-001", description: "Wheel", quantity: 50 }],
    });
    quoteNumber = requested.quoteNumber;
    const validUntil = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(await answerQuote(quoteNumber, { validUntil })).toBe(1);
    // A picture and a document as the product editor stores them under DATA_DIR/media.
    const storage = fileStorage(mediaFolder(store.dataDir));
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a5a2b" } })
      .png()
      .toBuffer();
    storedPicture = (await storeProductImage(photo, storage)).url;
    const pdf = new TextEncoder().encode("%PDF-1.4\n% Certificate of Conformance\n%%EOF\n");
    storedDocument = (await storeDocument(pdf, "Certificate of Conformance", storage)).url;
  });
  await store.start();
  visitor = client(store);
  signedInAdmin = client(store);
  buyer = client(store);
  expect((await signedInAdmin.post("/admin/login", admin)).status).toBe(302);
  expect((await buyer.post("/auth", { intent: "sign-in", email: buyerEmail, password: "hunter22" })).status).toBe(302);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "upload",
    state: "TX",
    certificateNumber: "TX-1234567",
    expiresOn: "2099-12-31",
  }))
    form.append(name, value);
  form.append("file", new Blob(["%PDF-1.4\n<html><script>alert(1)</script></html>"]), "certificate.pdf");
  expect((await signedInAdmin.send("/account/company/tax-certificates", { method: "POST", body: form })).status).toBe(
    200,
  );
  // A backup of the running store, as the admin's Back Up Now writes it.
  expect((await signedInAdmin.post("/admin/backups", { intent: "back-up-now" })).status).toBe(200);
  const backups = await (await signedInAdmin.get("/admin/backups")).text();
  backupName = /\/admin\/backups\/([^/"]+)\/download/.exec(backups)?.[1] ?? "";
  const list = await (await signedInAdmin.get("/admin/tax-certificates?show=all")).text();
  certificateId = /\/admin\/tax-certificates\/([0-9a-f-]{36})\/file/.exec(list)?.[1] ?? "";
  const product = await (await visitor.get("/products/grinding-wheel-4-5-in-gw-45-001")).text();
  picture = /\/images\/products\/[^"?]+/.exec(product)?.[0] ?? "";
}, 240_000);

afterAll(() => store?.remove());

describe("the headers of every file route", () => {
  it("has an example for every file route of app/routes.ts", () => {
    const covered = new Set(examples.map((example) => example.route));
    expect(fileRoutes.filter((id) => !covered.has(id))).toEqual([]);
    expect(examples.filter((example) => !fileRoutes.includes(example.route))).toEqual([]);
  });

  it.each(examples.map((example) => [`${example.route} ${example.type.source}`, example] as const))(
    "%s: its type, nosniff, its disposition and a sandbox",
    async (_, example) => {
      const who = { admin: signedInAdmin, buyer, visitor }[example.as];
      const url = example.url();
      const response = await who.get(url);
      await response.arrayBuffer();
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toMatch(example.type);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      const disposition = response.headers.get("content-disposition");
      if (example.disposition) expect(disposition, url).toMatch(example.disposition);
      else expect(disposition, url).toBeNull();
      // The route's own policy where it sets one (the site's headers must not overwrite it), else the store's.
      const policy = response.headers.get("content-security-policy");
      expect(policy, url).toBe(ownPolicy(example.route) ?? FILE_POLICY);
      expect(policy, url).toMatch(/^sandbox; default-src 'none'(;|$)/);
      expect(policy, url).not.toMatch(/script-src/);
    },
  );
});
