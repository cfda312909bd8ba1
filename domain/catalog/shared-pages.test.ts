import { describe, expect, it } from "vitest";
import { isSharedPage } from "./shared-pages";

describe("isSharedPage", () => {
  it("is the catalogue: home, shop, categories, products and search, with their page data", () => {
    for (const page of [
      "/",
      "/_.data",
      "/shop",
      "/shop.data",
      "/search",
      "/category/abrasives",
      "/category/abrasives/grinding-wheels",
      "/category/abrasives/grinding-wheels.data",
      "/products/grinding-wheel-4-5-in-gw-45-001",
      "/products/grinding-wheel-4-5-in-gw-45-001/",
    ])
      expect(isSharedPage(page), page).toBe(true);
  });

  it("is never a buyer's own page, a form's page or an API", () => {
    for (const page of [
      "/account",
      "/account/orders/ORD1",
      "/checkout",
      "/checkout.data",
      "/order-confirmation/ORD1",
      "/admin",
      "/auth",
      "/api/cart",
      "/api/search/suggest",
      "/collections/safety",
      "/productsx",
      "/searching",
    ])
      expect(isSharedPage(page), page).toBe(false);
  });
});
