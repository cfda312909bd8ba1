import { redirect } from "react-router";
import { findByPartNumber, searchProducts } from "../../server/catalog/search";
import { ProductGrid } from "../components/catalog/product-grid";
import type { Route } from "./+types/search";

const MAX_QUERY_LENGTH = 200;

export async function loader({ request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  // A query that is exactly one part number opens that product.
  const exact = query ? await findByPartNumber(query) : null;
  if (exact) throw redirect(`/products/${exact.slug}`);
  return { query, results: await searchProducts(query) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.query;
  return [
    { title: query ? `Search: ${query} | Cascade Industrial Supply` : "Search | Cascade Industrial Supply" },
    { name: "robots", content: "noindex" },
  ];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-950">{query ? `Results for "${query}"` : "Search the catalogue"}</h1>
      {query && (
        <p className="mt-1 text-slate-700">
          {results.length === 0
            ? "No products found. Check the part number or try a shorter keyword."
            : `${results.length} ${results.length === 1 ? "product" : "products"}`}
        </p>
      )}
      <ProductGrid products={results} />
    </div>
  );
}
