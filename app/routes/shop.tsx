import {
  ChevronRight,
  CircleDot,
  Disc3,
  Drill,
  FlaskConical,
  Hammer,
  HardHat,
  Headset,
  Package,
  Plug,
  SprayCan,
} from "lucide-react";
import { Link } from "react-router";
import { findCategory } from "../../domain/catalog/category-tree";
import { RequestQuoteButton } from "../components/request-quote-button";
import { useCategoryTree, useStoreContact } from "../components/root-data";
import { buttonVariants } from "../components/ui/button";

export function meta() {
  return [
    { title: "Shop All Categories | Cascade Industrial Supply" },
    {
      name: "description",
      content: "Browse every category: cutting tools, abrasives, paint, chemicals, safety and more.",
    },
  ];
}

// The categories /shop features (the specification's nine), with their icons; names and texts are
// the category tree's, and a category the operator deactivates drops out.
const featured = [
  { slug: "cutting-tools", icon: Drill },
  { slug: "hand-tools", icon: Hammer },
  { slug: "abrasives", icon: Disc3 },
  { slug: "paint", icon: SprayCan },
  { slug: "chemicals", icon: FlaskConical },
  { slug: "shop-supplies", icon: Package },
  { slug: "tire-supplies", icon: CircleDot },
  { slug: "safety", icon: HardHat },
  { slug: "electrical", icon: Plug },
];

export default function Shop() {
  const { email } = useStoreContact();
  const tree = useCategoryTree();
  const cards = featured.flatMap(({ slug, icon }) => {
    const category = findCategory(tree, slug);
    return category ? [{ ...category, icon }] : [];
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">Shop All Categories</h1>
      <p className="mt-2 text-slate-700">Professional grade parts and supplies, ready to ship.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {cards.map(({ slug, icon: Icon, name, description }) => (
          <li key={slug}>
            <Link
              to={`/category/${slug}`}
              prefetch="intent"
              className="group flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-700 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-800 group-hover:text-white">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div className="flex-1">
                <h2 className="flex items-center justify-between gap-2 text-xl font-semibold text-slate-950 group-hover:text-brand-800">
                  {name}
                  <ChevronRight
                    className="size-5 shrink-0 transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </h2>
                {description && <p className="mt-2 text-sm text-slate-700">{description}</p>}
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="help"
        className="mt-12 flex flex-col items-center rounded-xl bg-slate-100 p-6 text-center sm:p-10"
      >
        <Headset className="size-10 text-brand-700" aria-hidden="true" />
        <h2 id="help" className="mt-3 text-2xl font-bold text-slate-950">
          Can't find what you need?
        </h2>
        <p className="mt-2 max-w-xl text-slate-700">
          Our team sources hard-to-find parts every day. Tell us what you are looking for.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={`mailto:${email}`} className={buttonVariants({ size: "lg" })}>
            Contact Support
          </a>
          <RequestQuoteButton label="Request Quote" variant="outline" />
        </div>
      </section>
    </div>
  );
}
