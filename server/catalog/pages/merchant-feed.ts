// The product feed for Google Merchant Center (Shopping ads and free listings): an RSS 2.0 document
// with Google's `g:` namespace, one <item> per active part, with the attributes Google's product data
// specification asks of it. It is written as it is read, a page of parts at a time by part order, so a
// catalogue of a million parts is never held in memory, and it is read afresh on every request, so it
// follows every change in the catalogue.
import { and, asc, gt } from "drizzle-orm";
import { gtinOf } from "../../../domain/catalog/gtin";
import { merchantUnitPricing } from "../../../domain/catalog/unit-pricing";
import { addBusinessDays, type Day, storeDay } from "../../../domain/dates/dates";
import { canBackorder } from "../../../domain/orders/backorderable";
import { escapeXml } from "../../../domain/text/xml";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { storefrontCategoryTree } from "../products/category-tree";
import { listedForBuyers } from "../products/visibility";
import { productImage } from "./card-columns";

/** Parts read per query: a few hundred kilobytes of XML at a time. */
const PAGE = 500;

// Google's limits: a longer title or description is refused, not cut, so the feed cuts them itself.
const TITLE_LIMIT = 150;
const DESCRIPTION_LIMIT = 5000;

type FeedRow = {
  slug: string;
  partNumber: string;
  name: string;
  brand: string;
  category: string;
  subcategory: string;
  description: string;
  price: string;
  stockLevel: number;
  backorderable: boolean;
  leadTimeDays: number | null;
  unit: string;
  packQuantity: number;
  picture: string;
  keyFeatures: string[];
  specifications: Record<string, string>;
};

const feedColumns = {
  slug: products.slug,
  partNumber: products.partNumber,
  name: products.name,
  brand: products.brand,
  category: products.category,
  subcategory: products.subcategory,
  description: products.description,
  price: products.price,
  stockLevel: products.stockLevel,
  backorderable: products.backorderable,
  leadTimeDays: products.leadTimeDays,
  unit: products.unit,
  packQuantity: products.packQuantity,
  picture: productImage(products.images, products.slug),
  keyFeatures: products.keyFeatures,
  specifications: products.specifications,
};

const cut = (text: string, limit: number) => (text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`);

/**
 * A picture Google can read: an uploaded picture's WebP as it is, and a drawn SVG (which Google does
 * not take) as the PNG the store renders from it (app/routes/product-drawing.tsx, product-image.tsx).
 */
export const feedImagePath = (path: string) => path.replace(/\.svg$/, ".png");

/** Google's availability values; a back-orderable part out of stock is "backorder", with its date. */
function availability(row: FeedRow, today: Day): { availability: string; date?: Day } {
  if (row.stockLevel > 0) return { availability: "in_stock" };
  if (canBackorder(row)) return { availability: "backorder", date: addBusinessDays(today, row.leadTimeDays ?? 0) };
  return { availability: "out_of_stock" };
}

function item(row: FeedRow, origin: string, productType: string, today: Day): string {
  const element = (name: string, value: string | undefined) =>
    value === undefined || value === "" ? "" : `<${name}>${escapeXml(value)}</${name}>`;
  const stock = availability(row, today);
  const description = row.description.trim() || [row.name, ...row.keyFeatures].join(". ");
  const unitPricing = merchantUnitPricing(row);
  return [
    "<item>",
    element("g:id", row.partNumber),
    element("title", cut(row.name, TITLE_LIMIT)),
    element("description", cut(description, DESCRIPTION_LIMIT)),
    element("link", `${origin}/products/${encodeURIComponent(row.slug)}`),
    element("g:image_link", `${origin}${feedImagePath(row.picture)}`),
    element("g:price", `${row.price} USD`),
    element("g:unit_pricing_measure", unitPricing?.measure),
    element("g:unit_pricing_base_measure", unitPricing?.base),
    element("g:availability", stock.availability),
    element("g:availability_date", stock.date && `${stock.date}T12:00-05:00`),
    element("g:condition", "new"),
    element("g:brand", row.brand),
    element("g:mpn", row.partNumber),
    element("g:gtin", gtinOf(row.specifications)),
    element("g:product_type", productType),
    "</item>\n",
  ].join("");
}

/** The whole feed as a stream of UTF-8, read a page of parts at a time. */
export async function merchantFeed(origin: string): Promise<ReadableStream<Uint8Array>> {
  const tree = await storefrontCategoryTree();
  const productTypes = new Map(
    tree.flatMap((category) =>
      category.subcategories.map((sub) => [`${category.slug}/${sub.slug}`, `${category.name} > ${sub.name}`] as const),
    ),
  );
  const today = storeDay(new Date());
  const encoder = new TextEncoder();
  let after: string | undefined;
  let finished = false;
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
<title>Cascade Industrial Supply</title>
<link>${escapeXml(`${origin}/`)}</link>
<description>Every part in the store's catalogue, with its price and stock.</description>
`;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (finished) return;
      const rows: FeedRow[] = await db()
        .select(feedColumns)
        .from(products)
        .where(and(listedForBuyers(null), after === undefined ? undefined : gt(products.slug, after)))
        .orderBy(asc(products.slug))
        .limit(PAGE);
      const items = rows.map((row) => {
        const productType = productTypes.get(`${row.category}/${row.subcategory}`) ?? "";
        return item(row, origin, productType, today);
      });
      controller.enqueue(encoder.encode(items.join("")));
      after = rows.at(-1)?.slug;
      if (rows.length < PAGE) {
        finished = true;
        controller.enqueue(encoder.encode("</channel>\n</rss>\n"));
        controller.close();
      }
    },
  });
}
