import sharp from "sharp";
import { subcategoryNames } from "../../domain/catalog/category-tree";
import { storefrontCategoryTree } from "../../server/catalog/products/category-tree";
import { drawPicture } from "../../server/catalog/seed/pictures";
import { subcategoryProfiles } from "../../server/catalog/seed/profiles";
import type { Route } from "./+types/product-image";

/**
 * /images/products/{subcategory}-{view}.svg: the pictures every product of a subcategory shared before
 * each got its line drawing (product-drawing.tsx), still named by products stored then and their
 * exports; .png for what reads no SVG (Google Merchant Center's image_link).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z-]+)-([1-3])\.(svg|png)$/.exec(params.file);
  const name = match?.[1] ?? "";
  // hasOwn: "constructor-1.svg" must not reach the properties every object has.
  const profile = Object.hasOwn(subcategoryProfiles, name) ? subcategoryProfiles[name] : undefined;
  const label = subcategoryNames(await storefrontCategoryTree()).get(name);
  if (!match || !profile || !label) return new Response("Not Found", { status: 404 });
  const svg = drawPicture(profile.shape, label, Number(match[2]));
  const png = match[3] === "png";
  return new Response(png ? new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer()) : svg, {
    headers: {
      "Content-Type": png ? "image/png" : "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    },
  });
}
