import { describe, expect, it } from "vitest";
import { suggestCategories } from "./category-suggestions";

const tree = [
  {
    slug: "abrasives",
    name: "Abrasives",
    description: "",
    subcategories: [
      { slug: "grinding-wheels", name: "Grinding Wheels", description: "" },
      { slug: "flap-discs", name: "Flap Discs", description: "" },
    ],
  },
  { slug: "safety", name: "Safety", description: "", subcategories: [] },
];

describe("suggestCategories", () => {
  it("finds entries whose words start with every word typed", () => {
    expect(suggestCategories(tree, "grind wh")).toEqual([
      { name: "Grinding Wheels", parent: "Abrasives", href: "/category/abrasives/grinding-wheels" },
    ]);
    expect(suggestCategories(tree, "ABRA")).toEqual([{ name: "Abrasives", href: "/category/abrasives" }]);
    expect(suggestCategories(tree, "wheel disc")).toEqual([]);
  });

  it("needs two letters, and keeps to the limit", () => {
    expect(suggestCategories(tree, "s")).toEqual([]);
    expect(suggestCategories(tree, "  !! ")).toEqual([]);
    expect(suggestCategories(tree, "a", { limit: 1 })).toEqual([]);
    expect(suggestCategories(tree, "f", { limit: 1 })).toEqual([]);
    expect(suggestCategories(tree, "fl")).toHaveLength(1);
  });

  it("searches within the categories of the parts suggested, above the categories named like the query", () => {
    const partCategories = ["abrasives", "abrasives", "safety", "abrasives"];
    expect(suggestCategories(tree, " gw-45 ", { partCategories })).toEqual([
      { name: "Abrasives", href: "/search?q=gw-45&category=abrasives", within: "gw-45" },
      { name: "Safety", href: "/search?q=gw-45&category=safety", within: "gw-45" },
    ]);
    // Two at most, and a category named like the query is offered as itself only.
    expect(
      suggestCategories([...tree, { slug: "paint", name: "Paint", description: "", subcategories: [] }], "flap", {
        partCategories: ["safety", "paint", "abrasives"],
      }),
    ).toEqual([
      { name: "Safety", href: "/search?q=flap&category=safety", within: "flap" },
      { name: "Paint", href: "/search?q=flap&category=paint", within: "flap" },
      { name: "Flap Discs", parent: "Abrasives", href: "/category/abrasives/flap-discs" },
    ]);
    expect(suggestCategories(tree, "abra", { partCategories: ["abrasives"] })).toEqual([
      { name: "Abrasives", href: "/category/abrasives" },
    ]);
    // A category no longer in the tree is left out.
    expect(suggestCategories(tree, "gw", { partCategories: ["retired"] })).toEqual([]);
  });
});
