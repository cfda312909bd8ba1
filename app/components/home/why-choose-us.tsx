import { Award, BadgeCheck, Clock, Flag, ShieldCheck, Truck } from "lucide-react";
import { useStoreContact } from "../root-data";

const reasons = [
  { icon: Truck, title: "Same-Day Shipping", text: "Stock items ordered before 3PM EST ship the same day." },
  {
    icon: BadgeCheck,
    title: "Net 30/60/90 Terms",
    text: "Net terms for qualified businesses, and tax-exempt orders accepted.",
  },
  { icon: Award, title: "ISO 9001:2015 Certified", text: "Quality you can audit, on every order we ship." },
  // The store's own service runs around the clock; its people answer in office hours
  // (docs/decisions/storefront-promises.md).
  {
    icon: Clock,
    title: "24/7 Service",
    text: "Order, reorder, track shipments and download invoices online at any hour; our team answers Monday-Friday 8AM-6PM EST.",
  },
  {
    icon: ShieldCheck,
    title: "OEM Quality, Full Warranty",
    text: "Parts that meet or exceed OEM specifications, backed by a full warranty.",
  },
];

export function WhyChooseUs() {
  const years = useStoreContact().yearsInBusiness;
  const shown = [
    ...reasons,
    {
      icon: Flag,
      title: "Family-Owned, USA-Proud",
      text: years ? `Over ${years} years in business, serving American industry.` : "Serving American industry.",
    },
  ];
  return (
    <section aria-labelledby="why-us">
      <h2 id="why-us" className="text-3xl font-bold tracking-tight text-slate-950">
        Why Choose Cascade
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        The parts, terms and service a professional buyer needs, from people who answer the phone.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {shown.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-950">{title}</h3>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
