import { useId } from "react";
import { Link } from "react-router";
import type { ShownFamily } from "../../../domain/catalog/families";

/**
 * The sizes of a part's family: one labelled group per attribute, each value a link to the part
 * with it (docs/decisions/part-families.md), so it works before any script and search engines
 * follow it. The shown part's values are marked current; a value that comes only with another
 * size of the other attributes says which.
 */
export function FamilySelector({ family }: { family: ShownFamily }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="font-semibold text-slate-950">
          {family.name}
        </h2>
        <p className="text-sm text-slate-700">{family.size} sizes, each with its own part number, price and stock.</p>
      </div>
      {family.groups.map((group) => (
        <fieldset key={group.slug}>
          <legend className="text-sm font-medium text-slate-800">{group.name}</legend>
          <ul className="mt-2 flex flex-wrap gap-2">
            {group.options.map((option) => (
              <li key={option.text}>
                <Link
                  to={option.href}
                  prefetch="intent"
                  preventScrollReset
                  aria-current={option.current ? "page" : undefined}
                  className="inline-flex min-h-10 min-w-12 flex-col items-center justify-center rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-900 hover:border-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-[current=page]:border-2 aria-[current=page]:border-brand-800 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
                >
                  {option.text}
                  {option.changes.length > 0 && (
                    <span className="text-xs text-slate-700">
                      <span className="sr-only">, </span>
                      {option.changes.join(", ")}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </section>
  );
}
