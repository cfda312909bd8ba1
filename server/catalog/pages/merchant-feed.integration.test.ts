// /feeds/google-merchant.xml (issue 33): the field checks Google Merchant Center makes, over the whole
// seeded catalogue and over parts made to test each rule, read back with an XML parser.
import { and, count, eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { insertProducts } from "../../../test/catalog-fixtures";
import { withTestDatabase } from "../../../test/database";
import { products } from "../../db/schema";
import { seedCatalogIfEmpty } from "../seed/seed";
import { merchantFeed } from "./merchant-feed";

const { handle } = withTestDatabase();
const origin = "https://store.example";

interface FeedItem {
  "g:id": string;
  title: string;
  description: string;
  link: string;
  "g:image_link"?: string;
  "g:price": string;
  "g:unit_pricing_measure"?: string;
  "g:unit_pricing_base_measure"?: string;
  "g:availability": string;
  "g:availability_date"?: string;
  "g:condition": string;
  "g:brand": string;
  "g:mpn": string;
  "g:gtin"?: string;
  "g:product_type": string;
}

async function readFeed(): Promise<{ text: string; items: FeedItem[] }> {
  const text = await new Response(await merchantFeed(origin)).text();
  const parsed = new XMLParser({ parseTagValue: false, ignoreAttributes: false, processEntities: true }).parse(text);
  const items = parsed.rss.channel.item ?? [];
  return { text, items: Array.isArray(items) ? items : [items] };
}

const byId = (items: FeedItem[], id: string) => items.find((item) => item["g:id"] === id);

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
  await insertProducts([
    { partNumber: "MF-DRAFT-1", status: "draft", stockLevel: 5 },
    { partNumber: "MF-GONE-1", status: "discontinued", stockLevel: 5 },
    { partNumber: "MF-BACK-1", stockLevel: 0, backorderable: true, leadTimeDays: 10 },
    { partNumber: "MF-OUT-1", stockLevel: 0 },
    {
      partNumber: "MF-CODE-1",
      stockLevel: 3,
      name: `Wheel <4.5"> & "friends"\u0007`,
      description: "",
      keyFeatures: ["Fast cut", "Long life"],
      specifications: { UPC: "036000291452", Diameter: "4.5 in" },
      images: ["/media/0123456789abcdef01234567-800x600-800.webp"],
    },
    { partNumber: "MF-BADGTIN-1", stockLevel: 3, specifications: { GTIN: "036000291453" } },
    { partNumber: "MF-BOX-1", stockLevel: 3, unit: "BX", packQuantity: 25 },
    { partNumber: "MF-FOOT-1", stockLevel: 3, unit: "FT" },
    { partNumber: "MF-PAIR-1", stockLevel: 3, unit: "PR" },
  ]);
});

