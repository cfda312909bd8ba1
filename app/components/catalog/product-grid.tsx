import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { type OrderRule, saleUnitLabel, smallestQuantity } from "../../../domain/catalog/sale-units";
import { orderable } from "../../../domain/orders/backorderable";
import { formatNumber } from "../../../domain/text/numbers";
import { AddToCartButton } from "../cart/add-to-cart-button";
import { AddToListDialog } from "../lists/add-to-list-dialog";
import { ShelfPrice, useMemberPrices } from "../member-prices";
import { Price } from "../price";
import { useHydrated } from "../use-hydrated";
import { setCompared, useComparePicks } from "./compare-picks";
import { ProductPicture } from "./product-picture";
import { CardRating } from "./review-stars";

// Only a buyer who ticks Compare needs the bar: it is fetched then, not with the listing.
const CompareBar = lazy(() => import("./compare-bar"));

export interface ProductCardData extends OrderRule {
  id: string;
  slug: string;
  name: string;
  partNumber: string;
  brand: string;
  price: string;
  rating: string;
  reviewCount: number;
  stockLevel: number;
  backorderable: boolean;
  leadTimeDays: number | null;
  image: string | null;
  /** Set on a listing that groups sizes: the card stands for the part's whole family (docs/decisions/part-families.md). */
  family?: { name: string; range: string; fromPrice: string };
}

/** The grid of product cards on listings and search results: 1 to 4 columns by width. */
export function ProductGrid({ products, headingLevel = 2 }: { products: ProductCardData[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <ProductCards products={products} Heading={Heading} />
      <CompareBarWhenPicked />
    </>
  );
}

function ProductCards({ products, Heading }: { products: ProductCardData[]; Heading: "h2" | "h3" }) {
  const memberPrices = useMemberPrices(products.map((product) => product.partNumber));
  return (
    <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} className="flex flex-col rounded-lg border border-slate-200 p-4 shadow-sm">
          {/* The first row (four cards at the widest) is in view: often the page's largest content. */}
          <ProductPicture src={product.image ?? undefined} alt="" className="mb-3" eager={index < 4} />
          {product.family ? (
            <FamilyCard product={product} family={product.family} Heading={Heading} />
          ) : (
            <PartCard product={product} member={memberPrices[product.partNumber]} Heading={Heading} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The unit under the price, short: "Box of 25", "Foot · min. 10", "Sold in 25s". */
function SaleUnitLine({ product }: { product: ProductCardData }) {
  const parts = [
    saleUnitLabel(product),
    product.minOrderQuantity > 1 ? `min. ${formatNumber(product.minOrderQuantity)}` : "",
    product.orderMultiple > 1 ? `sold in ${formatNumber(product.orderMultiple)}s` : "",
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join(" · ");
  return <p className="mt-1 text-sm text-slate-700">{text.charAt(0).toUpperCase() + text.slice(1)}</p>;
}

/**
 * A family's card: its range and lowest price, leading to its first listed part, whose page moves
 * between the sizes. It has no Add to Cart: a size is chosen first.
 */
function FamilyCard({
  product,
  family,
  Heading,
}: {
  product: ProductCardData;
  family: NonNullable<ProductCardData["family"]>;
  Heading: "h2" | "h3";
}) {
  return (
    <>
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Family of sizes</p>
      <Heading className="mt-1 font-semibold text-slate-900">
        <Link to={`/products/${product.slug}`} prefetch="intent" className="hover:text-brand-700 hover:underline">
          {family.name}
        </Link>
      </Heading>
      <p className="mt-1 text-sm text-slate-800">{family.range}</p>
      <p className="mt-auto pt-4 text-lg font-bold text-slate-900">
        <span className="text-sm font-normal text-slate-700">From </span>
        <Price amount={family.fromPrice} />
      </p>
    </>
  );
}

function PartCard({
  product,
  member,
  Heading,
}: {
  product: ProductCardData;
  member: ReturnType<typeof useMemberPrices>[string] | undefined;
  Heading: "h2" | "h3";
}) {
  return (
    <>
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{product.brand}</p>
      <Heading className="mt-1 font-semibold text-slate-900">
        <Link to={`/products/${product.slug}`} prefetch="intent" className="hover:text-brand-700 hover:underline">
          {product.name}
        </Link>
      </Heading>
      <p className="mt-1 font-mono text-sm text-slate-600">{product.partNumber}</p>
      <CardRating rating={product.rating} count={product.reviewCount} />
      <div className="mt-auto flex items-end justify-between pt-4">
        <ShelfPrice price={product.price} member={member} className="text-lg font-bold text-slate-900" />
        <StockWord product={product} />
      </div>
      <SaleUnitLine product={product} />
      <div className="mt-3 flex flex-wrap gap-2">
        {/* A card has no quantity box: it adds the least the part is sold in, and the toast says how many. */}
        <AddToCartButton
          productId={product.id}
          name={product.name}
          orderable={orderable(product)}
          quantity={smallestQuantity(product)}
          announceQuantity={smallestQuantity(product) > 1}
        />
        <AddToListDialog items={[{ productId: product.id, quantity: smallestQuantity(product) }]} what={product.name} />
      </div>
      <CompareToggle partNumber={product.partNumber} name={product.name} />
    </>
  );
}

/** In stock; out of stock but back-orderable (docs/decisions/back-orders.md); or out of stock. */
function StockWord({ product }: { product: ProductCardData }) {
  if (product.stockLevel > 0) return <span className="text-sm text-green-800">In Stock</span>;
  if (orderable(product)) return <span className="text-sm text-amber-800">Back-order</span>;
  return <span className="text-sm text-red-700">Out of Stock</span>;
}

function CompareToggle({ partNumber, name }: { partNumber: string; name: string }) {
  const { picks } = useComparePicks();
  const hydrated = useHydrated();
  return (
    <label className="mt-3 flex w-fit items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-4 accent-brand-700"
        aria-label={`Compare ${name}`}
        checked={picks.some((pick) => pick.partNumber === partNumber)}
        disabled={!hydrated}
        onChange={(event) => setCompared({ partNumber, name }, event.currentTarget.checked)}
      />
      Compare
    </label>
  );
}

function CompareBarWhenPicked() {
  const { picks } = useComparePicks();
  if (picks.length === 0) return null;
  return (
    <>
      {/* Room below the last row, so the fixed bar never covers it. */}
      <div className="h-28" />
      <Suspense fallback={null}>
        <CompareBar />
      </Suspense>
    </>
  );
}
