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
    expect(suggestCategories(tree, "a", 1)).toEqual([]);
    expect(suggestCategories(tree, "f", 1)).toEqual([]);
    expect(suggestCategories(tree, "fl")).toHaveLength(1);
  });
});
