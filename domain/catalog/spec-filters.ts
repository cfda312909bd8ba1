// Spec filters in a listing's URL, read and written the same way by the page and the server:
// ?abrasive=Zirconia&diameter=4.5in&diameter_min=100mm&units=metric. A number carries its unit, so
// a shared link means the same parts whatever the reader's unit system; `units` only chooses how
// values are shown and entered. Written in one canonical order (attributes by slug, values sorted)
// so one set of filters is one cached page. Anything unreadable is dropped with a message, never
// an error (docs/decisions/spec-filters.md). No zod here: the listing's bundle stays small.
import { plainText } from "../text/plain-text";
import { formatMeasure, fromBase, parseMeasure, type UnitFamily } from "./units";

export type UnitSystem = "inch" | "metric";
export const UNITS_PARAM = "units";

/** Attributes filtered at once, and values per attribute, that a link may name. */
export const MAX_FILTERED_ATTRIBUTES = 12;
export const MAX_VALUES_PER_ATTRIBUTE = 30;
const MAX_VALUE_LENGTH = 200;

/** What the filters need to know of an attribute (a subcategory's, or one slug's across several). */
export interface FilterAttribute {
  slug: string;
  name: string;
  kind: "number" | "text" | "choice";
  /** Set for numbers only. */
  unitFamily: UnitFamily | null;
  /** The unit the operator shows it in. */
  displayUnit: string | null;
  /** A choice's values, matched whatever their case. */
  choices: string[];
}

export interface SpecFacetOption {
  /** A base-unit number, or a choice's or text's value. */
  value: string | number;
  /** Parts this option would leave, with the other filters as they are. */
  count: number;
}

/** An attribute on offer beside a listing, with its values and their counts (server/catalog/search/spec-facets.ts). */
export interface SpecFacet extends FilterAttribute {
  options: SpecFacetOption[];
  /** Values present but not listed (free text with many values). */
  more: number;
  /** The smallest and largest value the other filters leave, for a number's range fields. */
  span: { min: number; max: number } | null;
}

export type SpecFilter =
  | { slug: string; kind: "text"; values: string[] }
  | {
      slug: string;
      kind: "number";
      family: UnitFamily;
      /** The unit values are entered and written in. */
      unit: string | null;
      /** Base-unit values (a length in mm), any of which a part may have. */
      values: number[];
      min?: number;
      max?: number;
    };

export interface SpecState {
  filters: SpecFilter[];
  units: UnitSystem;
}

export const emptySpecState: SpecState = { filters: [], units: "inch" };

/** The filter parameters of a URL, as written, keyed by attribute slug. */
export type RawSpecParams = Map<string, { values: string[]; min?: string; max?: string }>;

const filterKey = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:_(min|max))?$/;

/** The unit system a URL asks for: metric when it says so, else inches and pounds. */
export const readUnits = (search: URLSearchParams): UnitSystem =>
  search.get(UNITS_PARAM) === "metric" ? "metric" : "inch";

/** Every parameter that could name an attribute filter (`slug`, `slug_min`, `slug_max`), other than `reserved` ones. */
export function readSpecParams(search: URLSearchParams, reserved: readonly string[]): RawSpecParams {
  const raw: RawSpecParams = new Map();
  for (const [key, value] of search) {
    if (key === UNITS_PARAM || reserved.includes(key)) continue;
    const match = filterKey.exec(key);
    if (!match?.[1]) continue;
    const entry = raw.get(match[1]) ?? { values: [] };
    if (match[2] === "min") entry.min = value;
    else if (match[2] === "max") entry.max = value;
    else entry.values.push(value);
    raw.set(match[1], entry);
  }
  return raw;
}

// The unit a number is entered in, per unit system; families with one unit keep it.
const systemUnits: Partial<Record<UnitFamily, Record<UnitSystem, string[]>>> = {
  length: { inch: ["in", "ft"], metric: ["mm", "cm", "m"] },
  mass: { inch: ["lb", "oz"], metric: ["g", "kg"] },
  volume: { inch: ["fl oz", "qt", "gal"], metric: ["ml", "L"] },
};

