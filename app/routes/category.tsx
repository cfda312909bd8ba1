import { data, isRouteErrorResponse, useNavigation } from "react-router";
import { findCategory, findSubcategory, titleFromSlug } from "../../domain/catalog/category-tree";
import {
  type ListingParams,
  listingParamNames,
  listingSearch,
  parseListingParams,
} from "../../domain/catalog/listing-params";
import type { SpecState } from "../../domain/catalog/spec-filters";
import { currentCatalogue } from "../../server/accounts/session";
import { catalogCacheHeaders, catalogRouteHeaders } from "../../server/catalog/cache/http-cache";
import { listCategoryProducts } from "../../server/catalog/pages/listing";
import { storefrontCategoryTree } from "../../server/catalog/products/category-tree";
import { readSpecFilters } from "../../server/catalog/search/spec-facets";
import { Breadcrumb } from "../components/breadcrumb";
import { FilterChip } from "../components/catalog/filter-chip";
import { LoadMore } from "../components/catalog/load-more";
import { ProductGrid } from "../components/catalog/product-grid";
import { SpecFilterSidebar } from "../components/catalog/spec-filters";
import { NotFound } from "../components/not-found";
import type { Route } from "./+types/category";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Inactive entries are not in the storefront's tree: their listings are gone until reactivated.
  const category = findCategory(await storefrontCategoryTree(), params.category);
  const subcategory = category && params.subcategory ? findSubcategory(category, params.subcategory) : undefined;
  if (!category || (params.subcategory && !subcategory)) throw new Response("Not Found", { status: 404 });
  const search = new URL(request.url).searchParams;
  const state = parseListingParams(search);
  // A category's listing offers the attributes of all its subcategories, one filter per slug.
  const { attributes, spec, problems } = await readSpecFilters(
    search,
    subcategory ? [subcategory.slug] : category.subcategories.map((entry) => entry.slug),
    listingParamNames,
  );
  const listing = await listCategoryProducts(
    { category: category.slug, subcategory: subcategory?.slug },
    state,
    currentCatalogue(context),
    spec,
    attributes,
  );
  const shown = subcategory ?? category;
  const page = {
    category: { slug: category.slug, name: category.name },
    subcategory: subcategory ? { slug: subcategory.slug, name: subcategory.name } : undefined,
    title: titleFromSlug(shown.slug),
    description: shown.description,
    state,
    spec,
    problems,
    ...listing,
  };
  return data(page, { headers: catalogCacheHeaders(request, page) });
}

export const headers: Route.HeadersFunction = catalogRouteHeaders;

/**
 * On client navigations (chips, Load More) the listing fetches its own data, so a failure shows
 * this listing's error message rather than replacing the whole page.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverLoader();
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found | Cascade Industrial Supply" }];
  return [
    { title: `${loaderData.title} | Cascade Industrial Supply` },
    {
      name: "description",
      content: loaderData.description || `Shop ${loaderData.title.toLowerCase()} for trade and industry.`,
    },
    // Every combination of spec filters is a page: search engines index the listing itself.
    ...(loaderData.spec.filters.length > 0 ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function CategoryListing({ loaderData }: Route.ComponentProps) {
  const {
    category,
    subcategory,
    title,
    description,
    items,
    partsShown,
    totalInCategory,
    totalMatching,
    state,
    spec,
    problems,
    facets,
  } = loaderData;
  const navigation = useNavigation();
  const pathname = `/category/${category.slug}${subcategory ? `/${subcategory.slug}` : ""}`;
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const filtered = spec.filters.length > 0;
  // Chips keep the spec filters; All Products clears every filter but keeps the unit system.
  const chip = (label: string, next: Partial<ListingParams>, active: boolean, nextSpec: SpecState = spec) => (
    <FilterChip to={listingSearch({ ...next, page: 1 }, nextSpec)} active={active}>
      {label}
    </FilterChip>
  );
  const hrefFor = (next: SpecState) => `${pathname}${listingSearch({ ...state, page: 1 }, next)}`;
  const keep = [...new URLSearchParams(listingSearch({ ...state, page: 1 }))];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumb
        crumbs={[
          { label: "Home", to: "/" },
          { label: category.name, to: subcategory ? `/category/${category.slug}` : undefined },
          ...(subcategory ? [{ label: subcategory.name }] : []),
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title}</h1>
      {description && <p className="mt-2 max-w-3xl text-slate-700">{description}</p>}
      <nav aria-label="Filter and sort" className="mt-4 flex flex-wrap gap-2">
        {chip(
          `All Products (${totalInCategory})`,
          {},
          !state.stock && !state.brand && state.sort === "featured" && !filtered,
          { filters: [], units: spec.units },
        )}
        {chip("In Stock Only", { ...state, stock: state.stock ? undefined : "in" }, state.stock === "in")}
        {chip("Price low to high", { ...state, sort: "price-asc" }, state.sort === "price-asc")}
        {chip("Rating high to low", { ...state, sort: "rating-desc" }, state.sort === "rating-desc")}
        {chip("Group sizes", { ...state, group: state.group ? undefined : "families" }, state.group === "families")}
        {state.brand && chip(`Brand: ${state.brand} (clear)`, { ...state, brand: undefined }, true)}
      </nav>
      <SpecFilterSidebar
        facets={facets}
        spec={spec}
        problems={problems}
        hrefFor={hrefFor}
        keep={keep}
        total={totalMatching}
      >
        <p className="mt-3 text-sm text-slate-700" aria-live="polite">
          {loading
            ? "Loading products..."
            : `Showing ${partsShown} of ${totalMatching}${state.group ? `, sizes grouped in ${items.length} cards` : ""}`}
        </p>
        {items.length === 0 ? (
          <p className="mt-10 text-slate-700">
            {filtered ? "No products match these filters." : "No products found for this category."}
          </p>
        ) : (
          <ProductGrid products={items} />
        )}
        {partsShown < totalMatching && <LoadMore to={listingSearch({ ...state, page: state.page + 1 }, spec)} />}
      </SpecFilterSidebar>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <p className="mx-auto max-w-7xl px-4 py-16 text-slate-700">Error loading products. Please try again.</p>;
}
