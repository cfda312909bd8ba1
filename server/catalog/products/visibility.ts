// Which products a buyer sees, as conditions every storefront query adds (docs/product-rules.md,
// Product status; the browser's side of the rule is domain/catalog/product-status.ts).
import { eq, ne } from "drizzle-orm";
import { products } from "../../db/schema";

/**
 * Listed and sold: category listings, their counts, search by words, suggestions by words and
 * related parts show these only.
 */
export const listedForBuyers = eq(products.status, "active");

/**
 * Reachable by a buyer: the product page, a search for the exact part number, part-number
 * suggestions and the sitemap. A discontinued part stays findable there, as buyers look up the part
 * they are replacing; a draft is nowhere.
 */
export const shownToBuyers = ne(products.status, "draft");
