// Which products a buyer sees, as conditions every storefront query adds (docs/product-rules.md,
// Product status; the browser's side of the rule is domain/catalog/product-status.ts).
// A company given a catalogue of its own sees only its parts, everywhere (docs/decisions/customer-catalogues.md).
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { CatalogueScope } from "../../context";
import { companyCatalogueCategories, companyCatalogueParts, products } from "../../db/schema";

/**
 * The parts of `catalogue`: those of its categories or subcategories, and those it includes, less
 * those it excludes. Undefined (no condition) for no catalogue: every part.
 */
export function inCatalogue(catalogue: CatalogueScope | null): SQL | undefined {
  if (!catalogue) return undefined;
  const company = catalogue.companyId;
  const categories = sql`(select ${companyCatalogueCategories.category} from ${companyCatalogueCategories} where ${companyCatalogueCategories.companyId} = ${company})`;
  const parts = (included: boolean) =>
    sql`(select ${companyCatalogueParts.productId} from ${companyCatalogueParts} where ${companyCatalogueParts.companyId} = ${company} and ${companyCatalogueParts.included} = ${included})`;
  return sql`((${products.category} in ${categories} or ${products.subcategory} in ${categories} or ${products.id} in ${parts(true)}) and ${products.id} not in ${parts(false)})`;
}

/**
 * Listed and sold: category listings, their counts, search by words, suggestions by words and
 * related parts show these only; `catalogue` narrows them to a company's own.
 */
export const listedForBuyers = (catalogue: CatalogueScope | null) =>
  and(eq(products.status, "active"), inCatalogue(catalogue)) as SQL;

/**
 * Reachable by a buyer: the product page, a search for the exact part number, part-number
 * suggestions and the sitemap. A discontinued part stays findable there, as buyers look up the part
 * they are replacing; a draft is nowhere.
 */
export const shownToBuyers = (catalogue: CatalogueScope | null) =>
  and(ne(products.status, "draft"), inCatalogue(catalogue)) as SQL;
