import { SlidersHorizontal } from "lucide-react";
import { type FormEvent, lazy, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  dependsOnUnits,
  entryNumber,
  entryUnit,
  isChosen,
  readRangeEntry,
  type SpecFacet,
  type SpecState,
  setRange,
  showNumber,
  toggleValue,
  type UnitSystem,
  urlNumber,
  withUnits,
} from "../../../domain/catalog/spec-filters";
import { Button } from "../ui/button";
import { useLazyDialog } from "../ui/lazy-dialog";
import { useTypedBeforeHydration } from "../use-typed-before-hydration";

const loadDrawer = () => import("./spec-filters-drawer");
const FiltersDrawer = lazy(loadDrawer);

export interface SpecFiltersProps {
  facets: SpecFacet[];
  /** The filters the page shows results for. */
  spec: SpecState;
  /** Filters in the link that could not be used, each said in a sentence. */
  problems: string[];
  /** The page's URL with these filters (and its other state as it is, from page 1). */
  hrefFor: (next: SpecState) => string;
  /** The page's other state (brand, stock, sort...), kept when the form is sent before the page is interactive. */
  keep: [string, string][];
  /** Parts the filters leave. */
  total: number;
}

const optionLabel = (facet: SpecFacet, value: string | number, units: UnitSystem) =>
  typeof value === "number" && facet.unitFamily
    ? showNumber(value, facet.unitFamily, entryUnit(facet, units))
    : String(value);

const optionParam = (facet: SpecFacet, value: string | number, units: UnitSystem) =>
  typeof value === "number" && facet.unitFamily
    ? urlNumber(value, facet.unitFamily, entryUnit(facet, units))
    : String(value);

const activeCount = (spec: SpecState) => spec.filters.length;

/**
 * Spec filters beside a listing or search results: a fieldset per attribute, ticked values and
 * number ranges applied as the buyer chooses them (the URL is the state, so back and shared links
 * work). Until the page is interactive it is a plain GET form.
 */
