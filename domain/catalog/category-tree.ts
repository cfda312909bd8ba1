// The category tree as the storefront shows it: active categories and subcategories only, in the
// operator's order (server/catalog/products/category-tree.ts reads it). The root loader hands it to the
// header, footer and pages, so finding an entry here needs no query.

export interface SubcategoryEntry {
  slug: string;
  name: string;
  description: string;
}

export interface CategoryEntry {
  slug: string;
  name: string;
  description: string;
  subcategories: SubcategoryEntry[];
}

export type CategoryTree = CategoryEntry[];

export function findCategory(tree: CategoryTree, slug: string | undefined): CategoryEntry | undefined {
  return tree.find((category) => category.slug === slug);
}

export function findSubcategory(category: CategoryEntry, slug: string | undefined): SubcategoryEntry | undefined {
  return category.subcategories.find((subcategory) => subcategory.slug === slug);
}

/** Subcategory slug -> name, over the whole tree (subcategory slugs are unique across it). */
export function subcategoryNames(tree: CategoryTree): Map<string, string> {
  return new Map(tree.flatMap((category) => category.subcategories.map((sub) => [sub.slug, sub.name])));
}

/** A listing's title, as the specification has it: the slug with hyphens as spaces, each word capitalised. */
export function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
