// The category tree as the storefront reads it: the migration's seeded tree, inactive entries
// hidden, and a change seen at once once the categoriesChanged event is heard.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findCategory } from "../../../domain/catalog/category-tree";
import { withTestDatabase } from "../../../test/database";
import { categories, subcategories } from "../../db/schema";
import { announce } from "../../events";
import { pageCache } from "../cache/page-cache";
import { pagesSitemap } from "../pages/sitemap";
import { subcategoryProfiles } from "../seed/profiles";
import { readCategoryTree, storefrontCategoryTree } from "./category-tree";

const { handle } = withTestDatabase();

describe("the category tree", () => {
  it("is seeded with the generator's subcategories, each under its profile's category, in order", async () => {
    const tree = await readCategoryTree(handle().db);
    const seeded = tree.flatMap((category) => category.subcategories.map((sub) => [sub.slug, category.slug]));
    expect(seeded).toEqual(Object.entries(subcategoryProfiles).map(([slug, profile]) => [slug, profile.category]));
    expect(tree[0]).toMatchObject({ slug: "cutting-tools", name: "Cutting Tools", active: true });
    expect(findCategory(await storefrontCategoryTree(), "abrasives")?.subcategories[0]).toEqual({
      slug: "sanding-belts",
      name: "Sanding Belts",
      description: "Belts for portable and stationary sanders, from coarse stock removal to fine finish.",
    });
  });

  it("hides inactive entries from the storefront and its sitemap, and shows a change once it is announced", async () => {
    const db = handle().db;
    const before = await storefrontCategoryTree();
    await db.update(categories).set({ active: false }).where(eq(categories.slug, "hazmat"));
    await db.update(subcategories).set({ active: false, name: "Hidden" }).where(eq(subcategories.slug, "flap-discs"));
    await db.update(subcategories).set({ name: "Belts for Sanders" }).where(eq(subcategories.slug, "sanding-belts"));
    // Read once per process: unchanged until the event.
    expect(await storefrontCategoryTree()).toBe(before);
    announce("categoriesChanged", {});
    const after = await storefrontCategoryTree();
    expect(findCategory(after, "hazmat")).toBeUndefined();
    const abrasives = findCategory(after, "abrasives");
    expect(abrasives?.subcategories.map((sub) => sub.slug)).not.toContain("flap-discs");
    expect(abrasives?.subcategories[0]?.name).toBe("Belts for Sanders");
    const sitemap = await pagesSitemap("https://store.test");
    expect(sitemap).toContain("https://store.test/category/abrasives/sanding-belts</loc>");
    expect(sitemap).not.toContain("/category/hazmat");
    expect(sitemap).not.toContain("/category/abrasives/flap-discs<");
  });

  it("drops the rendered pages of the process when the tree changes", async () => {
    const cache = pageCache();
    const render = async () =>
      new Response("<p>Abrasives</p>", {
        headers: { "content-type": "text/html", "cache-control": "public, max-age=60" },
      });
    const request = () => new Request("http://store.test/category/abrasives");
    await cache.serve(request(), undefined, render);
    expect((await cache.serve(request(), undefined, render)).headers.get("x-page-cache")).toBe("hit");
    announce("categoriesChanged", {});
    expect((await cache.serve(request(), undefined, render)).headers.get("x-page-cache")).toBeNull();
  });
});