/** Whether numbers of `family` are written differently in inch and metric (lengths, weights, volumes). */
export const dependsOnUnits = (family: UnitFamily | null) => family !== null && systemUnits[family] !== undefined;

/** The unit an attribute's numbers are shown and entered in: its display unit when that is of the system. */
export function entryUnit(
  attribute: Pick<FilterAttribute, "unitFamily" | "displayUnit">,
  units: UnitSystem,
): string | null {
  const family = attribute.unitFamily;
  const ofSystem = family ? systemUnits[family]?.[units] : undefined;
  if (!ofSystem) return attribute.displayUnit;
  if (attribute.displayUnit && ofSystem.includes(attribute.displayUnit)) return attribute.displayUnit;
  return ofSystem[0] ?? attribute.displayUnit;
}

/** A base-unit value as a buyer reads it in `unit`: "4-1/2 in", "114.3 mm", "60". */
export const showNumber = (base: number, family: UnitFamily, unit: string | null) => formatMeasure(base, family, unit);

/** A base-unit value as an entry field holds it, in `unit` without the unit: "4.5", "114.3". */
export const entryNumber = (base: number, family: UnitFamily, unit: string | null) =>
  String(Math.round(fromBase(base, family, unit) * 1e6) / 1e6);

// In a URL a unit has no spaces and no degree sign: 4.5in, 12floz, 118deg.
const urlUnit = (unit: string | null) => (unit ?? "").replace("°", "deg").replace(/\s+/g, "");

/** A base-unit value as a URL writes it: "4.5in", "114.3mm", "60". */
export const urlNumber = (base: number, family: UnitFamily, unit: string | null) =>
  `${entryNumber(base, family, unit)}${urlUnit(unit)}`;

/** What could not be used, and the URL parameter (`diameter`, `diameter_min`) it was written in. */
export interface SpecIssue {
  param: string;
  message: string;
}

/** Raw text for a message: cut short, so a hostile link is not echoed back at length. */
const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}...` : text}"`;

/**
 * The filters a URL names, read against the attributes on offer: numbers in their unit (a bare
 * number in the unit the buyer's system enters), choices matched whatever their case. What cannot
 * be used is left out and said in `problems`; a parameter that names no attribute is someone
 * else's (a tracking tag) and is left alone. `issues` are the problems with the parameter each
 * was written in (the API refuses a request with any).
 */
export function resolveSpecFilters(
  raw: RawSpecParams,
  attributes: readonly FilterAttribute[],
  units: UnitSystem,
): { state: SpecState; problems: string[]; issues: SpecIssue[] } {
  const issues: SpecIssue[] = [];
  const filters: SpecFilter[] = [];
  const named = [...raw.keys()].sort();
  for (const slug of named) {
    const attribute = attributes.find((candidate) => candidate.slug === slug);
    const entry = raw.get(slug);
    if (!attribute || !entry) continue;
    const problems = {
      push: (message: string, param = slug) => issues.push({ param, message }),
    };
    if (filters.length === MAX_FILTERED_ATTRIBUTES) {
      problems.push(
        `At most ${MAX_FILTERED_ATTRIBUTES} specifications can be filtered at once: ${attribute.name} was left out.`,
      );
      continue;
    }
    let written = entry.values.filter((value) => value.trim() !== "");
    if (written.length > MAX_VALUES_PER_ATTRIBUTE) {
      problems.push(
        `${attribute.name}: at most ${MAX_VALUES_PER_ATTRIBUTE} values can be chosen; the rest were left out.`,
      );
      written = written.slice(0, MAX_VALUES_PER_ATTRIBUTE);
    }
    const tooLong = written.filter((value) => value.length > MAX_VALUE_LENGTH);
    if (tooLong.length > 0)
      problems.push(`${attribute.name}: a value longer than ${MAX_VALUE_LENGTH} characters was left out.`);
    written = written.filter((value) => value.length <= MAX_VALUE_LENGTH);
    const filter =
      attribute.kind === "number"
        ? numberFilter(attribute, entry, written, units, problems)
        : textFilter(attribute, written, problems);
    if (filter) filters.push(filter);
  }
  return { state: { filters, units }, problems: issues.map((issue) => issue.message), issues };
}