describe("the Google Merchant feed", () => {
  it("is RSS 2.0 with the g: namespace, one item per active part, each with every field Google asks for", async () => {
    const { text, items } = await readFeed();
    expect(text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0" xmlns:g="http:\/\/base\.google\.com\/ns\/1\.0">/,
    );
    const [{ active }] = (await handle()
      .db.select({ active: count() })
      .from(products)
      .where(eq(products.status, "active"))) as [{ active: number }];
    expect(items).toHaveLength(active);
    expect(new Set(items.map((item) => item["g:id"])).size).toBe(active);
    for (const item of items) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.title.length).toBeLessThanOrEqual(150);
      expect(item.description.length).toBeGreaterThan(0);
      expect(item.description.length).toBeLessThanOrEqual(5000);
      expect(item.link).toMatch(/^https:\/\/store\.example\/products\/[^/\s]+$/);
      expect(item["g:image_link"]).toMatch(/^https:\/\/store\.example\/.+\.(png|webp)$/);
      expect(item["g:price"]).toMatch(/^\d+\.\d{2} USD$/);
      expect(["in_stock", "out_of_stock", "backorder"]).toContain(item["g:availability"]);
      expect(item["g:condition"]).toBe("new");
      expect(item["g:brand"].length).toBeGreaterThan(0);
      expect(item["g:mpn"]).toBe(item["g:id"]);
      expect(item["g:product_type"]).toMatch(/^[^>]+ > [^>]+$/);
    }
  });

  it("gives each part's own figures, and leaves out drafts and discontinued parts", async () => {
    const { items } = await readFeed();
    const [seeded] = await handle()
      .db.select()
      .from(products)
      .where(and(eq(products.status, "active"), eq(products.partNumber, "GW-45-001")));
    const wheel = byId(items, "GW-45-001");
    expect(wheel).toMatchObject({
      title: seeded?.name,
      link: `${origin}/products/${seeded?.slug}`,
      "g:price": `${seeded?.price} USD`,
      "g:brand": seeded?.brand,
      "g:product_type": "Abrasives > Grinding Wheels",
    });
    expect(byId(items, "MF-DRAFT-1")).toBeUndefined();
    expect(byId(items, "MF-GONE-1")).toBeUndefined();
    expect(byId(items, "MF-OUT-1")?.["g:availability"]).toBe("out_of_stock");
    const backordered = byId(items, "MF-BACK-1");
    expect(backordered?.["g:availability"]).toBe("backorder");
    expect(backordered?.["g:availability_date"]).toMatch(/^\d{4}-\d{2}-\d{2}T12:00-05:00$/);
  });

  it("escapes markup, drops what XML cannot hold, and gives a GTIN only when its check digit holds", async () => {
    const { items } = await readFeed();
    const coded = byId(items, "MF-CODE-1");
    expect(coded?.title).toBe(`Wheel <4.5"> & "friends"`);
    expect(coded?.description).toBe(`Wheel <4.5"> & "friends". Fast cut. Long life`);
    expect(coded?.["g:gtin"]).toBe("036000291452");
    expect(coded?.["g:image_link"]).toBe(`${origin}/media/0123456789abcdef01234567-800x600-800.webp`);
    expect(byId(items, "MF-BADGTIN-1")?.["g:gtin"]).toBeUndefined();
    // A line drawing is given as the PNG the store renders from it.
    expect(byId(items, "GW-45-001")?.["g:image_link"]).toMatch(
      /\/images\/products\/drawings\/grinding-wheel-4-5-in-gw-45-001\.png$/,
    );
  });

  it("gives a unit price where Google takes one: per piece of a pack, per foot; none for each or a pair", async () => {
    const { items } = await readFeed();
    const pricing = (id: string) => {
      const item = byId(items, id);
      return [item?.["g:unit_pricing_measure"], item?.["g:unit_pricing_base_measure"]];
    };
    expect(pricing("MF-BOX-1")).toEqual(["25ct", "1ct"]);
    expect(pricing("MF-FOOT-1")).toEqual(["1ft", "1ft"]);
    expect(pricing("MF-PAIR-1")).toEqual([undefined, undefined]);
    expect(pricing("MF-CODE-1")).toEqual([undefined, undefined]);
    // Every value in Google's form: a number and one of its units; the base one of its integers.
    for (const item of items.filter((each) => each["g:unit_pricing_measure"])) {
      expect(item["g:unit_pricing_measure"]).toMatch(/^\d+(ct|ft|m|gal|l|lb)$/);
      expect(item["g:unit_pricing_base_measure"]).toMatch(/^(1|10|100|2|4|8)(ct|ft|m|gal|l|lb)$/);
    }
  });

  it("follows the catalogue: a new price, a part put out of stock or made a draft shows on the next read", async () => {
    await handle()
      .db.update(products)
      .set({ price: "99.95", stockLevel: 0 })
      .where(eq(products.partNumber, "GW-45-001"));
    await handle().db.update(products).set({ status: "draft" }).where(eq(products.partNumber, "MF-OUT-1"));
    const { items } = await readFeed();
    expect(byId(items, "GW-45-001")).toMatchObject({ "g:price": "99.95 USD", "g:availability": "out_of_stock" });
    expect(byId(items, "MF-OUT-1")).toBeUndefined();
  });
});
