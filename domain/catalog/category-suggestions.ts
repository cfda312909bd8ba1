// Categories and subcategories whose names match what a buyer is typing in the search box: every
// word typed starts a word of the name ('grind wh' finds Grinding Wheels). Pure, over the tree
// the server already keeps in memory.
import type { CategoryTree } from "./category-tree";

export interface CategorySuggestion {
  name: string;
  /** The category a subcategory belongs to, for the option's second line. */
  parent?: string;
  href: string;
}

export const CATEGORY_SUGGESTION_LIMIT = 3;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function matches(name: string, typed: string[]): boolean {
  const words = wordsOf(name);
  return typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
}

export function suggestCategories(
  tree: CategoryTree,
  query: string,
  limit = CATEGORY_SUGGESTION_LIMIT,
): CategorySuggestion[] {
  const typed = wordsOf(query).slice(0, 8);
  if (typed.length === 0 || typed.join("").length < 2) return [];
  const found: CategorySuggestion[] = [];
  for (const category of tree) {
    if (matches(category.name, typed)) found.push({ name: category.name, href: `/category/${category.slug}` });
    for (const sub of category.subcategories)
      if (matches(sub.name, typed))
        found.push({ name: sub.name, parent: category.name, href: `/category/${category.slug}/${sub.slug}` });
  }
  return found.slice(0, limit);
}
