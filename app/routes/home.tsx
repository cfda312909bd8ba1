import { Award, BadgeCheck, Clock, Factory, Flag, Plane, ShieldCheck, Ship, Trees, Truck, Wrench } from "lucide-react";
import { Link } from "react-router";
import { BannerCarousel } from "../components/home/banner-carousel";
import { RequestQuoteButton } from "../components/request-quote-button";

export function meta() {
  return [
    { title: "Cascade Industrial Supply | Abrasives, Cutting Tools and Industrial Parts" },
    {
      name: "description",
      content:
        "Professional grade abrasives, cutting tools, electrical, safety and shop supplies for trade buyers. Net 30 terms, same-day shipping on stock items ordered before 3PM EST.",
    },
  ];
}

const heroTiles = [
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

const reasons = [
  { icon: Truck, title: "Same-Day Shipping", text: "Stock items ordered before 3PM EST ship the same day." },
  { icon: BadgeCheck, title: "Net 30/60/90 Terms", text: "Net terms for qualified businesses, and tax-exempt orders." },
  { icon: Award, title: "ISO 9001:2015 Certified", text: "Quality you can audit, on every order we ship." },
  { icon: Clock, title: "24/7 Service", text: "Order any time; our team answers around the clock." },
  { icon: ShieldCheck, title: "OEM Quality, Full Warranty", text: "Parts that meet or exceed OEM specifications." },
  { icon: Flag, title: "Family-Owned, USA-Proud", text: "Over 25 years in business, serving American industry." },
];

const industries = [
  {
    icon: Plane,
    title: "Aerospace",
    text: "Aircraft drill bits, reamers and finishing abrasives held to tight tolerances.",
  },
  { icon: Trees, title: "Timber", text: "Saw blades, chains, safety gear and lubricants for mills and crews." },
  { icon: Ship, title: "Marine", text: "Corrosion-resistant fasteners, coatings and wiring for yards and fleets." },
];

export default function Home() {
  return (
    <>
      <div className="bg-accent-500 px-4 py-2 text-center text-sm font-semibold text-slate-950">
        Free shipping on orders of $299 and above
      </div>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
          <div>
            <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
              Industrial supply since 1999
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
              Powering Industry, One Part at a Time
            </h1>
            <p className="mt-4 max-w-xl text-lg text-slate-100">
              Abrasives, cutting tools, electrical, safety and shop supplies for the trades, with net terms and same-day
              shipping.
            </p>
            <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm">
              <div>
                <dt className="text-slate-300">Supplier Identification Code</dt>
                <dd className="font-mono font-semibold">CAGE 7XK42</dd>
              </div>
              <div>
                <dt className="text-slate-300">USA-Made Options</dt>
                <dd className="font-semibold">Available on thousands of parts</dd>
              </div>
            </dl>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/shop"
                prefetch="intent"
                className="inline-flex h-12 items-center rounded-md bg-accent-500 px-6 font-semibold text-slate-950 hover:bg-accent-600"
              >
                Shop Products
              </Link>
              <RequestQuoteButton label="Request a Quote" variant="outline" />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-4 self-center">
            {heroTiles.map(({ label, to, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                prefetch="intent"
                className="flex flex-col items-center gap-3 rounded-xl bg-white/10 p-6 text-center font-semibold ring-1 ring-white/20 hover:bg-white/20"
              >
                <Icon className="size-10 text-amber-300" aria-hidden="true" />
                {label}
              </Link>
            ))}
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4">
        <section aria-labelledby="popular" className="mt-10 flex flex-wrap items-center gap-3">
          <h2 id="popular" className="text-sm font-semibold text-slate-900">
            Popular:
          </h2>
          {popular.map((chip) => (
            <Link
              key={chip.to}
              to={chip.to}
              prefetch="intent"
              className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-900 hover:border-brand-700 hover:text-brand-800"
            >
              {chip.label}
            </Link>
          ))}
        </section>

        <div className="mt-8">
          <BannerCarousel />
        </div>

        <section aria-labelledby="why-us" className="mt-16">
          <h2 id="why-us" className="text-3xl font-bold text-slate-950">
            Why Choose Cascade
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border border-slate-200 p-6">
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-slate-950">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="industries" className="mt-16 rounded-xl bg-slate-100 p-8">
          <h2 id="industries" className="text-3xl font-bold text-slate-950">
            Serving Pacific Northwest Industries
          </h2>
          <p className="mt-2 text-slate-700">From the hangar to the mill to the shipyard, we keep work moving.</p>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {industries.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg bg-white p-6 shadow-sm">
                <Icon className="size-8 text-accent-600" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-slate-950">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-16 grid gap-4 rounded-xl bg-brand-900 p-8 text-white md:grid-cols-3">
          <p className="text-lg font-semibold">Net terms available</p>
          <p className="text-lg font-semibold">Tax-exempt orders accepted</p>
          <p className="text-lg font-semibold">Over 25 years in business</p>
        </section>
      </div>
    </>
  );
}
