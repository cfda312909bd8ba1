import { clsx } from "clsx";
import { MoveHorizontal, X } from "lucide-react";
import { useId, useState } from "react";
import { data, Link } from "react-router";
import { quickOrderQuantity } from "../../domain/cart/quick-order";
import { compareHref, compareRows, parseCompareParts, shownCompareRows } from "../../domain/catalog/compare";
import { isBuyable } from "../../domain/catalog/product-status";
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
import { Switch } from "../components/ui/switch";
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

// The grid's least width for its number of parts (a name column and 10rem a part), and the hint
// shown while its box is narrower, that is, while it scrolls. Written out, for Tailwind to find.
const gridWidths: Record<number, { table: string; hint: string }> = {
  1: { table: "min-w-[18rem]", hint: "@max-[18rem]:flex" },
  2: { table: "min-w-[28rem]", hint: "@max-[28rem]:flex" },
  3: { table: "min-w-[38rem]", hint: "@max-[38rem]:flex" },
  4: { table: "min-w-[48rem]", hint: "@max-[48rem]:flex" },
};

/** The spec names' column stays in view as the parts scroll under it. */
const stickyName = "sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-slate-200)]";

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { products, problems, today } = loaderData;
  const [onlyDifferences, setOnlyDifferences] = useState(false);
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
          <div className="mt-4 flex items-center gap-3">
            <Switch id="only-differences" checked={onlyDifferences} onCheckedChange={setOnlyDifferences} />
            <Label htmlFor="only-differences">Show only differences</Label>
          </div>
          {/* Parts side by side are wider than a phone: the grid scrolls, the page does not, and the names stay in view. */}
          <div className="@container mt-6">
            <p
              className={clsx(
                "mb-2 hidden items-center gap-2 text-sm font-medium text-slate-700",
                gridWidths[products.length]?.hint,
              )}
            >
              <MoveHorizontal className="size-4" aria-hidden="true" />
              Scroll sideways to see all {products.length} parts.
            </p>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
            <section aria-label="Comparison table" tabIndex={0} className="relative overflow-x-auto">
              <table className={clsx("w-full table-fixed border-collapse text-sm", gridWidths[products.length]?.table)}>
                <caption className="sr-only">
                  {products.length} parts compared;{" "}
                  {onlyDifferences
                    ? "only the rows where they differ are shown"
                    : 'rows where they differ are marked "Differs"'}
                </caption>
                <thead>
                  <tr>
                    <td className={clsx("w-32 sm:w-40", stickyName, "bg-white")} />
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
                        <Link
                          to={compareHref(partNumbers.filter((part) => part !== product.partNumber))}
                          onClick={() => setCompared({ partNumber: product.partNumber, name: product.name }, false)}
                          aria-label={`Remove ${product.name} from the comparison`}
                          className="mt-2 inline-flex items-center gap-1 text-brand-700 underline"
                        >
                          <X className="size-3" aria-hidden="true" />
                          Remove
                        </Link>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-t border-slate-200">
                    <th
                      scope="row"
                      className={clsx("p-3 text-left align-top font-medium text-slate-800", stickyName, "bg-white")}
                    >
                      Order
                    </th>
                    {products.map((product) => (
                      <td key={product.id} className="p-3 align-top">
                        {isBuyable(product.status) ? (
                          <PartOrder product={product} today={today} />
                        ) : (
                          <span className="text-slate-700">Discontinued. This part can no longer be ordered.</span>
                        )}
                      </td>
                    ))}
                  </tr>
                  {onlyDifferences && rows.length === 0 && (
                    <tr className="border-t border-slate-200">
                      <td colSpan={products.length + 1} className="p-3 text-slate-700">
                        These parts are the same in every row.
                      </td>
                    </tr>
                  )}
                  {rows.map((row) => (
                    <tr
                      key={row.name}
                      className={row.differs ? "border-t border-slate-200 bg-amber-50" : "border-t border-slate-200"}
                    >
                      <th
                        scope="row"
                        className={clsx(
                          "p-3 text-left align-top font-medium text-slate-800",
                          stickyName,
                          row.differs ? "bg-amber-50" : "bg-white",
                        )}
                      >
                        {row.name}{" "}
                        {row.differs && (
                          <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-slate-950">
                            Differs
                          </span>
                        )}
                      </th>
                      {row.values.map((value, index) => (
                        <td key={partNumbers[index]} className="p-3 align-top break-words text-slate-950">
                          {row.name === "Price" ? (
                            <ShelfPrice
                              price={products[index]?.price ?? ""}
                              member={memberPrices[partNumbers[index] ?? ""]}
                            />
                          ) : (
                            value || <span className="text-slate-600">Not given</span>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        </>
      )}
    </div>
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
  const [quantity, setQuantity] = useState("1");
  const wanted = quickOrderQuantity(quantity);
  const canOrder = orderable(product);
  const refusal = canOrder ? supplyProblem(wanted, product, today) : undefined;
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
          min={1}
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
