import { config } from "../../server/config";

/** Crawlers may read the catalogue; personal and admin pages are not for them. */
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
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
