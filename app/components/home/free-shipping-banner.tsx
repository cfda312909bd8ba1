import { BadgeCheck, Flag, Receipt, Truck } from "lucide-react";
import { Link } from "react-router";
import { useStoreContact } from "../root-data";

/** The thin strip above the hero. */
export function FreeShippingStrip() {
  return (
    <p className="flex items-center justify-center gap-2 bg-accent-500 px-4 py-2 text-center text-sm font-semibold text-slate-950">
      <Truck className="size-4 shrink-0" aria-hidden="true" />
      Free shipping on orders of $299 and above
    </p>
  );
}

const terms = [
  { icon: Receipt, text: "Net terms available" },
  { icon: BadgeCheck, text: "Tax-exempt orders accepted" },
];

/** The closing banner: free shipping (at $299 and below it too) and the terms trade buyers ask about. */
export function FreeShippingBanner() {
  const years = useStoreContact().yearsInBusiness;
  const shown = years ? [...terms, { icon: Flag, text: `Over ${years} years in business` }] : terms;
  return (
    <section
      aria-labelledby="free-shipping"
      className="overflow-hidden rounded-xl bg-brand-900 text-white shadow-sm md:grid md:grid-cols-[auto_1fr]"
    >
      <div className="flex items-center justify-center bg-accent-500 p-6 text-slate-950 md:px-10">
        <Truck className="size-14" strokeWidth={1.5} aria-hidden="true" />
      </div>
      <div className="p-6 sm:p-8">
        <h2 id="free-shipping" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Free shipping on orders of $299 and above
        </h2>
        {/* Every order ships free (docs/decisions/storefront-promises.md): the banner says so. */}
        <p className="mt-1 text-amber-100">Orders under $299 ship free as well.</p>
        <ul className="mt-4 flex flex-wrap gap-x-8 gap-y-2">
          {shown.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2 font-medium">
              <Icon className="size-5 text-amber-300" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
        <Link
          to="/shop"
          prefetch="intent"
          className="mt-6 inline-block rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-slate-950 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900"
        >
          Browse All Categories
        </Link>
      </div>
    </section>
  );
}
