import { Plane, Ship, Trees } from "lucide-react";

const industries = [
  {
    icon: Plane,
    title: "Aerospace",
    text: "Aircraft drill bits, reamers and finishing abrasives held to tight tolerances.",
  },
  { icon: Trees, title: "Timber", text: "Saw blades, chains, safety gear and lubricants for mills and crews." },
  { icon: Ship, title: "Marine", text: "Corrosion-resistant fasteners, coatings and wiring for yards and fleets." },
];

/** The industries the store grew up with in the Pacific Northwest. */
export function PacificNorthwestIndustries() {
  return (
    <section aria-labelledby="industries" className="rounded-xl bg-slate-100 p-6 sm:p-10">
      <p className="text-sm font-semibold tracking-widest text-amber-800 uppercase">Rooted in the Pacific Northwest</p>
      <h2 id="industries" className="mt-2 text-3xl font-bold tracking-tight text-slate-950">
        Serving Pacific Northwest Industries
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">From the hangar to the mill to the shipyard, we keep work moving.</p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3 md:gap-6">
        {industries.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border-t-4 border-accent-500 bg-white p-6 shadow-sm">
            <Icon className="size-8 text-amber-700" aria-hidden="true" />
            <h3 className="mt-3 text-lg font-semibold text-slate-950">{title}</h3>
            <p className="mt-1 text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
