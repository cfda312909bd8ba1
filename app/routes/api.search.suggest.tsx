import { suggestProducts } from "../../server/catalog/search";
import { plainText } from "../lib/plain-text";
import { MAX_QUERY_LENGTH } from "../lib/search-params";
import type { Route } from "./+types/api.search.suggest";

/** GET /api/search/suggest?q=gw-45: the best few products for what the buyer has typed so far. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = plainText(new URL(request.url).searchParams.get("q") ?? "")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
  const suggestions = await suggestProducts(query);
  return Response.json(
    { query, suggestions },
    { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=600" } },
  );
}
