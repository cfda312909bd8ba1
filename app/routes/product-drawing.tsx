import sharp from "sharp";
import { productDrawing } from "../../server/catalog/pages/product-drawing";
import type { Route } from "./+types/product-drawing";

/**
 * /images/products/drawings/{product slug}.svg: the product's line drawing, its picture while it
 * has none of its own; .png for what reads no SVG (Google Merchant Center's image_link).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)\.(svg|png)$/.exec(params.file);
  const drawing = match?.[1] ? await productDrawing(match[1]) : undefined;
  if (!match || !drawing) return new Response("Not Found", { status: 404 });
  const png = match[2] === "png";
  // Cached as the subcategory pictures are; the ETag lets a cache ask whether an edit changed it.
  const headers = {
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    ETag: png ? `${drawing.etag.slice(0, -1)}-png"` : drawing.etag,
  };
  if (request.headers.get("If-None-Match")?.includes(headers.ETag)) return new Response(null, { status: 304, headers });
  return new Response(png ? new Uint8Array(await sharp(Buffer.from(drawing.svg)).png().toBuffer()) : drawing.svg, {
    headers: { ...headers, "Content-Type": png ? "image/png" : "image/svg+xml; charset=utf-8" },
  });
}
