// GET /api/v1/products: the catalogue for integrations, open to visitors (docs/decisions/catalogue-api.md).
// The products come from the catalogue's one query (server/catalog/search/catalog-query.ts), the very
// one behind the listing and search pages, so the API and the pages list the same parts for the
// same filters. With a company's key, a part's price is what that company pays for one.
import { createHash } from "node:crypto";
import { findCategory, findSubcategory, titleFromSlug } from "../../domain/catalog/category-tree";
import { callCounts } from "../accounts/call-counts";
import type { Limit } from "../accounts/rate-limit";
import { catalogueApiCache } from "../catalog/cache/page-cache";
import { storefrontCategoryTree } from "../catalog/products/category-tree";
import { findProducts } from "../catalog/search/catalog-query";
import { scopeAttributes } from "../catalog/search/spec-facets";
import { limitedAddress } from "../client-address";
import { config } from "../config";
import { memberPrices } from "../pricing/member-prices";
import type { ApiCaller } from "./api-keys";
import { ApiProblem, apiJson } from "./http";
import { apiFacet, apiSorts, type ProductParams, productParamNames, resolveAttributeParams } from "./product-params";

/** Calls a visitor's address may make in a minute (ten a second by default); a company's key has its own limit. */
export const visitorCatalogueLimit = (): Limit => ({ max: config().API_CALLS_PER_ADDRESS, windowMs: 60_000 });
export const visitorLimitMessage =
  "Too many catalogue requests from your address (a company API key has a limit of its own).";

/** Visitors' answers: the same for everyone, kept a minute by browsers and shared caches (and by the store). */
export const VISITOR_CACHE_CONTROL = "public, max-age=60";
// The answer depends on the key sent: a cache must not hand a visitor's answer to a company, or the reverse.
const VISITOR_VARY = "Authorization, Accept-Encoding";

/** Counts a visitor's call against their address's limit; TooManyRequests (with the wait) past it. */
export function countVisitorCall(address: string, now = Date.now()) {
  return callCounts.count(`api:visitor:${limitedAddress(address)}`, visitorCatalogueLimit(), visitorLimitMessage, now);
}

const badParameter = (field: string, message: string) => new ApiProblem(400, "invalid_parameter", message, { field });

/** The category and subcategory named, found in the storefront's tree; a slug it lacks is a 404 naming it. */
async function scopeOf({ category: categorySlug, subcategory: subcategorySlug }: ProductParams) {
  const tree = await storefrontCategoryTree();
  const category = categorySlug === undefined ? undefined : findCategory(tree, categorySlug);
  if (categorySlug !== undefined && !category)
    throw new ApiProblem(
      404,
      "not_found",
      `No category has the slug \`${categorySlug}\`. The slugs are those of the store's category pages (/category/<slug>).`,
      { field: "category" },
    );
  if (subcategorySlug === undefined) return { category, subcategory: undefined };
  for (const candidate of category ? [category] : tree) {
    const subcategory = findSubcategory(candidate, subcategorySlug);
    if (subcategory) return { category: candidate, subcategory };
  }
  throw new ApiProblem(
    404,
    "not_found",
    category
      ? `The category \`${category.slug}\` has no subcategory \`${subcategorySlug}\`.`
      : `No subcategory has the slug \`${subcategorySlug}\`.`,
    { field: "subcategory" },
  );
}

/** The answer to `params`: a page of products, the total, and the facets to narrow them. */
export async function catalogueAnswer(params: ProductParams, caller: ApiCaller | null) {
  const { category, subcategory } = await scopeOf(params);
  // Attributes are on offer where the pages offer them: a listing's subcategories, or what words
  // match. Over the whole catalogue with neither, their counts would cost more than they tell.
  const subcategories = subcategory
    ? [subcategory.slug]
    : category
      ? category.subcategories.map((entry) => entry.slug)
      : undefined;
  const withAttributes = subcategories !== undefined || params.q !== "";
  if (!withAttributes && params.attributes.size > 0) {
    const [slug] = params.attributes.keys();
    throw badParameter(
      slug ?? "",
      `Attribute filters need a \`subcategory\` (or a \`category\`, or \`q\`): \`${slug}\` is the attribute of which parts?`,
    );
  }
  const attributes = withAttributes ? await scopeAttributes(subcategories, productParamNames) : [];
  const spec = resolveAttributeParams(
    params.attributes,
    attributes,
    subcategory
      ? `subcategory \`${subcategory.slug}\``
      : category
        ? `category \`${category.slug}\``
        : "any subcategory",
  );
  if (!spec.ok) throw badParameter(spec.problem.param, spec.problem.message);

  const found = await findProducts({
    catalogue: caller?.buyer.catalogue ?? null,
    q: params.q,
    category: category?.slug,
    subcategory: subcategory?.slug,
    brand: params.brand,
    inStock: params.inStock,
    sort: apiSorts[params.sort],
    offset: (params.page - 1) * params.perPage,
    limit: params.perPage,
    spec: spec.value,
    attributes,
    groupCounts: true,
  });
  const contract = caller
    ? await memberPrices(
        caller.buyer,
        found.items.map((item) => item.partNumber),
      )
    : {};
  const origin = config().PUBLIC_URL;
  const tree = await storefrontCategoryTree();
  return {
    total: found.total,
    page: params.page,
    per_page: params.perPage,
    items: found.items.map((item) => ({
      part_number: item.partNumber,
      name: item.name,
      price: contract[item.partNumber]?.price ?? item.price,
      stock_level: item.stockLevel,
      backorderable: item.backorderable,
      lead_time_days: item.leadTimeDays,
      unit: item.unit,
      pack_quantity: item.packQuantity,
      min_order_quantity: item.minOrderQuantity,
      order_multiple: item.orderMultiple,
      url: `${origin}/products/${item.slug}`,
    })),
    facets: {
      categories: found.categories.map((entry) => ({
        value: entry.value,
        name: findCategory(tree, entry.value)?.name ?? titleFromSlug(entry.value),
        count: entry.total,
      })),
      brands: found.brands.map((entry) => ({ value: entry.value, count: entry.total })),
      attributes: found.facets.map(apiFacet),
    },
  };
}

/** A visitor's answer as a shared cache may keep it: public for a minute, with an ETag to revalidate by. */
function visitorResponse(request: Request, body: unknown): Response {
  const json = JSON.stringify(body);
  const etag = `W/"${createHash("sha1").update(json).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": VISITOR_CACHE_CONTROL,
    ETag: etag,
    Vary: VISITOR_VARY,
  };
  const wanted = request.headers.get("If-None-Match");
  if (wanted?.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag.replace(/^W\//, "")))
    return new Response(null, { status: 304, headers });
  return new Response(json, { status: 200, headers });
}

/**
 * The endpoint's answer. A visitor's call is counted against their address first, then answered
 * from the answers kept for visitors (emptied when the catalogue changes) or made and kept; a
 * key's answer carries its company's prices, so no cache keeps it.
 */
export async function answerProducts(
  request: Request,
  params: ProductParams,
  caller: ApiCaller | null,
): Promise<Response> {
  if (caller) return apiJson(await catalogueAnswer(params, caller));
  return catalogueApiCache().serve(request, undefined, async () =>
    visitorResponse(request, await catalogueAnswer(params, null)),
  );
}
