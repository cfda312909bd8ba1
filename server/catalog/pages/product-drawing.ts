// A product's technical line drawing, its picture until the operator uploads one: drawn from what
// its page shows (name, subcategory, typed attributes) when asked for. Drawing takes well under a
// millisecond, so nothing is kept; the ETag is the drawing's hash, so an edited product's drawing
// replaces the old one as soon as a cache asks again.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { drawProduct } from "../drawings/line-drawings";
import { productSpecifications } from "../products/attributes";
import { shownToBuyers } from "../products/visibility";
import { isSlug } from "../seed/generator";

export interface ProductDrawing {
  svg: string;
  etag: string;
}

/** The line drawing of the product with this slug, or undefined when no buyer may see one. */
export async function productDrawing(slug: string): Promise<ProductDrawing | undefined> {
  if (!isSlug(slug)) return undefined;
  const [product] = await db()
    .select({ id: products.id, name: products.name, subcategory: products.subcategory })
    .from(products)
    .where(and(eq(products.slug, slug), shownToBuyers(null)))
    .limit(1);
  if (!product) return undefined;
  const svg = drawProduct({ ...product, specifications: await productSpecifications(db(), product.id) });
  return { svg, etag: `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"` };
}
