import { Truck } from "lucide-react";
import { data, Link } from "react-router";
import { subcategoryCounts } from "../../server/catalog/counts";
import { catalogCacheHeaders, catalogRouteHeaders } from "../../server/catalog/http-cache";
import { Breadcrumb } from "../components/breadcrumb";
import type { Route } from "./+types/abrasives";

const cards = [
  {
    slug: "sanding-belts",
    title: "Sanding Belts",
    text: "Belts for portable and stationary sanders, from coarse stock removal to fine finish.",
    tags: ["Zirconia", "Ceramic", "All sizes"],
  },
  {
    slug: "grinding-wheels",
    title: "Grinding Wheels",
    text: "Depressed-center and straight wheels for steel, stainless and cast iron.",
    tags: ["Type 27", "Type 1", "Up to 13,300 RPM"],
  },
  {
    slug: "sandpaper-sheets",
    title: "Sandpaper Sheets",
    text: "Wet/dry and dry sheets for hand and block sanding.",
    tags: ["Wet/dry", "40-2000 grit"],
  },
  {
    slug: "cutting-discs",
    title: "Cutting Discs",
    text: "Thin discs for fast, clean cuts in metal, stone and masonry.",
    tags: ["Thin kerf", "Low burr"],
  },
  {
    slug: "flap-discs",
    title: "Flap Discs",
    text: "Grind and finish in one step, for weld blending and deburring.",
    tags: ["Type 27", "Type 29", "Zirconia"],
  },
  {
    slug: "wire-brushes",
    title: "Wire Brushes",
    text: "Knot and crimped wheels and cups for rust, scale and paint.",
    tags: ["Carbon steel", "Stainless"],
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const page = { counts: await subcategoryCounts("abrasives") };
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
  const total = Object.values(loaderData.counts).reduce((sum, n) => sum + n, 0);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "Home", to: "/" }, { label: "Abrasives" }]} />
      <section className="mt-4 flex flex-col-reverse items-center gap-6 rounded-xl bg-gradient-to-r from-brand-900 to-brand-700 p-6 text-white sm:flex-row sm:p-8">
        <div className="flex-1">
          <h1 className="text-3xl font-bold">Abrasives</h1>
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
              <h2 className="text-xl font-semibold text-slate-950">{card.title}</h2>
              <p className="mt-1 text-sm font-semibold text-brand-800">
                {(loaderData.counts[card.slug] ?? 0).toLocaleString("en-US")} parts
              </p>
              <p className="mt-2 text-sm text-slate-700">{card.text}</p>
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
        <span>{total.toLocaleString("en-US")} abrasive products</span>
        <span>Premium brands</span>
        <span className="flex items-center gap-1">
          <Truck className="size-4" aria-hidden="true" /> Same-day shipping
        </span>
      </p>
      <p className="mt-4 text-center">
        <Link to="/category/abrasives/grinding-wheels" className="font-semibold text-brand-700 underline">
          Browse grinding wheels
        </Link>
      </p>
    </div>
  );
}
