import { clsx } from "clsx";
import { X } from "lucide-react";
import { useId, useState } from "react";
import { data, Link, type ShouldRevalidateFunction, useNavigate, useSearchParams } from "react-router";
import { quickOrderQuantity } from "../../domain/cart/quick-order";
import { compareHref, compareRows, parseCompareParts, shownCompareRows } from "../../domain/catalog/compare";
import { isBuyable } from "../../domain/catalog/product-status";
import { orderQuantityProblem, smallestQuantity } from "../../domain/catalog/sale-units";
import { type Day, storeDay } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { orderable } from "../../domain/orders/backorderable";
import { supplyProblem } from "../../domain/orders/backorders";
import { currentCatalogue } from "../../server/accounts/session";
import { catalogCacheHeaders, catalogRouteHeaders } from "../../server/catalog/cache/http-cache";
import { productsToCompare } from "../../server/catalog/pages/compare";
import { AddToCartButton } from "../components/cart/add-to-cart-button";
import { setCompared } from "../components/catalog/compare-picks";
import { ProductPicture } from "../components/catalog/product-picture";
import { ShelfPrice, useMemberPrices } from "../components/member-prices";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import type { Route } from "./+types/compare";

/**
 * The parts the address names, side by side. What is wrong with the address (too many parts, one
 * the catalogue does not have) is said on the page, above what can still be compared.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = parseCompareParts(new URL(request.url).searchParams.get("parts"));
  const { products, unknown } = await productsToCompare(asked.parts, currentCatalogue(context));
  const problems = [
    ...(asked.problem ? [asked.problem] : []),
    ...unknown.map((part) => `There is no part ${part} in the catalogue: it is left out.`),
  ];
  // A quantity past the stock of a back-orderable part counts its expected day from today (the
  // page is cached for minutes, as the product page is).
  const page = { products, problems, today: storeDay(new Date()) };
  if (products.length === 0)
    return data(page, { status: asked.parts.length === 0 ? 400 : 404, headers: { "Cache-Control": "no-store" } });
  return data(page, { headers: catalogCacheHeaders(request, page) });
}

export const headers: Route.HeadersFunction = catalogRouteHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const names = loaderData?.products.map((product) => product.partNumber).join(", ");
  return [
    { title: names ? `Compare ${names} | Cascade Industrial Supply` : "Compare Parts | Cascade Industrial Supply" },
    { name: "robots", content: "noindex" },
  ];
}

// The grid's least width for its number of parts (a name column and 10rem a part). A box narrower
// than that shows the parts as cards, one under another, rather than a grid to scroll sideways
// (docs/decisions/tables-on-phones.md). Written out, for Tailwind to find.
const gridWidths: Record<number, { table: string; cards: string }> = {
  1: { table: "min-w-[18rem] @max-[18rem]:hidden", cards: "@max-[18rem]:block" },
  2: { table: "min-w-[28rem] @max-[28rem]:hidden", cards: "@max-[28rem]:block" },
  3: { table: "min-w-[38rem] @max-[38rem]:hidden", cards: "@max-[38rem]:block" },
  4: { table: "min-w-[48rem] @max-[48rem]:hidden", cards: "@max-[48rem]:block" },
};

/** "Show only differences" lives in the address, so the switch works as a link before any script. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("parts") === nextUrl.searchParams.get("parts")
    ? false
    : defaultShouldRevalidate;

type ComparedPart = Route.ComponentProps["loaderData"]["products"][number];

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { products, problems, today } = loaderData;
  const [search] = useSearchParams();
  const onlyDifferences = search.get("only") === "differences";
  const partNumbers = products.map((product) => product.partNumber);
  // The shared page compares list prices; a member's own prices arrive by their own request.
  const memberPrices = useMemberPrices(partNumbers);
  const rows = shownCompareRows(
    compareRows(
      products.map((product) => ({ ...product, price: memberPrices[product.partNumber]?.price ?? product.price })),
      formatUsd,
    ),
    onlyDifferences,
  );
  const toggled = new URLSearchParams(search);
  if (onlyDifferences) toggled.delete("only");
  else toggled.set("only", "differences");
  const removeLink = (product: ComparedPart) => (
    <Link
      to={`${compareHref(partNumbers.filter((part) => part !== product.partNumber))}${onlyDifferences ? "&only=differences" : ""}`}
      onClick={() => setCompared({ partNumber: product.partNumber, name: product.name }, false)}
      aria-label={`Remove ${product.name} from the comparison`}
      className="mt-2 inline-flex items-center gap-1 text-brand-700 underline"
    >
      <X className="size-3" aria-hidden="true" />
      Remove
    </Link>
  );
  const order = (product: ComparedPart) =>
    isBuyable(product.status) ? (
      <PartOrder product={product} today={today} />
    ) : (
      <span className="text-slate-700">Discontinued. This part can no longer be ordered.</span>
    );
  const value = (row: (typeof rows)[number], index: number) =>
    row.name === "Price" ? (
      <ShelfPrice price={products[index]?.price ?? ""} member={memberPrices[partNumbers[index] ?? ""]} />
    ) : (
      row.values[index] || <span className="text-slate-600">Not given</span>
    );
  const differs = (
    <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-slate-950">Differs</span>
  );
  const sameEverywhere = "These parts are the same in every row.";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-950">Compare Parts</h1>
      {problems.length > 0 && (
        <ul className="mt-4 space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {products.length === 0 ? (
        <p className="mt-6">
          <Link to="/shop" className="font-semibold text-brand-700 underline">
            Browse all categories
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">Rows where the parts differ are marked "Differs".</p>
          <div className="mt-4">
            <OnlyDifferencesSwitch on={onlyDifferences} to={`?${toggled}`} />
          </div>
          <div className="@container mt-6">
            <section aria-label="Comparison table" className={clsx(gridWidths[products.length]?.table)}>
              <table className="w-full table-fixed border-collapse text-sm">
                <caption className="sr-only">
                  {products.length} parts compared;{" "}
                  {onlyDifferences
                    ? "only the rows where they differ are shown"
                    : 'rows where they differ are marked "Differs"'}
                </caption>
                <thead>
                  <tr>
                    <td className="w-32 sm:w-40" />
                    {products.map((product) => (
                      <th key={product.id} scope="col" className="p-3 text-left align-top font-normal">
                        <ProductPicture src={product.image} alt="" sizes="160px" className="w-28" />
                        <Link
                          to={`/products/${product.slug}`}
                          className="mt-2 block font-semibold text-slate-950 hover:text-brand-700 hover:underline"
                        >
                          {product.name}
                        </Link>
                        <span className="block font-mono text-slate-700">{product.partNumber}</span>
                        {removeLink(product)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-t border-slate-200">
                    <th scope="row" className="p-3 text-left align-top font-medium text-slate-800">
                      Order
                    </th>
                    {products.map((product) => (
                      <td key={product.id} className="p-3 align-top">
                        {order(product)}
                      </td>
                    ))}
                  </tr>
                  {onlyDifferences && rows.length === 0 && (
                    <tr className="border-t border-slate-200">
                      <td colSpan={products.length + 1} className="p-3 text-slate-700">
                        {sameEverywhere}
                      </td>
                    </tr>
                  )}
                  {rows.map((row) => (
                    <tr
                      key={row.name}
                      className={row.differs ? "border-t border-slate-200 bg-amber-50" : "border-t border-slate-200"}
                    >
                      <th scope="row" className="p-3 text-left align-top font-medium text-slate-800">
                        {row.name} {row.differs && differs}
                      </th>
                      {row.values.map((_, index) => (
                        <td key={partNumbers[index]} className="p-3 align-top break-words text-slate-950">
                          {value(row, index)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            {/* Too narrow for the grid: each part a card, its rows in the grid's order, read down. */}
            <ul aria-label="Parts compared" className={clsx("hidden space-y-4", gridWidths[products.length]?.cards)}>
              {products.map((product, index) => (
                <li key={product.id} className="rounded-lg border border-slate-200 p-4">
                  <article aria-labelledby={`compared-${product.id}`}>
                    <div className="flex gap-3">
                      <ProductPicture src={product.image} alt="" sizes="80px" className="w-20 shrink-0" />
                      <div className="min-w-0">
                        <h2 id={`compared-${product.id}`} className="font-semibold text-slate-950">
                          <Link to={`/products/${product.slug}`} className="hover:text-brand-700 hover:underline">
                            {product.name}
                          </Link>
                        </h2>
                        <span className="block font-mono text-sm text-slate-700">{product.partNumber}</span>
                        {removeLink(product)}
                      </div>
                    </div>
                    <div className="mt-3">{order(product)}</div>
                    <dl className="mt-3 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] text-sm">
                      {onlyDifferences && rows.length === 0 && (
                        <p className="col-span-2 border-t border-slate-200 py-2 text-slate-700">{sameEverywhere}</p>
                      )}
                      {rows.map((row) => (
                        <div
                          key={row.name}
                          className={clsx(
                            "col-span-2 grid grid-cols-subgrid border-t border-slate-200 py-2",
                            row.differs && "bg-amber-50",
                          )}
                        >
                          <dt className="pr-2 font-medium text-slate-800">
                            {row.name} {row.differs && differs}
                          </dt>
                          <dd className="break-words text-slate-950">{value(row, index)}</dd>
                        </div>
                      ))}
                    </dl>
                  </article>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * A switch that is a link to the page with the choice turned: it works before any script, and,
 * as a switch does, turns with Space as well as Enter.
 */
function OnlyDifferencesSwitch({ on, to }: { on: boolean; to: string }) {
  const navigate = useNavigate();
  const go = () => navigate(to, { replace: true, preventScrollReset: true });
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      role="switch"
      aria-checked={on}
      onKeyDown={(event) => {
        if (event.key !== " ") return;
        event.preventDefault();
        go();
      }}
      className="inline-flex items-center gap-3 rounded-md text-sm font-medium text-slate-950 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <span className="switch" data-state={on ? "checked" : "unchecked"} aria-hidden="true">
        <span
          data-state={on ? "checked" : "unchecked"}
          className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5"
        />
      </span>
      Show only differences
    </Link>
  );
}

/**
 * A part's quantity and its Add to Cart, as on its product page: a quantity the store cannot
 * supply is refused beside the field before it is sent (the server refuses it again).
 */
function PartOrder({
  product,
  today,
}: {
  product: Route.ComponentProps["loaderData"]["products"][number];
  today: Day;
}) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(smallestQuantity(product)));
  const wanted = quickOrderQuantity(quantity);
  const canOrder = orderable(product);
  const refusal =
    orderQuantityProblem(product, wanted) ?? (canOrder ? supplyProblem(wanted, product, today) : undefined);
  return (
    <div className="space-y-2">
      <div className="space-y-1">
        <Label htmlFor={`${id}-quantity`} className="block">
          Quantity<span className="sr-only"> of {product.name}</span>
        </Label>
        <Input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={smallestQuantity(product)}
          step={product.orderMultiple}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          onBlur={() => setQuantity(String(wanted))}
          disabled={!canOrder}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={`${id}-supply`}
          className="w-24"
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
      <p id={`${id}-supply`} role="status" className="text-sm text-red-700">
        {refusal}
      </p>
    </div>
  );
}
