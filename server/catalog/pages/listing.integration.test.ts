import { and, count, eq, gt, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../../test/database";
import { products } from "../../db/schema";
import { seedCatalogIfEmpty } from "../seed/seed";
import { LISTING_PAGE_SIZE, listCategoryProducts } from "./listing";

const { handle } = withTestDatabase();
const defaults = { sort: "featured", page: 1 } as const;
const grindingWheels = { category: "abrasives", subcategory: "grinding-wheels" };

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
});

const countWhere = async (where: SQL | undefined) => {
  const [row] = await handle().db.select({ total: count() }).from(products).where(where);
  return row?.total ?? 0;
};

describe("category listings", () => {
  it("list a subcategory's own products, the featured ones first, one page at a time", async () => {
    const listing = await listCategoryProducts(grindingWheels, defaults, null);
    expect(listing.totalInCategory).toBe(await countWhere(eq(products.subcategory, "grinding-wheels")));
    expect(listing.totalInCategory).toBeGreaterThan(LISTING_PAGE_SIZE * 2);
    expect(listing.totalMatching).toBe(listing.totalInCategory);
    expect(listing.items).toHaveLength(LISTING_PAGE_SIZE);
    expect(listing.items[0]?.partNumber).toBe("GW-45-001");
  });

  it("list a whole category across its subcategories", async () => {
    const listing = await listCategoryProducts({ category: "abrasives" }, defaults, null);
    expect(listing.totalInCategory).toBe(await countWhere(eq(products.category, "abrasives")));
    expect(listing.items.map((item) => item.partNumber)).toEqual(
      expect.arrayContaining(["GW-45-001", "FD-80-001", "CW-45-045"]),
    );
  });

  it("Load More returns the first pages together, with no product twice", async () => {
    const first = await listCategoryProducts(grindingWheels, defaults, null);
    const two = await listCategoryProducts(grindingWheels, { ...defaults, page: 2 }, null);
    expect(two.items).toHaveLength(LISTING_PAGE_SIZE * 2);
    expect(two.items.slice(0, LISTING_PAGE_SIZE)).toEqual(first.items);
    expect(new Set(two.items.map((item) => item.id)).size).toBe(two.items.length);
  });

  it("a page past the end shows every product, once", async () => {
    const all = await listCategoryProducts(
      { category: "paint", subcategory: "primers" },
      { ...defaults, page: 500 },
      null,
    );
    expect(all.items).toHaveLength(all.totalMatching);
  });

  it("In Stock Only leaves out-of-stock products out, and counts what is left", async () => {
    const all = await listCategoryProducts({ category: "cutting-tools" }, { ...defaults, page: 500 }, null);
    expect(all.items.some((item) => item.stockLevel === 0)).toBe(true);
    const inStock = await listCategoryProducts(
      { category: "cutting-tools" },
      { ...defaults, page: 500, stock: "in" },
      null,
    );
    expect(inStock.items.every((item) => item.stockLevel > 0)).toBe(true);
    expect(inStock.totalMatching).toBe(
      await countWhere(and(eq(products.category, "cutting-tools"), gt(products.stockLevel, 0))),
    );
    expect(inStock.totalInCategory).toBe(all.totalInCategory);
  });

  it("sorts by price low to high and by rating high to low", async () => {
    const byPrice = await listCategoryProducts(grindingWheels, { ...defaults, sort: "price-asc", page: 3 }, null);
    const cents = byPrice.items.map((item) => Math.round(Number(item.price) * 100));
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    const byRating = await listCategoryProducts(grindingWheels, { ...defaults, sort: "rating-desc", page: 3 }, null);
    const ratings = byRating.items.map((item) => Number(item.rating));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("filters by brand, and an unknown brand finds nothing", async () => {
    const ironridge = await listCategoryProducts(grindingWheels, { ...defaults, brand: "Ironridge", page: 500 }, null);
    expect(ironridge.items.length).toBeGreaterThan(0);
    expect(ironridge.items.every((item) => item.brand === "Ironridge")).toBe(true);
    const none = await listCategoryProducts(grindingWheels, { ...defaults, brand: "No Such Brand" }, null);
    expect(none).toMatchObject({ items: [], totalMatching: 0 });
  });

  it("groups a family's sizes into one card when asked, counting parts as before", async () => {
    const parts = await listCategoryProducts(grindingWheels, defaults, null);
    const grouped = await listCategoryProducts(grindingWheels, { ...defaults, group: "families" }, null);
    expect(grouped.totalMatching).toBe(parts.totalMatching);
    expect(grouped.partsShown).toBe(LISTING_PAGE_SIZE);
    expect(grouped.items.length).toBeLessThan(parts.items.length);
    // GW-45-001 comes first and stands for its seeded family (docs/decisions/part-families.md).
    expect(grouped.items[0]).toMatchObject({
      partNumber: "GW-45-001",
      family: {
        name: "Grinding Wheels: Arbor 7/8 in, Type 27, Grit 24, Abrasive Aluminum Oxide",
        range: "4 to 7 in × 1/8 to 1/4 in, 6 sizes",
      },
    });
    expect(parts.items.some((item) => "family" in item)).toBe(false);
  });
});
