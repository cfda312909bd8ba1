import { Search } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { findCategory } from "../../domain/catalog/category-tree";
import {
  parseSearchParams,
  type SearchParams,
  searchHref,
  searchParamNames,
  searchSortLabels,
  searchSorts,
} from "../../domain/catalog/search-params";
import type { SpecState } from "../../domain/catalog/spec-filters";
import { formatNumber } from "../../domain/text/numbers";
import { currentCatalogue } from "../../server/accounts/session";
import { catalogCacheHeaders, catalogRouteHeaders } from "../../server/catalog/cache/http-cache";
import { storefrontCategoryTree } from "../../server/catalog/products/category-tree";
import { findByPartNumber, searchProducts } from "../../server/catalog/search/search";
import { readSpecFilters } from "../../server/catalog/search/spec-facets";
import { redirectWithToast } from "../../server/toast";
import { FilterChip } from "../components/catalog/filter-chip";
import { LoadMore } from "../components/catalog/load-more";
import { ProductGrid } from "../components/catalog/product-grid";
import { SpecFilterSidebar } from "../components/catalog/spec-filters";
import { useCategoryTree } from "../components/root-data";
import { DidYouMean } from "../components/search/did-you-mean";
import { SearchSuggest } from "../components/search/search-suggest";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const catalogue = currentCatalogue(context);
  const search = new URL(request.url).searchParams;
  const state = parseSearchParams(search);
  // A query that is exactly one part number, or the OEM number one part replaces, opens that product.
  const exact = state.q ? await findByPartNumber(state.q, catalogue) : null;
  if (exact?.replaces)
    throw await redirectWithToast(`/products/${exact.slug}`, { type: "info", title: `Replaces ${exact.replaces}` });
  if (exact) throw redirect(`/products/${exact.slug}`);
  // Results span subcategories: the attributes of all of them (of the chosen category's) are on offer.
  const category = state.category ? findCategory(await storefrontCategoryTree(), state.category) : undefined;
  const { attributes, spec, problems } = await readSpecFilters(
    search,
    category?.subcategories.map((entry) => entry.slug),
    searchParamNames,
  );
  const page = { state, spec, problems, ...(await searchProducts(state, catalogue, { spec, attributes })) };
  return data(page, { headers: catalogCacheHeaders(request, page) });
}

export const headers: Route.HeadersFunction = catalogRouteHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.state.q;
  return [
    { title: query ? `Search: ${query} | Cascade Industrial Supply` : "Search | Cascade Industrial Supply" },
    { name: "robots", content: "noindex" },
  ];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { state, items, total, categories: categoryFacets, brands, spec, problems, facets, correction } = loaderData;
  const navigation = useNavigation();
  const categoryNames = new Map(useCategoryTree().map((category) => [category.slug, category.name]));
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  // Changing category changes the attributes on offer, so it clears the spec filters.
  const to = (next: Partial<SearchParams>) =>
    searchHref({ ...state, page: 1, ...next }, "category" in next ? { filters: [], units: spec.units } : spec);
  const hrefFor = (next: SpecState) => searchHref({ ...state, page: 1 }, next);
  const keep = [...new URL(searchHref({ ...state, page: 1 }), "http://store").searchParams];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-950">
        {state.q ? `Results for "${state.q}"` : "Search the catalogue"}
      </h1>
      <Form method="get" action="/search" role="search" aria-label="Search again" className="mt-4 flex max-w-2xl">
        <label htmlFor="search-page-query" className="sr-only">
          Search again
        </label>
        <SearchSuggest id="search-page-query" defaultValue={state.q} />
        <button
          type="submit"
          className="flex h-10 shrink-0 items-center gap-2 rounded-r-md bg-brand-800 px-4 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          <Search className="size-4" aria-hidden="true" />
          Search
        </button>
      </Form>
      {!state.q && (
        <p className="mt-2 text-slate-700">
          Type a part number, an OEM number, a brand or a few words in the search box.
        </p>
      )}
      {state.q && (
        <>
          <p className="mt-1 text-slate-700" aria-live="polite">
            {loading
              ? "Loading products..."
              : total === 0
                ? "No products found. Check the part number or try a shorter keyword."
                : `Showing ${items.length} of ${formatNumber(total)} ${total === 1 ? "product" : "products"}`}
          </p>
          {correction && <DidYouMean {...correction} />}
          <nav aria-label="Filter and sort results" className="mt-4 space-y-3">
            {categoryFacets.length > 0 && (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold text-slate-800">Category:</span>
                <FilterChip to={to({ category: undefined })} active={!state.category}>
                  All
                </FilterChip>
                {categoryFacets.map((facet) => (
                  <FilterChip
                    key={facet.value}
                    to={to({ category: facet.value })}
                    active={state.category === facet.value}
                  >
                    {`${categoryNames.get(facet.value) ?? facet.value} (${facet.total})`}
                  </FilterChip>
                ))}
              </div>
            )}
            {brands.length > 0 && (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold text-slate-800">Brand:</span>
                <FilterChip to={to({ brand: undefined })} active={!state.brand}>
                  All
                </FilterChip>
                {brands.map((facet) => (
                  <FilterChip key={facet.value} to={to({ brand: facet.value })} active={state.brand === facet.value}>
                    {`${facet.value} (${facet.total})`}
                  </FilterChip>
                ))}
              </div>
            )}
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-slate-800">Show:</span>
              <FilterChip to={to({ stock: state.stock ? undefined : "in" })} active={state.stock === "in"}>
                In Stock Only
              </FilterChip>
              <span className="ml-2 text-sm font-semibold text-slate-800">Sort:</span>
              {searchSorts.map((sort) => (
                <FilterChip key={sort} to={to({ sort })} active={state.sort === sort}>
                  {searchSortLabels[sort]}
                </FilterChip>
              ))}
            </div>
          </nav>
          <SpecFilterSidebar
            facets={facets}
            spec={spec}
            problems={problems}
            hrefFor={hrefFor}
            keep={keep}
            total={total}
          >
            <ProductGrid products={items} />
            {items.length < total && <LoadMore to={searchHref({ ...state, page: state.page + 1 }, spec)} />}
          </SpecFilterSidebar>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <p className="mx-auto max-w-7xl px-4 py-16 text-slate-700">Error loading products. Please try again.</p>;
}
