// Pictures and documents through the running store: a picture stored under DATA_DIR is shown on
// the product page and its card as a <picture> of AVIF and WebP widths, each served from /media
// with immutable caching; an uploaded PDF downloads as it was stored; every product's data sheet
// is a PDF drawn from its own entry.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../server/db/schema";
import { storeDocument, storeProductImage } from "../server/media/images";
import { fileStorage, mediaFolder } from "../server/media/storage";
import { type StoreProcess, storeProcess } from "./store-process";

const IMMUTABLE = "public, max-age=31536000, immutable";
const wheel = { partNumber: "CW-45-045", slug: "cut-off-wheel-4-5-x-045-in-cw-45-045" };
const grindingWheel = {
  partNumber: "GW-45-001",
  slug: "grinding-wheel-4-5-in-gw-45-001",
  name: "Grinding Wheel 4.5 in",
};

let store: StoreProcess;
let pictureUrl = "";
let certificate: Uint8Array;
let certificateUrl = "";

beforeAll(async () => {
  store = await storeProcess({});
  await store.prepare(async (database) => {
    // As the back office or an import would: the files under DATA_DIR/media, the product naming them.
    const storage = fileStorage(mediaFolder(store.dataDir));
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a2b" } })
      .jpeg()
      .toBuffer();
    pictureUrl = (await storeProductImage(photo, storage)).url;
    certificate = new TextEncoder().encode("%PDF-1.4\n% Certificate of Conformance CW-45-045\n%%EOF\n");
    certificateUrl = (await storeDocument(certificate, "Certificate of Conformance", storage)).url;
    await database.db
      .update(products)
      .set({ images: [pictureUrl], documents: [{ name: "Certificate of Conformance", url: certificateUrl }] })
      .where(eq(products.partNumber, wheel.partNumber));
    await database.db.update(products).set({ images: [] }).where(eq(products.partNumber, grindingWheel.partNumber));
  });
  await store.start();
}, 180_000);

afterAll(async () => {
  await store?.remove();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${store.base}${pathname}`, { headers });

describe("a stored product picture", () => {
  it("is a <picture> of AVIF and WebP widths with its size given, fetched first on the product page", async () => {
    const html = await (await get(`/products/${wheel.slug}`)).text();
    const picture = /<picture>(.*?)<\/picture>/s.exec(html)?.[1] ?? "";
    const hash = pictureUrl.slice(7, 31);
    for (const format of ["avif", "webp"]) {
      const srcset = [160, 320, 640, 1024].map((w) => `/media/${hash}-1600x1200-${w}.${format} ${w}w`).join(", ");
      expect(picture).toContain(`<source type="image/${format}" srcSet="${srcset}"`);
    }
    expect(picture).toMatch(
      // React writes the attribute fetchPriority; HTML attribute names are read without case.
      new RegExp(
        `<img src="${pictureUrl}" alt="Cut-Off Wheel 4.5 x .045 in, image 1" width="1024" height="768" loading="eager" fetchpriority="high"`,
        "i",
      ),
    );
  });

  it("serves every version with its type and immutable caching", async () => {
    const html = await (await get(`/products/${wheel.slug}`)).text();
    const urls = [...html.matchAll(/(\/media\/[0-9a-f]{24}-1600x1200-(\d+)\.(avif|webp)) \d+w/g)];
    expect(new Set(urls.map((match) => match[1])).size).toBe(8);
    for (const [, url, width, format] of urls.slice(0, 8)) {
      const response = await get(url ?? "");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(`image/${format}`);
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata.width).toBe(Number(width));
    }
  });

  it("is the card's picture in listings, eager in the first row of four and lazy after it", async () => {
    const html = await (await get("/category/abrasives/cut-off-wheels")).text();
    const cards = [...html.matchAll(/<img src="([^"]+)" alt="" width="\d+" height="\d+" loading="(eager|lazy)"/g)];
    const index = cards.findIndex(([tag]) =>
      tag.startsWith(`<img src="${pictureUrl}" alt="" width="1024" height="768"`),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    expect(cards.map(([, , loading]) => loading)).toEqual(cards.map((_, at) => (at < 4 ? "eager" : "lazy")));
    expect(html).toContain(`<source type="image/avif"`);
  });

  it("gives way to the product's line drawing when a product has none", async () => {
    const drawing = `/images/products/drawings/${grindingWheel.slug}.svg`;
    const html = await (await get(`/products/${grindingWheel.slug}`)).text();
    expect(html).toContain(`src="${drawing}"`);
    const listing = await (await get("/category/abrasives/grinding-wheels")).text();
    expect(listing).toContain(`src="${drawing}"`);
    const svg = await get(drawing);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    expect(await svg.text()).toContain(`aria-label="${grindingWheel.name}"`);
    // As the merchant feed names it: the same drawing, as a PNG.
    const png = await get(drawing.replace(/\.svg$/, ".png"));
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 400 });
  });

  it("answers 404 for a key never stored and for anything that is not a key", async () => {
    for (const pathname of [
      `/media/${"0".repeat(24)}-1600x1200-1024.webp`,
      "/media/..%2f..%2fpglite%2fPG_VERSION",
      "/media/..%2Fmedia.pdf",
      "/media/x.svg",
    ]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get("cache-control") ?? "", pathname).not.toContain("immutable");
    }
  });
});

describe("a product's documents", () => {
  it("lists the data sheet and the uploaded certificate, and the certificate downloads as stored", async () => {
    // The Documents tab is drawn when opened (e2e/product.spec.ts clicks its links); the page carries its list.
    const html = await (await get(`/products/${wheel.slug}`)).text();
    for (const shown of [`/data-sheets/${wheel.slug}.pdf`, "CW-45-045-data-sheet.pdf", certificateUrl]) {
      expect(html).toContain(shown);
    }
    const response = await get(certificateUrl);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(certificate);
  });

  it("gives a data sheet drawn from the product's own entry, cached and revalidated", async () => {
    const response = await get(`/data-sheets/${wheel.slug}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const pdf = new Uint8Array(await response.arrayBuffer());
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      "Product Data Sheet",
      "Cut-Off Wheel 4.5 x .045 in",
      "Part Number: CW-45-045",
      "Abrasives › Cut-Off Wheels",
      "Specifications",
      "Max RPM",
      "13,300",
    ]) {
      expect(text).toContain(expected);
    }
    const etag = response.headers.get("etag") ?? "";
    expect((await get(`/data-sheets/${wheel.slug}.pdf`, { "If-None-Match": etag })).status).toBe(304);
  });

  it("has no data sheet for a product that does not exist", async () => {
    const response = await get("/data-sheets/no-such-part.pdf");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("There is no product no-such-part to give a data sheet for.");
  });
});
