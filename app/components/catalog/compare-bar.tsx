// The bar that follows a buyer who ticked parts to compare: how many, each with its Remove, the link
// to the comparison and why a fifth was refused. Loaded only once something is ticked, so a listing's
// first load carries none of it.
import { X } from "lucide-react";
import { Link } from "react-router";
import { compareHref, MAX_COMPARED } from "../../../domain/catalog/compare";
import { Button } from "../ui/button";
import { clearCompared, setCompared, useComparePicks } from "./compare-picks";

export default function CompareBar() {
  const { picks, notice } = useComparePicks();
  return (
    <section
      aria-label="Compare parts"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <h2 className="font-semibold text-slate-950">
          Compare ({picks.length} of {MAX_COMPARED})
        </h2>
        <ul className="flex min-w-0 flex-wrap gap-2">
          {picks.map((pick) => (
            <li
              key={pick.partNumber}
              className="flex items-center gap-1 rounded border border-slate-300 py-0.5 pl-2 font-mono text-xs text-slate-900"
            >
              {pick.partNumber}
              <button
                type="button"
                onClick={() => setCompared(pick, false)}
                aria-label={`Remove ${pick.name} from the comparison`}
                className="rounded p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex gap-2">
          <Button asChild size="sm">
            <Link to={compareHref(picks.map((pick) => pick.partNumber))}>Compare now</Link>
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={clearCompared}>
            Clear
          </Button>
        </div>
        <p role="status" className="w-full text-sm font-semibold text-red-700 empty:hidden">
          {notice}
        </p>
      </div>
    </section>
  );
}
