import { suggestCategories } from "../../domain/catalog/category-suggestions";
import { MAX_QUERY_LENGTH } from "../../domain/catalog/search-params";
import { plainText } from "../../domain/text/plain-text";
import { storefrontCategoryTree } from "../../server/catalog/products/category-tree";
import { suggestProducts } from "../../server/catalog/search/search";
import type { Route } from "./+types/api.search.suggest";

/** GET /api/search/suggest?q=gw-45: the best few products and categories for what the buyer has typed so far. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = plainText(new URL(request.url).searchParams.get("q") ?? "")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
  const [suggestions, tree] = await Promise.all([suggestProducts(query), storefrontCategoryTree()]);
  return Response.json(
    { query, suggestions, categories: suggestCategories(tree, query) },
    // Vary named here: the page cache keeps these headers, and the compression middleware adds it
    // only to an answer it compresses itself, so a kept answer served gzipped went without it.
    { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=600", Vary: "Accept-Encoding" } },
  );
}
