// The categories the search box offers for what a buyer is typing: the query searched within the
// categories of the parts it suggests ('gw-45' in Abrasives), then the categories and subcategories
// whose names match it, every word typed starting a word of the name ('grind wh' finds Grinding
// Wheels). Pure, over the tree the server already keeps in memory.
import type { CategoryTree } from "./category-tree";
import { searchHref } from "./search-params";

export interface CategorySuggestion {
  name: string;
  /** The category a subcategory belongs to, for the option's second line. */
  parent?: string;
  href: string;
  /** The query, when the row searches for it within the category rather than naming the category. */
  within?: string;
}

export const CATEGORY_SUGGESTION_LIMIT = 3;
/** At most this many "in <category>" rows, the categories of the first parts suggested. */
export const WITHIN_CATEGORY_LIMIT = 2;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function matches(name: string, typed: string[]): boolean {
  const words = wordsOf(name);
  return typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
}

/**
 * `partCategories` are the category slugs of the parts suggested, best first. A category whose name
 * matches is offered as itself only, not also as a search within it.
 */
export function suggestCategories(
  tree: CategoryTree,
  query: string,
  {
    partCategories = [],
    limit = CATEGORY_SUGGESTION_LIMIT,
  }: { partCategories?: readonly string[]; limit?: number } = {},
): CategorySuggestion[] {
  const typed = wordsOf(query).slice(0, 8);
  if (typed.length === 0 || typed.join("").length < 2) return [];
  const named: CategorySuggestion[] = [];
  for (const category of tree) {
    if (matches(category.name, typed)) named.push({ name: category.name, href: `/category/${category.slug}` });
    for (const sub of category.subcategories)
      if (matches(sub.name, typed))
        named.push({ name: sub.name, parent: category.name, href: `/category/${category.slug}/${sub.slug}` });
  }
  const q = query.trim();
  const within = [...new Set(partCategories)]
    .flatMap((slug) => tree.filter((category) => category.slug === slug && !matches(category.name, typed)))
    .slice(0, WITHIN_CATEGORY_LIMIT)
    .map((category) => ({ name: category.name, href: searchHref({ q, category: category.slug }), within: q }));
  return [...within, ...named.slice(0, limit)];
}
