import { config } from "../../server/config";

/**
 * Crawlers may read the catalogue; personal and admin pages are not for them. Google reads an RSS 2.0
 * feed as a sitemap too, so the merchant feed is named beside the sitemap.
 */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /account",
    "Disallow: /admin",
    "Disallow: /checkout",
    "Disallow: /auth",
    "Disallow: /api/",
    `Sitemap: ${config().PUBLIC_URL}/sitemap.xml`,
    `Sitemap: ${config().PUBLIC_URL}/feeds/google-merchant.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
