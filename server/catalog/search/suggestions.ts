// What the header's search box offers for the text typed so far: the parts (search.ts), and the
// categories, the parts' own and those named like the text (domain/catalog/category-suggestions.ts).
// The same for everyone, so the page cache shares the answer.
import { type CategorySuggestion, suggestCategories } from "../../../domain/catalog/category-suggestions";
import { MAX_QUERY_LENGTH } from "../../../domain/catalog/search-params";
import { plainText } from "../../../domain/text/plain-text";
import type { CatalogueScope } from "../../context";
import { storefrontCategoryTree } from "../products/category-tree";
import { type ProductSuggestion, suggestProducts } from "./search";

export interface Suggestions {
  query: string;
  suggestions: ProductSuggestion[];
  categories: CategorySuggestion[];
}

export async function searchSuggestions(typed: string, catalogue: CatalogueScope | null): Promise<Suggestions> {
  const query = plainText(typed).trim().slice(0, MAX_QUERY_LENGTH);
  const [suggestions, tree] = await Promise.all([suggestProducts(query, catalogue), storefrontCategoryTree()]);
  const partCategories = suggestions.map((product) => product.category);
  return { query, suggestions, categories: suggestCategories(tree, query, { partCategories }) };
}