export function SpecFilters(props: SpecFiltersProps) {
  const { facets, spec, problems, hrefFor, keep } = props;
  const navigate = useNavigate();
  const id = useId();
  // What the buyer just chose, shown until the page's data (for it, or for the back button) arrives.
  const [pending, setPending] = useState<{ from: SpecState; next: SpecState }>();
  const shown = pending?.from === spec ? pending.next : spec;
  const [errors, setErrors] = useState<Record<string, string>>({});

  const apply = (next: SpecState) => {
    setPending({ from: spec, next });
    setErrors({});
    navigate(hrefFor(next), { preventScrollReset: true });
  };

  // Enter in a range field, or Apply: every range as typed, in the unit its field names.
  const applyRanges = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    let next = shown;
    for (const facet of facets) {
      if (facet.kind !== "number") continue;
      const min = readRangeEntry(String(form.get(`${facet.slug}_min`) ?? ""), facet, shown.units);
      const max = readRangeEntry(String(form.get(`${facet.slug}_max`) ?? ""), facet, shown.units);
      if (!min.ok) found[`${facet.slug}_min`] = min.message;
      if (!max.ok) found[`${facet.slug}_max`] = max.message;
      if (!min.ok || !max.ok) continue;
      if (min.value !== undefined && max.value !== undefined && min.value > max.value) {
        found[`${facet.slug}_max`] = "The maximum is less than the minimum.";
        continue;
      }
      next = setRange(next, facet, min.value, max.value);
    }
    if (Object.keys(found).length > 0) setErrors(found);
    else apply(next);
  };

  return (
    <form method="get" onSubmit={applyRanges} className="space-y-5" aria-label="Filter by specification">
      {keep.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {problems.length > 0 && (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          <p className="font-semibold">Some filters in this link could not be used:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {facets.some((facet) => dependsOnUnits(facet.unitFamily)) && (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Units</legend>
          <div className="mt-2 flex gap-4">
            {(["inch", "metric"] as const).map((units) => (
              <label key={units} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name="units"
                  value={units}
                  checked={shown.units === units}
                  onChange={() => apply(withUnits(shown, facets, units))}
                  className="size-4 accent-brand-800"
                />
                {units === "inch" ? "Inch" : "Metric"}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {facets.map((facet) => (
        <FacetFieldset
          key={facet.slug}
          id={`${id}-${facet.slug}`}
          facet={facet}
          spec={shown}
          errors={errors}
          onToggle={(value) => apply(toggleValue(shown, facet, value))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" size="sm">
          Apply filters
        </Button>
        {activeCount(shown) > 0 && (
          <Button type="button" variant="ghost" size="sm" onClick={() => apply({ ...shown, filters: [] })}>
            Clear all filters
          </Button>
        )}
      </div>
    </form>
  );
}

function FacetFieldset({
  id,
  facet,
  spec,
  errors,
  onToggle,
}: {
  id: string;
  facet: SpecFacet;
  spec: SpecState;
  errors: Record<string, string>;
  onToggle: (value: string | number) => void;
}) {
  const filter = spec.filters.find((candidate) => candidate.slug === facet.slug);
  const unit = facet.kind === "number" ? entryUnit(facet, spec.units) : null;
  return (
    <fieldset className="border-t border-slate-200 pt-4">
      <legend className="text-sm font-semibold text-slate-900">
        {facet.name}
        {unit && dependsOnUnits(facet.unitFamily) ? ` (${unit})` : ""}
      </legend>
      {facet.options.length > 0 && (
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
          {facet.options.map((option) => {
            const checked = isChosen(filter, option.value);
            const label = optionLabel(facet, option.value, spec.units);
            return (
              <li key={String(option.value)}>
                <label
                  className={
                    option.count === 0 && !checked
                      ? "flex items-center gap-2 text-sm text-slate-600"
                      : "flex items-center gap-2 text-sm text-slate-900"
                  }
                >
                  <input
                    type="checkbox"
                    name={facet.slug}
                    value={optionParam(facet, option.value, spec.units)}
                    checked={checked}
                    disabled={option.count === 0 && !checked}
                    onChange={() => onToggle(option.value)}
                    className="size-4 accent-brand-800"
                  />
                  <span>
                    {label} ({option.count})
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {facet.more > 0 && <p className="mt-1 text-xs text-slate-700">and {facet.more} more values</p>}
      {facet.kind === "number" && facet.unitFamily && (
        <RangeFields id={id} facet={facet} spec={spec} unit={unit} errors={errors} />
      )}
    </fieldset>
  );
}

function RangeFields({
  id,
  facet,
  spec,
  unit,
  errors,
}: {
  id: string;
  facet: SpecFacet;
  spec: SpecState;
  unit: string | null;
  errors: Record<string, string>;
}) {
  const family = facet.unitFamily;
  const filter = spec.filters.find((candidate) => candidate.slug === facet.slug);
  const written = (base: number | undefined) => (base === undefined || !family ? "" : entryNumber(base, family, unit));
  const min = filter?.kind === "number" ? written(filter.min) : "";
  const max = filter?.kind === "number" ? written(filter.max) : "";
  const hint =
    facet.span && family
      ? `Parts from ${showNumber(facet.span.min, family, unit)} to ${showNumber(facet.span.max, family, unit)}`
      : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const field = (end: "min" | "max", value: string) => (
    <RangeField
      id={`${id}-${end}`}
      name={`${facet.slug}_${end}`}
      attribute={facet.name}
      end={end === "min" ? "Min" : "Max"}
      unit={unit}
      value={value}
      hintId={hintId}
      error={errors[`${facet.slug}_${end}`]}
    />
  );
  return (
    <div className="mt-3">
      <div className="grid grid-cols-2 gap-2">
        {field("min", min)}
        {field("max", max)}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A range end: its label reads "Min (mm)", and to a screen reader "Diameter Min (mm)". */
function RangeField({
  id,
  name,
  attribute,
  end,
  unit,
  value,
  hintId,
  error,
}: {
  id: string;
  name: string;
  attribute: string;
  end: string;
  unit: string | null;
  value: string;
  hintId: string | undefined;
  error: string | undefined;
}) {
  // What the buyer types, until the URL's value for this field changes.
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, value, setText);
  const described = [error ? `${id}-error` : undefined, hintId].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium text-slate-800">
        <span className="sr-only">{attribute} </span>
        {end}
        {unit ? ` (${unit})` : ""}
      </label>
      <input
        id={id}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        ref={box}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="mt-1 h-9 w-full rounded-md border border-slate-400 px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The filters beside the results on a wide screen, and behind a "Filters" button in a drawer on a
 * phone; the drawer says how many parts the filters leave as they change.
 */
export function SpecFilterSidebar({ children, ...props }: SpecFiltersProps & { children: ReactNode }) {
  const { button, dialog, mount } = useLazyDialog(loadDrawer);
  const active = activeCount(props.spec);
  if (props.facets.length === 0 && props.problems.length === 0) return <>{children}</>;
  return (
    <div className="mt-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      <section aria-labelledby="spec-filters-heading" className="hidden lg:block">
        <h2 id="spec-filters-heading" className="mb-3 text-lg font-semibold text-slate-950">
          Filters
        </h2>
        <SpecFilters {...props} />
      </section>
      <div>
        <Button type="button" variant="outline" className="lg:hidden" {...button}>
          <SlidersHorizontal aria-hidden="true" />
          {active > 0 ? `Filters (${active})` : "Filters"}
        </Button>
        {mount(
          <FiltersDrawer total={props.total} {...dialog}>
            <SpecFilters {...props} />
          </FiltersDrawer>,
        )}
        {children}
      </div>
    </div>
  );
}