/** Where a problem goes: its message, and the parameter it is about (the attribute's slug unless said). */
interface Problems {
  push(message: string, param?: string): void;
}

function numberFilter(
  attribute: FilterAttribute,
  entry: { min?: string; max?: string },
  written: string[],
  units: UnitSystem,
  problems: Problems,
): SpecFilter | undefined {
  const family = attribute.unitFamily;
  if (!family) return undefined;
  const unit = entryUnit(attribute, units);
  const read = (text: string, param = attribute.slug) => {
    if (text.length > MAX_VALUE_LENGTH) {
      problems.push(`${attribute.name}: a value longer than ${MAX_VALUE_LENGTH} characters was left out.`, param);
      return undefined;
    }
    const measure = parseMeasure(text, family, unit);
    if (measure.ok && Number.isFinite(measure.value)) return measure.value;
    problems.push(
      `${attribute.name}: ${quoted(text.trim())} is not a number this filter takes, so it was left out.`,
      param,
    );
    return undefined;
  };
  const values = [...new Set(written.map((text) => read(text)).filter((value) => value !== undefined))].sort(
    (a, b) => a - b,
  );
  let min = entry.min?.trim() ? read(entry.min, `${attribute.slug}_min`) : undefined;
  let max = entry.max?.trim() ? read(entry.max, `${attribute.slug}_max`) : undefined;
  if (min !== undefined && max !== undefined && min > max) {
    problems.push(
      `${attribute.name}: the minimum (${showNumber(min, family, unit)}) is more than the maximum (${showNumber(max, family, unit)}), so the range was left out.`,
      `${attribute.slug}_min`,
    );
    min = undefined;
    max = undefined;
  }
  if (values.length === 0 && min === undefined && max === undefined) return undefined;
  return {
    slug: attribute.slug,
    kind: "number",
    family,
    unit,
    values,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  };
}

function textFilter(attribute: FilterAttribute, written: string[], problems: Problems): SpecFilter | undefined {
  const values = new Set<string>();
  for (const text of written) {
    const clean = plainText(text).trim();
    if (attribute.kind === "choice") {
      const choice = attribute.choices.find((allowed) => allowed.toLowerCase() === clean.toLowerCase());
      if (choice) values.add(choice);
      else problems.push(`${attribute.name}: ${quoted(clean)} is not one of its choices, so it was left out.`);
    } else if (clean) values.add(clean);
  }
  if (values.size === 0) return undefined;
  return { slug: attribute.slug, kind: "text", values: [...values].sort(compareText) };
}

// Code-point order, the same in every browser and on the server.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The filters as URL parameters, in the canonical order: attributes by slug, values sorted, then the unit system. */
export function specEntries(state: SpecState): [string, string][] {
  const entries: [string, string][] = [];
  for (const filter of [...state.filters].sort((a, b) => compareText(a.slug, b.slug))) {
    if (filter.kind === "text") {
      for (const value of [...filter.values].sort(compareText)) entries.push([filter.slug, value]);
      continue;
    }
    const write = (base: number) => urlNumber(base, filter.family, filter.unit);
    for (const value of [...filter.values].sort((a, b) => a - b)) entries.push([filter.slug, write(value)]);
    if (filter.min !== undefined) entries.push([`${filter.slug}_min`, write(filter.min)]);
    if (filter.max !== undefined) entries.push([`${filter.slug}_max`, write(filter.max)]);
  }
  if (state.units === "metric") entries.push([UNITS_PARAM, "metric"]);
  return entries;
}

const sameNumber = (a: number, b: number) => Math.abs(a - b) < 1e-4;

