import { Award, Factory, Flag, ShieldCheck, Wrench } from "lucide-react";
import { Link } from "react-router";
import { RequestQuoteButton } from "../request-quote-button";
import { useStoreContact } from "../root-data";
import { buttonVariants } from "../ui/button";

const tiles = [
  { label: "Cutting Tools", to: "/collections/cutting-tools", icon: Wrench },
  { label: "Safety", to: "/collections/safety", icon: ShieldCheck },
  { label: "Shop All", to: "/collections/shop", icon: Factory },
  { label: "Abrasives", to: "/category/abrasives", icon: Award },
];

const popular = [
  { label: "Abrasives", to: "/category/abrasives" },
  { label: "Cutting Tools", to: "/collections/cutting-tools" },
  { label: "Gloves", to: "/collections/gloves" },
  { label: "Chemicals", to: "/collections/chemicals" },
  { label: "Electrical", to: "/collections/electrical" },
];

/** The home page's opening: tagline (with the founding year, when the operator gives one), supplier code, USA-made note, calls to action and category tiles. */
export function Hero() {
  // The founding year the operator gave, as the footer and the years in business count it; none, no year.
  const { foundedYear } = useStoreContact();
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 text-white">
      <Ridgeline />
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
            {foundedYear ? `Industrial supply since ${foundedYear}` : "Industrial supply for the trades"}
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Powering Industry, One Part at a Time
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-100">
            Abrasives, cutting tools, electrical, safety and shop supplies for the trades, with net terms and same-day
            shipping on stock items.
          </p>
          <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3 text-sm">
            <div>
              <dt className="text-slate-300">Supplier Identification Code</dt>
              <dd className="font-mono font-semibold">CAGE 7XK42</dd>
            </div>
            <div>
              <dt className="text-slate-300">USA-Made Options</dt>
              <dd className="flex items-center gap-1.5 font-semibold">
                <Flag className="size-4 text-amber-300" aria-hidden="true" />
                Available on thousands of parts
              </dd>
            </div>
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/shop" prefetch="intent" className={buttonVariants({ variant: "accent", size: "lg" })}>
              Shop Products
            </Link>
            <RequestQuoteButton label="Request a Quote" variant="outline" />
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-4 self-center">
          {tiles.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                prefetch="intent"
                className="flex h-full flex-col items-center gap-3 rounded-xl bg-white/10 p-6 text-center font-semibold ring-1 ring-white/20 transition-colors hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300"
              >
                <Icon className="size-10 text-amber-300" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Quick links to the categories buyers open most. */
export function PopularCategories() {
  return (
    <section aria-labelledby="popular" className="flex flex-wrap items-center gap-3">
      <h2 id="popular" className="text-sm font-semibold text-slate-900">
        Popular:
      </h2>
      <ul className="contents">
        {popular.map((chip) => (
          <li key={chip.to}>
            <Link
              to={chip.to}
              prefetch="intent"
              className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-900 transition-colors hover:border-brand-700 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {chip.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A faint Cascade-range silhouette behind the hero, drawn inline (the CSP allows no remote images). */
function Ridgeline() {
  return (
    <svg
      viewBox="0 0 1440 240"
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-x-0 bottom-0 h-40 w-full text-white/5"
      aria-hidden="true"
    >
      <path
        fill="currentColor"
        d="M0 240V170l120-60 90 40 140-110 110 80 90-50 160 120 130-90 120 60 150-130 120 90 110-40 100 60v100z"
      />
    </svg>
  );
}
