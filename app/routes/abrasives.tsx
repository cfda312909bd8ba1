import { Truck } from "lucide-react";
import { data, Link } from "react-router";
import { findCategory, findSubcategory } from "../../domain/catalog/category-tree";
import { formatNumber } from "../../domain/text/numbers";
import { currentCatalogue } from "../../server/accounts/session";
import { catalogCacheHeaders, catalogRouteHeaders } from "../../server/catalog/cache/http-cache";
import { subcategoryCounts } from "../../server/catalog/pages/counts";
import { storefrontCategoryTree } from "../../server/catalog/products/category-tree";
import { Breadcrumb } from "../components/breadcrumb";
import type { Route } from "./+types/abrasives";

// The subcategories the landing features (the specification's six) and their feature tags; names
// and descriptions are the category tree's, and one the operator deactivates drops out.
const featured = [
  { slug: "sanding-belts", tags: ["Zirconia", "Ceramic", "All sizes"] },
  { slug: "grinding-wheels", tags: ["Type 27", "Type 1", "Up to 13,300 RPM"] },
  { slug: "sandpaper-sheets", tags: ["Wet/dry", "40-2000 grit"] },
  { slug: "cutting-discs", tags: ["Thin kerf", "Low burr"] },
  { slug: "flap-discs", tags: ["Type 27", "Type 29", "Zirconia"] },
  { slug: "wire-brushes", tags: ["Carbon steel", "Stainless"] },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [tree, counts] = await Promise.all([
    storefrontCategoryTree(),
    subcategoryCounts("abrasives", currentCatalogue(context)),
  ]);
  const abrasives = findCategory(tree, "abrasives");
  if (!abrasives) throw new Response("Not Found", { status: 404 });
  const cards = featured.flatMap(({ slug, tags }) => {
    const subcategory = findSubcategory(abrasives, slug);
    return subcategory ? [{ ...subcategory, tags, count: counts[slug] ?? 0 }] : [];
  });
  const page = { name: abrasives.name, cards, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
  return data(page, { headers: catalogCacheHeaders(request, page) });
}

export const headers: Route.HeadersFunction = catalogRouteHeaders;

export function meta() {
  return [
    { title: "Abrasives | Cascade Industrial Supply" },
    {
      name: "description",
      content: "Sanding belts, grinding wheels, flap discs, cutting discs and more, ready to ship.",
    },
  ];
}

export default function AbrasivesLanding({ loaderData }: Route.ComponentProps) {
  const { name, cards, total } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "Home", to: "/" }, { label: name }]} />
      <section className="mt-4 flex flex-col-reverse items-center gap-6 rounded-xl bg-gradient-to-r from-brand-900 to-brand-700 p-6 text-white sm:flex-row sm:p-8">
        <div className="flex-1">
          <h1 className="text-3xl font-bold">{name}</h1>
          <p className="mt-2 max-w-2xl text-slate-100">
            Everything to cut, grind, blend and finish, from premium brands, with bulk pricing on the parts you use
            most.
          </p>
        </div>
        <img
          src="/images/abrasives-hero.svg"
          alt="A grinding wheel, a flap disc and a sanding belt"
          width={480}
          height={240}
          className="h-auto w-full max-w-sm shrink-0 rounded-lg bg-slate-100"
        />
      </section>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.slug}>
            <Link
              to={`/category/abrasives/${card.slug}`}
              prefetch="intent"
              className="flex h-full flex-col rounded-lg border border-slate-200 p-6 shadow-sm hover:border-brand-700"
            >
              <h2 className="text-xl font-semibold text-slate-950">{card.name}</h2>
              <p className="mt-1 text-sm font-semibold text-brand-800">{formatNumber(card.count)} parts</p>
              {card.description && <p className="mt-2 text-sm text-slate-700">{card.description}</p>}
              <ul className="mt-auto flex flex-wrap gap-2 pt-4">
                {card.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-800">
                    {tag}
                  </li>
                ))}
              </ul>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm font-medium text-slate-800">
        <span>{formatNumber(total)} abrasive products</span>
        <span>Premium brands</span>
        <span className="flex items-center gap-1">
          <Truck className="size-4" aria-hidden="true" /> Same-day shipping on stock items
        </span>
      </p>
      {cards.some((card) => card.slug === "grinding-wheels") && (
        <p className="mt-4 text-center">
          <Link to="/category/abrasives/grinding-wheels" className="font-semibold text-brand-700 underline">
            Browse grinding wheels
          </Link>
        </p>
      )}
    </div>
  );
}
