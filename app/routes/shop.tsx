import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { RequestQuoteButton } from "../components/request-quote-button";
import { findCategory } from "../lib/navigation";
import { useStoreContact } from "../root";

export function meta() {
  return [
    { title: "Shop All Categories | Cascade Industrial Supply" },
    {
      name: "description",
      content: "Browse every category: cutting tools, abrasives, paint, chemicals, safety and more.",
    },
  ];
}

const cards = [
  { slug: "cutting-tools", text: "Drill bits, taps and dies, reamers, hole saws and saw blades." },
  { slug: "hand-tools", text: "Wrenches, screwdrivers, pliers and hammers for daily work." },
  { slug: "abrasives", text: "Grinding wheels, flap discs, sanding belts and cut-off wheels." },
  { slug: "paint", text: "MRO spray paint, primers and marking paint." },
  { slug: "chemicals", text: "Aerosols, grease, adhesives, cleaners and bulk chemicals." },
  { slug: "shop-supplies", text: "Shop rags, paper towels, disposable gloves and trash bags." },
  { slug: "tire-supplies", text: "Tire repair, valve stems, tire tools and wheel weights." },
  { slug: "safety", text: "Gloves, eye and hearing protection, respirators, hi-vis and first aid." },
  { slug: "electrical", text: "Wire and cable, connectors, fuses, loom, lugs and tape." },
];

export default function Shop() {
  const { email } = useStoreContact();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-950">Shop All Categories</h1>
      <p className="mt-2 text-slate-700">Professional grade parts and supplies, ready to ship.</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ slug, text }) => (
          <li key={slug}>
            <Link
              to={`/category/${slug}`}
              prefetch="intent"
              className="group flex h-full flex-col rounded-lg border border-slate-200 p-6 shadow-sm transition hover:border-brand-700 hover:shadow-md"
            >
              <h2 className="flex items-center justify-between text-xl font-semibold text-slate-950 group-hover:text-brand-800">
                {findCategory(slug)?.label}
                <ChevronRight className="size-5" aria-hidden="true" />
              </h2>
              <p className="mt-2 text-sm text-slate-700">{text}</p>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="help" className="mt-12 rounded-xl bg-slate-100 p-8 text-center">
        <h2 id="help" className="text-2xl font-bold text-slate-950">
          Can't find what you need?
        </h2>
        <p className="mt-2 text-slate-700">
          Our team sources hard-to-find parts every day. Tell us what you are looking for.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a
            href={`mailto:${email}`}
            className="inline-flex h-12 items-center rounded-md bg-brand-800 px-6 font-semibold text-white hover:bg-brand-900"
          >
            Contact Support
          </a>
          <RequestQuoteButton label="Request Quote" variant="outline" />
        </div>
      </section>
    </div>
  );
}
