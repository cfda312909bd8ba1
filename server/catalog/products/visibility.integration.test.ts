// A product's status on the storefront (docs/product-rules.md, Product status): a draft is nowhere a
// buyer looks, a discontinued part is found by its part number, says so, and cannot be bought.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseListingParams } from "../../../domain/catalog/listing-params";
import { type ProductStatus, productInputSchema } from "../../../domain/catalog/product-input";
import { parseSearchParams } from "../../../domain/catalog/search-params";
import { withTestDatabase } from "../../../test/database";
import { addToCart, findOrCreateCart } from "../../cart/cart";
import { addPartNumbers } from "../../cart/quick-order";
import { addLinesToCart } from "../../cart/reorder";
import { products } from "../../db/schema";
import { StoreError } from "../../errors";
import { priceStoredCart } from "../../pricing/price";
import { subcategoryCounts } from "../pages/counts";
import { listCategoryProducts } from "../pages/listing";
import { getProductBySlug } from "../pages/product";
import { productsSitemap, sitemapIndex } from "../pages/sitemap";
import { findByPartNumber, searchProducts, suggestProducts } from "../search/search";
import { checkProducts, saveProducts } from "./save-products";

const { handle } = withTestDatabase();

const product = (partNumber: string, name: string, status: ProductStatus, relatedParts: string[] = []) =>
  productInputSchema.parse({
    partNumber,
    name,
    category: "abrasives",
    subcategory: "grinding-wheels",
    brand: "Status Brand",
    price: "10.00",
    stockLevel: "50",
    status,
    relatedParts,
  });

async function save(...inputs: ReturnType<typeof product>[]) {
  const results = await checkProducts(handle().db, inputs, new Set(inputs.map((input) => input.partNumber)));
  const batch = results.map((result) => {
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.product;
  });
  await handle().db.transaction((tx) => saveProducts(tx, batch));
}

const setStatus = (partNumber: string, status: ProductStatus) =>
  handle().db.update(products).set({ status }).where(eq(products.partNumber, partNumber));

const slugOf = async (partNumber: string) =>
  (await handle().db.select({ slug: products.slug }).from(products).where(eq(products.partNumber, partNumber)))[0]
    ?.slug ?? "";
const idOf = async (partNumber: string) =>
  (await handle().db.select({ id: products.id }).from(products).where(eq(products.partNumber, partNumber)))[0]?.id ??
  "";

beforeAll(async () => {
  await save(
    product("VIS-ACTIVE-1", "Visible Flap Wheel", "active", ["VIS-DRAFT-1", "VIS-GONE-1"]),
    product("VIS-DRAFT-1", "Secret Flap Wheel", "draft"),
    product("VIS-GONE-1", "Retired Flap Wheel", "discontinued"),
  );
});

describe("a draft product", () => {
  it("is in no listing, count, search, suggestion, related parts or sitemap, and has no page", async () => {
    const listing = await listCategoryProducts(
      { category: "abrasives", subcategory: "grinding-wheels" },
      parseListingParams(new URLSearchParams()),
      null,
    );
    expect(listing.items.map((item) => item.partNumber)).toEqual(["VIS-ACTIVE-1"]);
    expect(listing.totalInCategory).toBe(1);
    expect(await subcategoryCounts("abrasives", null)).toEqual({ "grinding-wheels": 1 });

    const search = await searchProducts(parseSearchParams(new URLSearchParams({ q: "flap wheel" })), null);
    expect(search.items.map((item) => item.partNumber)).toEqual(["VIS-ACTIVE-1"]);
    expect(search.total).toBe(1);
    expect((await suggestProducts("vis-draft-1", null)).map((item) => item.partNumber)).toEqual([]);
    expect((await suggestProducts("secret flap", null)).map((item) => item.partNumber)).toEqual([]);

    expect(await findByPartNumber("vis draft 1", null)).toBeNull();
    expect(await getProductBySlug(await slugOf("VIS-DRAFT-1"), null)).toBeNull();
    const active = await getProductBySlug(await slugOf("VIS-ACTIVE-1"), null);
    expect(active?.related.map((related) => related.partNumber)).toEqual([]);

    const sitemap = await productsSitemap("https://store.test", 1);
    expect(sitemap).toContain(await slugOf("VIS-ACTIVE-1"));
    expect(sitemap).toContain(await slugOf("VIS-GONE-1"));
    expect(sitemap).not.toContain(await slugOf("VIS-DRAFT-1"));
    expect(await sitemapIndex("https://store.test")).toContain("products-1.xml");
  });

  it("cannot be put in a cart, by id or by part number", async () => {
    const cart = await findOrCreateCart({});
    await expect(addToCart(cart, await idOf("VIS-DRAFT-1"), 1, null)).rejects.toThrow(
      new StoreError("NotFound", "That product is no longer available."),
    );
    expect(await addPartNumbers(cart, [{ partNumber: "VIS-DRAFT-1", quantity: 1 }], null)).toEqual({
      added: [],
      notFound: ["VIS-DRAFT-1"],
      refused: [],
    });
  });
});

describe("a discontinued product", () => {
  it("is found by its part number and has its page, but is not listed or found by words", async () => {
    expect(await findByPartNumber("vis-gone-1", null)).toEqual({ slug: await slugOf("VIS-GONE-1") });
    expect((await suggestProducts("vis-gone-1", null)).map((item) => item.partNumber)).toEqual(["VIS-GONE-1"]);
    expect((await getProductBySlug(await slugOf("VIS-GONE-1"), null))?.status).toBe("discontinued");
    const search = await searchProducts(parseSearchParams(new URLSearchParams({ q: "retired" })), null);
    expect(search.items).toEqual([]);
  });

  it("cannot be added to a cart, by Add to Cart, Quick Order or a reorder, and each says why", async () => {
    const cart = await findOrCreateCart({});
    await expect(addToCart(cart, await idOf("VIS-GONE-1"), 1, null)).rejects.toThrow(
      new StoreError("Conflict", "Retired Flap Wheel is discontinued and can no longer be ordered."),
    );
    expect(await addPartNumbers(cart, [{ partNumber: "vis gone 1", quantity: 2 }], null)).toEqual({
      added: [],
      notFound: [],
      refused: ["Retired Flap Wheel is discontinued and can no longer be ordered."],
    });
    const report = await addLinesToCart(null, cart, [
      { productId: await idOf("VIS-GONE-1"), partNumber: "VIS-GONE-1", name: "Retired Flap Wheel", quantity: 1 },
    ]);
    expect(report.unavailable).toEqual(["Retired Flap Wheel (VIS-GONE-1)"]);
    expect((await priceStoredCart(cart, { buyer: null })).lines).toEqual([]);
  });

  it("blocks the checkout of a cart line that was discontinued or made a draft after it went in", async () => {
    await save(product("VIS-LATER-1", "Later Flap Wheel", "active"), product("VIS-LATER-2", "Hidden Later", "active"));
    const cart = await findOrCreateCart({});
    await addToCart(cart, await idOf("VIS-LATER-1"), 1, null);
    await addToCart(cart, await idOf("VIS-LATER-2"), 1, null);
    expect((await priceStoredCart(cart, { buyer: null })).problems).toEqual([]);
    await setStatus("VIS-LATER-1", "discontinued");
    await setStatus("VIS-LATER-2", "draft");
    expect((await priceStoredCart(cart, { buyer: null })).problems).toEqual([
      "Later Flap Wheel is discontinued and can no longer be ordered. Remove it from your cart to continue.",
      "Hidden Later is no longer available. Remove it from your cart to continue.",
    ]);
  });
});
