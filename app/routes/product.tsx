import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FileText } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { quickOrderQuantity } from "../../domain/cart/quick-order";
import { findCategory, findSubcategory } from "../../domain/catalog/category-tree";
import { hazardNotice } from "../../domain/catalog/hazards";
import { isBuyable } from "../../domain/catalog/product-status";
import {
  DEFAULT_SALE_UNIT,
  orderQuantityProblem,
  orderRuleNote,
  perUnit,
  smallestQuantity,
  unitName,
} from "../../domain/catalog/sale-units";
import { unitPriceSpecification } from "../../domain/catalog/unit-pricing";
import { storeDay } from "../../domain/dates/dates";
import { toCents } from "../../domain/money/cents";
import { canBackorder, orderable } from "../../domain/orders/backorderable";
import { backorderNote, notEnoughStock, splitLine } from "../../domain/orders/backorders";
import { pricedList } from "../../domain/pricing/tiers";
import { reviewSchema } from "../../domain/reviews/review-form";
import { formatNumber } from "../../domain/text/numbers";
import { currentCatalogue } from "../../server/accounts/session";
import { catalogCacheHeaders, catalogRouteHeaders } from "../../server/catalog/cache/http-cache";
import { productDocuments } from "../../server/catalog/pages/data-sheet";
import { isSafetyDataSheet } from "../../server/catalog/pages/document-links";
import { getProductBySlug } from "../../server/catalog/pages/product";
import { storefrontCategoryTree } from "../../server/catalog/products/category-tree";
import { shownReviews, writeReview } from "../../server/catalog/products/reviews";
import { config } from "../../server/config";
import { handleForm } from "../../server/form-intents";
import { dataWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { AddToCartButton } from "../components/cart/add-to-cart-button";
import { Availability } from "../components/catalog/availability";
import { FamilySelector } from "../components/catalog/family-selector";
import { HazardNotice } from "../components/catalog/hazard-notice";
import { ProductPicture } from "../components/catalog/product-picture";
import { QuantityPrice } from "../components/catalog/quantity-price";
import { ReviewSummary } from "../components/catalog/review-stars";
import { ReviewsPanel } from "../components/catalog/reviews-panel";
import { AddToListDialog } from "../components/lists/add-to-list-dialog";
import { useMemberPrices } from "../components/member-prices";
import { BackorderNote } from "../components/orders/backorder-note";
import { Price, UnitPrice } from "../components/price";
import { RequestQuoteButton } from "../components/request-quote-button";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import type { Route } from "./+types/product";

// Below the fold, and the page's largest part after React: its module is fetched once the page has
// hydrated rather than before (the first-load budget, bench/first-load.js). The server renders it
// in the page as before, and React hydrates it when its module arrives.
const ProductGrid = lazy(() =>
  import("../components/catalog/product-grid").then(({ ProductGrid }) => ({ default: ProductGrid })),
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await getProductBySlug(params.slug, currentCatalogue(context));
  if (!product) throw data({ notFound: true }, { status: 404 });
  // Who may review is the buyer's own: the panel asks /api/reviews, apart from this shared page.
  const [reviews, tree] = await Promise.all([
    product.reviewCount > 0 ? shownReviews(product.id) : [],
    storefrontCategoryTree(),
  ]);
  const category = findCategory(tree, product.category);
  const subcategory = category ? findSubcategory(category, product.subcategory) : undefined;
  const documents = productDocuments(product);
  // The page needs the hazard data's words only, not the whole sheet.
  const { hazard, ...shown } = product;
  const page = {
    product: shown,
    reviews,
    documents,
    hazard: hazard ? hazardNotice(hazard) : null,
    safetyDataSheet: documents.find((document) => isSafetyDataSheet(document.name)),
    category: { slug: product.category, name: category?.name ?? product.category },
    subcategory: { slug: product.subcategory, name: subcategory?.name ?? product.subcategory },
    canonical: `${config().PUBLIC_URL}/products/${product.slug}`,
    // Worked out here, so the rule stays out of the page's script: the structured data only prints it.
    unitPricing: unitPriceSpecification(product, product.price),
    // A back-order's expected day counts from today in the store's time zone; the page is cached
    // for minutes, so just after midnight it may count from yesterday until it is refreshed.
    today: storeDay(new Date()),
  };
  return data(page, { headers: catalogCacheHeaders(request, page) });
}

export const headers: Route.HeadersFunction = catalogRouteHeaders;

/**
 * A buyer who bought the part posts their review, or replaces the one they wrote
 * (docs/product-rules.md, Reviews and honest figures).
 */
export function action(args: Route.ActionArgs) {
  return handleForm(args, {
    // A refused review is told above the form.
    toast: "none",
    schema: reviewSchema,
    async handle(buyer, formData, { params }) {
      const product = await getProductBySlug(String(params.slug), buyer.catalogue);
      if (!product) throw data("This product is no longer in the catalogue.", { status: 404 });
      const submission = parseWithZod(formData, { schema: reviewSchema });
      if (submission.status !== "success") return data({ reply: submission.reply() }, 400);
      const { created } = await writeReview(buyer.userId, product.id, submission.value);
      return dataWithToast(
        { reply: submission.reply() },
        { type: "success", title: created ? "Thank you: your review is posted" : "Your review is updated" },
      );
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Product Not Found | Cascade Industrial Supply" }];
  const { product, canonical } = loaderData;
  return [
    { title: `${product.name} (${product.partNumber}) | Cascade Industrial Supply` },
    { name: "description", content: product.description },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
}

/** Structured data for search engines: JSON, not script, so the CSP has nothing to block. */
function productJsonLd({ product, canonical, unitPricing }: Route.ComponentProps["loaderData"]) {
  return JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.partNumber,
    mpn: product.partNumber,
    brand: { "@type": "Brand", name: product.brand },
    description: product.description,
    image: product.images.map((image) => new URL(image, canonical).href),
    url: canonical,
    aggregateRating:
      product.reviewCount > 0
        ? { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviewCount }
        : undefined,
    offers: {
      "@type": "Offer",
      price: product.price,
      priceCurrency: "USD",
      priceSpecification: unitPricing ?? undefined,
      availability:
        product.status === "discontinued"
          ? "https://schema.org/Discontinued"
          : product.stockLevel > 0
            ? "https://schema.org/InStock"
            : canBackorder(product)
              ? "https://schema.org/BackOrder"
              : "https://schema.org/OutOfStock",
      url: canonical,
    },
  }).replace(/</g, "\\u003c");
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews, documents, hazard, safetyDataSheet, category, subcategory, today } = loaderData;
  const [view, setView] = useState(0);
  // The box starts at the least the part may be ordered in (1, or its minimum or first multiple).
  const [quantity, setQuantity] = useState(String(smallestQuantity(product)));
  const canOrder = orderable(product);
  const memberPrice = useMemberPrices([product.partNumber])[product.partNumber];
  const contractPriceCents = memberPrice ? toCents(memberPrice.price) : undefined;
  const prices = pricedList({ price: product.price, tiers: product.tiers, contractPriceCents });
  // Never cut to the stock: a quantity past it is back-ordered, or refused with what is in stock.
  const wanted = quickOrderQuantity(quantity);
  const split = canOrder ? splitLine(wanted, product, today) : null;
  const refusal = orderQuantityProblem(product, wanted) ?? (canOrder && !split ? notEnoughStock(product) : undefined);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data; "<" is escaped above
        dangerouslySetInnerHTML={{ __html: productJsonLd(loaderData) }}
      />
      <Breadcrumb
        crumbs={[
          { label: "Home", to: "/" },
          { label: category.name, to: `/category/${category.slug}` },
          { label: subcategory.name, to: `/category/${category.slug}/${subcategory.slug}` },
          { label: product.name },
        ]}
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <section aria-label="Product images">
          <ProductPicture
            src={product.images[view]}
            alt={`${product.name}, image ${view + 1}`}
            eager
            sizes="(min-width: 1280px) 38rem, (min-width: 1024px) 46vw, 100vw"
          />
          {product.images.length > 1 && (
            <div className="mt-3 flex gap-3">
              {product.images.map((image, index) => (
                <button
                  key={image}
                  type="button"
                  onClick={() => setView(index)}
                  aria-label={`Show image ${index + 1}`}
                  aria-pressed={view === index}
                  className="w-20 rounded-lg ring-brand-700 aria-pressed:ring-2"
                >
                  <ProductPicture src={image} alt="" sizes="80px" />
                </button>
              ))}
            </div>
          )}
        </section>
        <div>
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <span className="rounded bg-brand-800 px-2 py-1 text-white">{product.brand}</span>
            <span className="rounded bg-slate-200 px-2 py-1 font-mono text-slate-900">
              Part #: {product.partNumber}
            </span>
          </div>
          <h1 className="mt-3 text-3xl font-bold text-slate-950">{product.name}</h1>
          <ReviewSummary rating={product.rating} count={product.reviewCount} />
          {product.family && <FamilySelector family={product.family} />}
          <p className="mt-4 text-slate-800">{product.description}</p>
          {product.keyFeatures.length > 0 && (
            <section aria-labelledby="key-features" className="mt-4">
              <h2 id="key-features" className="font-semibold text-slate-950">
                Key Features
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
                {product.keyFeatures.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </section>
          )}
          <QuantityPrice
            price={product.price}
            tiers={product.tiers}
            quantity={wanted}
            contractPriceCents={contractPriceCents}
            unit={product.unit}
            packQuantity={product.packQuantity}
          />
          {prices.length > 0 && (
            <table className="mt-4 w-full max-w-sm text-sm">
              <caption className="text-left font-semibold text-slate-950">Bulk Pricing</caption>
              <thead>
                <tr className="text-left text-slate-700">
                  <th scope="col" className="py-1">
                    Quantity
                  </th>
                  <th scope="col" className="py-1">
                    Price {perUnit(product)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {prices.map((tier, index) => {
                  const next = prices[index + 1];
                  // The row the chosen quantity pays, marked as the price above follows it.
                  const paid = wanted >= tier.minQuantity && (!next || wanted < next.minQuantity);
                  return (
                    <tr
                      key={tier.minQuantity}
                      aria-current={paid ? "true" : undefined}
                      className="border-t border-slate-200 aria-[current=true]:bg-slate-100 aria-[current=true]:font-semibold"
                    >
                      <td className="py-1">
                        {next
                          ? `${formatNumber(tier.minQuantity)}-${formatNumber(next.minQuantity - 1)}`
                          : `${formatNumber(tier.minQuantity)}+`}
                      </td>
                      <td className="py-1 font-medium">
                        {tier.withoutContract ? (
                          <UnitPrice
                            amount={tier.unitPrice}
                            listAmount={tier.withoutContract}
                            listLabel={tier.minQuantity > 1 ? "Bulk price" : "List price"}
                          />
                        ) : (
                          <Price amount={tier.unitPrice} />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <Availability
            productId={product.id}
            status={product.status}
            stockLevel={product.stockLevel}
            leadTimeDays={product.leadTimeDays}
            backorderable={product.backorderable}
            signInTo={`/products/${product.slug}`}
          />
          {hazard && <HazardNotice notice={hazard} safetyDataSheet={safetyDataSheet} />}
          {isBuyable(product.status) && (
            <>
              <div className="mt-6 flex flex-wrap items-end gap-3">
                <div className="w-28 space-y-1">
                  <Label htmlFor="quantity">
                    Quantity{product.unit === DEFAULT_SALE_UNIT ? "" : ` (${unitName(product.unit, 2)})`}
                  </Label>
                  <Input
                    id="quantity"
                    type="number"
                    inputMode="numeric"
                    min={smallestQuantity(product)}
                    step={product.orderMultiple}
                    value={quantity}
                    onChange={(event) => setQuantity(event.target.value)}
                    onBlur={() => setQuantity(String(wanted))}
                    disabled={!canOrder}
                    aria-invalid={refusal ? true : undefined}
                    aria-describedby="quantity-supply"
                  />
                </div>
                <AddToCartButton
                  productId={product.id}
                  name={product.name}
                  quantity={wanted}
                  orderable={canOrder}
                  refused={refusal !== undefined}
                  announceQuantity
                />
                <AddToListDialog
                  items={[{ productId: product.id, quantity: wanted }]}
                  what={product.name}
                  size="default"
                />
              </div>
              {orderRuleNote(product) && <p className="mt-2 text-sm text-slate-800">{orderRuleNote(product)}</p>}
              {/* What the quantity chosen gets: all from stock (nothing said), a back-order, or a refusal. */}
              <p id="quantity-supply" role="status" className="mt-2 text-sm">
                {refusal ? (
                  <span className="text-red-700">{refusal}</span>
                ) : (
                  <BackorderNote note={split ? backorderNote({ quantity: wanted, ...split }, today) : undefined} />
                )}
              </p>
            </>
          )}
          <div className="mt-4">
            <RequestQuoteButton
              label="Get Quote for Bulk Orders"
              variant="outline"
              from={{ product: product.partNumber, quantity: quickOrderQuantity(quantity) }}
            />
          </div>
        </div>
      </div>
      <Tabs defaultValue={actionData ? "reviews" : "specifications"} className="mt-12">
        {/* Two rows of two on a phone: four tabs in one row are wider than a 375 px screen. */}
        <TabsList className="grid max-w-2xl grid-cols-2 sm:grid-cols-4">
          <TabsTrigger value="specifications">Specifications</TabsTrigger>
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="oem">OEM Cross-Ref</TabsTrigger>
          <TabsTrigger value="reviews">Reviews</TabsTrigger>
        </TabsList>
        <TabsContent value="specifications">
          <dl className="grid max-w-2xl grid-cols-[max-content_minmax(0,1fr)] gap-x-8 gap-y-2 text-sm break-words">
            {[
              { name: "Part Number", value: product.partNumber },
              { name: "Brand", value: product.brand },
              // A typed Size (a drill bit's diameter) is the product's size in its display unit.
              ...(product.size && !product.specifications.some((row) => row.name === "Size")
                ? [{ name: "Size", value: product.size }]
                : []),
              ...product.specifications,
            ].map(({ name, value }) => (
              <div key={name} className="contents">
                <dt className="font-medium text-slate-700">{name}</dt>
                <dd className="text-slate-950">{value}</dd>
              </div>
            ))}
          </dl>
        </TabsContent>
        <TabsContent value="documents">
          <ul className="space-y-2">
            {documents.map((document, index) => (
              <li key={document.url} className="flex flex-wrap items-center gap-3 text-sm">
                <FileText className="size-5 text-brand-700" aria-hidden="true" />
                <span id={`document-${index}`} className="min-w-48 text-slate-950">
                  {document.name}
                </span>
                <Button asChild variant="outline" size="sm">
                  <a href={document.url} download={document.filename} aria-describedby={`document-${index}`}>
                    Download PDF
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="oem">
          {product.oemNumbers.length === 0 ? (
            <p className="text-slate-700">No OEM cross-references for this part.</p>
          ) : (
            <ul className="space-y-1 font-mono text-sm text-slate-950">
              {product.oemNumbers.map((number) => (
                <li key={number}>{number}</li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsPanel
            rating={product.rating}
            count={product.reviewCount}
            productId={product.id}
            reviews={reviews}
            signInTo={`/products/${product.slug}`}
            lastResult={(actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply}
          />
        </TabsContent>
      </Tabs>
      {product.related.length > 0 && (
        <section aria-labelledby="related-products" className="mt-12">
          <h2 id="related-products" className="text-2xl font-bold text-slate-950">
            Related Products
          </h2>
          <Suspense>
            <ProductGrid products={product.related} headingLevel={3} />
          </Suspense>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return (
      <p className="mx-auto max-w-xl px-4 py-24 text-center text-slate-700">
        This product could not be shown right now. Please try again in a moment.
      </p>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-950">Product Not Found</h1>
      <p className="mt-3 text-slate-700">The product you are looking for does not exist.</p>
      <Link to="/shop" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Browse all categories
      </Link>
    </div>
  );
}
