import { describe, expect, it } from "vitest";
import { parseSearchParams, searchHref } from "./search-params";

const defaults = { q: "", sort: "relevance", page: 1 };

describe("search parameters", () => {
  it.each([
    ["", defaults],
    ["q=%20flap%20disc%20", { ...defaults, q: "flap disc" }],
    [
      "q=wheel&category=abrasives&brand=Ironridge&stock=in&sort=price-desc&page=3",
      { q: "wheel", category: "abrasives", brand: "Ironridge", stock: "in", sort: "price-desc", page: 3 },
    ],
    ["q=x&sort=cheapest&page=0&stock=maybe", { ...defaults, q: "x" }],
    ["q=x&page=1e9", { ...defaults, q: "x" }],
  ])("reads %j", (query, expected) => {
    expect(parseSearchParams(new URLSearchParams(query))).toEqual(expected);
  });

  it("cuts a very long query to 200 characters", () => {
    expect(parseSearchParams(new URLSearchParams({ q: "a".repeat(500) })).q).toHaveLength(200);
  });

  it("writes only what differs from the defaults", () => {
    expect(searchHref({ q: "flap disc", sort: "relevance", page: 1 })).toBe("/search?q=flap+disc");
    expect(searchHref({ q: "wheel", stock: "in", sort: "price-asc", page: 2 })).toBe(
      "/search?q=wheel&stock=in&sort=price-asc&page=2",
    );
  });
});
