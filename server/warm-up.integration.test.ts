// The rehearsal's listings against the starter catalogue: one per subcategory, each narrowed by two
// of its spec filters as a buyer narrows one, and each a listing that shows parts.
import { beforeAll, describe, expect, it } from "vitest";
import { listingParamNames, parseListingParams } from "../domain/catalog/listing-params";
import { withTestDatabase } from "../test/database";
import { listCategoryProducts } from "./catalog/pages/listing";
import { storefrontCategoryTree } from "./catalog/products/category-tree";
import { readSpecFilters } from "./catalog/search/spec-facets";
import { seedCatalogIfEmpty } from "./catalog/seed/seed";
import { narrowedListings } from "./warm-up";

const { handle } = withTestDatabase();

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
});

describe("narrowedListings", () => {
  it("narrows every subcategory's listing page by two of its spec filters, and each lists parts", async () => {
    const tree = await storefrontCategoryTree();
    const pages = await narrowedListings();
    expect(pages).toHaveLength(tree.flatMap((category) => category.subcategories).length);
    for (const page of pages) {
      const url = new URL(page, "http://store.test");
      const [, , category = "", subcategory = ""] = url.pathname.split("/");
      expect(tree.find((entry) => entry.slug === category)?.subcategories.map((entry) => entry.slug)).toContain(
        subcategory,
      );
      const { spec, attributes, problems } = await readSpecFilters(url.searchParams, [subcategory], listingParamNames);
      expect(problems, page).toEqual([]);
      expect(
        spec.filters.map((filter) => filter.slug),
        page,
      ).toHaveLength(2);
      const listing = await listCategoryProducts(
        { category, subcategory },
        parseListingParams(url.searchParams),
        null,
        spec,
        attributes,
      );
      expect(listing.totalMatching, page).toBeGreaterThan(0);
    }
  });
});
