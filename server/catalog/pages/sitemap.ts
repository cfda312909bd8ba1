// Sitemaps for search engines: an index over the listings and the products, 40,000 URLs a file
// (the protocol allows 50,000).
import { asc, count } from "drizzle-orm";
import { escapeXml } from "../../../domain/text/xml";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { storefrontCategoryTree } from "../products/category-tree";
import { shownToBuyers } from "../products/visibility";

export const PRODUCTS_PER_SITEMAP = 40_000;

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<url><loc>${escapeXml(url)}</loc></url>`)
    .join("\n")}\n</urlset>\n`;

export async function sitemapIndex(origin: string) {
  const [row] = await db().select({ total: count() }).from(products).where(shownToBuyers(null));
  const files = Math.max(1, Math.ceil((row?.total ?? 0) / PRODUCTS_PER_SITEMAP));
  const sitemaps = [
    `${origin}/sitemaps/pages.xml`,
    ...Array.from({ length: files }, (_, i) => `${origin}/sitemaps/products-${i + 1}.xml`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
    .map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;
}

/** Home, /shop and every active category and subcategory listing. */
export async function pagesSitemap(origin: string) {
  const listings = (await storefrontCategoryTree()).flatMap((category) => [
    `/category/${category.slug}`,
    ...category.subcategories.map((sub) => `/category/${category.slug}/${sub.slug}`),
  ]);
  return urlset(["/", "/shop", ...listings].map((path) => `${origin}${path}`));
}

/** The n-th file of product pages (1-based); null past the last one. */
export async function productsSitemap(origin: string, file: number) {
  const rows = await db()
    .select({ slug: products.slug })
    .from(products)
    .where(shownToBuyers(null))
    .orderBy(asc(products.slug))
    .limit(PRODUCTS_PER_SITEMAP)
    .offset((file - 1) * PRODUCTS_PER_SITEMAP);
  if (rows.length === 0 && file > 1) return null;
  return urlset(rows.map((row) => `${origin}/products/${encodeURIComponent(row.slug)}`));
}
