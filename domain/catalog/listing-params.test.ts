import { describe, expect, it } from "vitest";
import { listingSearch, parseListingParams } from "./listing-params";

describe("listing parameters", () => {
  it.each([
    ["", { sort: "featured", page: 1 }],
    ["stock=in&sort=price-asc&page=3", { stock: "in", sort: "price-asc", page: 3 }],
    ["stock=maybe&sort=cheapest&page=-4", { sort: "featured", page: 1 }],
    ["page=abc", { sort: "featured", page: 1 }],
    ["page=2.5", { sort: "featured", page: 1 }],
    ["page=99999999", { sort: "featured", page: 1 }],
    ["brand=Ironridge", { sort: "featured", page: 1, brand: "Ironridge" }],
    [`brand=${"x".repeat(61)}`, { sort: "featured", page: 1 }],
    ["group=families", { sort: "featured", page: 1, group: "families" }],
    ["group=brands", { sort: "featured", page: 1 }],
  ])("reads %j", (query, expected) => {
    expect(parseListingParams(new URLSearchParams(query))).toEqual(expected);
  });

  it("writes only what differs from the defaults", () => {
    expect(listingSearch({ sort: "featured", page: 1 })).toBe("");
    expect(listingSearch({ stock: "in", sort: "rating-desc", page: 2 })).toBe("?stock=in&sort=rating-desc&page=2");
    expect(listingSearch({ stock: "in", group: "families", page: 1 })).toBe("?stock=in&group=families");
  });
});
