import { pagesSitemap, productsSitemap, sitemapIndex } from "../../server/catalog/pages/sitemap";
import { config } from "../../server/config";
import type { Route } from "./+types/sitemap";

const xml = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });

/** /sitemap.xml (the index), /sitemaps/pages.xml and /sitemaps/products-N.xml. */
export async function loader({ params }: Route.LoaderArgs) {
  const origin = config().PUBLIC_URL;
  const file = params.file;
  if (!file) return xml(await sitemapIndex(origin));
  if (file === "pages.xml") return xml(await pagesSitemap(origin));
  const match = /^products-([1-9]\d{0,4})\.xml$/.exec(file);
  const body = match ? await productsSitemap(origin, Number(match[1])) : null;
  if (!body) throw new Response("Not Found", { status: 404 });
  return xml(body);
}