/** Whether a part with `value` is among the chosen values of `filter`. */
export function isChosen(filter: SpecFilter | undefined, value: string | number): boolean {
  if (!filter) return false;
  if (filter.kind === "text") return typeof value === "string" && filter.values.includes(value);
  return typeof value === "number" && filter.values.some((chosen) => sameNumber(chosen, value));
}

const withFilter = (state: SpecState, slug: string, filter: SpecFilter | undefined): SpecState => ({
  ...state,
  filters: [...state.filters.filter((other) => other.slug !== slug), ...(filter ? [filter] : [])],
});

const isEmpty = (filter: SpecFilter) =>
  filter.values.length === 0 && (filter.kind === "text" || (filter.min === undefined && filter.max === undefined));

function blankFilter(attribute: FilterAttribute, units: UnitSystem): SpecFilter {
  return attribute.kind === "number" && attribute.unitFamily
    ? {
        slug: attribute.slug,
        kind: "number",
        family: attribute.unitFamily,
        unit: entryUnit(attribute, units),
        values: [],
      }
    : { slug: attribute.slug, kind: "text", values: [] };
}

/** The state with `value` of `attribute` chosen, or no longer chosen. */
export function toggleValue(state: SpecState, attribute: FilterAttribute, value: string | number): SpecState {
  const current = state.filters.find((filter) => filter.slug === attribute.slug) ?? blankFilter(attribute, state.units);
  let next: SpecFilter;
  if (current.kind === "text") {
    if (typeof value !== "string") return state;
    const values = isChosen(current, value) ? current.values.filter((v) => v !== value) : [...current.values, value];
    next = { ...current, values: values.sort(compareText) };
  } else {
    if (typeof value !== "number") return state;
    const values = isChosen(current, value)
      ? current.values.filter((v) => !sameNumber(v, value))
      : [...current.values, value];
    next = { ...current, values: values.sort((a, b) => a - b) };
  }
  return withFilter(state, attribute.slug, isEmpty(next) ? undefined : next);
}

/** The state with a number attribute's range set (undefined ends leave that side open). */
export function setRange(state: SpecState, attribute: FilterAttribute, min?: number, max?: number): SpecState {
  const current = state.filters.find((filter) => filter.slug === attribute.slug) ?? blankFilter(attribute, state.units);
  if (current.kind !== "number") return state;
  const { min: _min, max: _max, ...rest } = current;
  const next: SpecFilter = {
    ...rest,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  };
  return withFilter(state, attribute.slug, isEmpty(next) ? undefined : next);
}

/** The state without any filter on `slug`. */
export const clearFilter = (state: SpecState, slug: string): SpecState => withFilter(state, slug, undefined);

/** The state in another unit system: the same parts, written in that system's units. */
export function withUnits(state: SpecState, attributes: readonly FilterAttribute[], units: UnitSystem): SpecState {
  return {
    units,
    filters: state.filters.map((filter) => {
      const attribute = attributes.find((candidate) => candidate.slug === filter.slug);
      return filter.kind === "number" && attribute ? { ...filter, unit: entryUnit(attribute, units) } : filter;
    }),
  };
}

/**
 * What a buyer typed in a range field, in the unit the field is labelled with unless they wrote
 * another ("100", "4-1/2 in"): the base-unit value, empty for an open end, or a message.
 */
export function readRangeEntry(
  text: string,
  attribute: FilterAttribute,
  units: UnitSystem,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: true, value: undefined };
  if (!attribute.unitFamily) return { ok: false, message: `${attribute.name} is not a number.` };
  const measure = parseMeasure(text.slice(0, MAX_VALUE_LENGTH), attribute.unitFamily, entryUnit(attribute, units));
  if (!measure.ok) return { ok: false, message: measure.message };
  return Number.isFinite(measure.value)
    ? { ok: true, value: measure.value }
    : { ok: false, message: `${attribute.name}: enter a smaller number.` };
}
