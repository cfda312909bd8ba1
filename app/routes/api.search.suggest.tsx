import { currentCatalogue } from "../../server/accounts/session";
import { searchSuggestions } from "../../server/catalog/search/suggestions";
import type { Route } from "./+types/api.search.suggest";

/** GET /api/search/suggest?q=gw-45: the best few products and categories for what the buyer has typed so far. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return Response.json(
    await searchSuggestions(new URL(request.url).searchParams.get("q") ?? "", currentCatalogue(context)),
    // Vary named here: the page cache keeps these headers, and the compression middleware adds it
    // only to an answer it compresses itself, so a kept answer served gzipped went without it.
    { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=600", Vary: "Accept-Encoding" } },
  );
}
