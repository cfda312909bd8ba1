// Typed attribute definitions read off values written as text: what the generated catalogue's
// subcategories get when seeded, and what an upgraded store's products.specifications give
// (docs/product-rules.md, Specifications). A key whose every value is a measure of one family is
// a number in that family; a short list of values is a choice; anything else is text.
import type { AttributeKind } from "../../../domain/catalog/product-input";
import { parseMeasure, type UnitFamily } from "../../../domain/catalog/units";
import { slugify } from "./generator";

export interface AttributeDraft {
  slug: string;
  name: string;
  kind: AttributeKind;
  unitFamily: UnitFamily | null;
  displayUnit: string | null;
  choices: string[];
  position: number;
}

/** More distinct values than this and a key is free text rather than a choice. */
export const MAX_CHOICES = 30;

// Families whose values carry no unit: the key's name tells what a bare number is.
const familiesByName: [RegExp, UnitFamily][] = [
  [/\bgrit\b/i, "grit"],
  [/\brpm\b|\bspeed\b/i, "speed"],
  [/^(?:pack|quantity|pieces|teeth|steps|count)$/i, "count"],
];
// Families recognised by the unit written after every value. Mass before volume: "16 oz" on a
// hammer is a weight.
const familiesByUnit: UnitFamily[] = ["length", "mass", "volume", "angle", "current", "speed"];

function mostWritten(units: string[]): string {
  const counts = new Map<string, number>();
  for (const unit of units) counts.set(unit, (counts.get(unit) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

function measuredFamily(name: string, values: readonly string[]) {
  const named = familiesByName.find(([pattern]) => pattern.test(name))?.[1];
  for (const family of named ? [named] : familiesByUnit) {
    const units: string[] = [];
    for (const value of values) {
      const read = parseMeasure(value, family);
      // Without a name that says what a bare number is, "27" is a type, not a length.
      if (!read.ok || (!named && !read.unitWritten)) break;
      units.push(read.unit);
    }
    if (units.length === values.length) return { family, displayUnit: mostWritten(units) || null };
  }
  return undefined;
}

/** The definition a key's values call for, at `position` in the subcategory's order. */
export function deriveAttribute(name: string, values: readonly string[], position: number): AttributeDraft {
  const base = { slug: slugify(name), name, position, unitFamily: null, displayUnit: null, choices: [] };
  const measured = values.length > 0 ? measuredFamily(name, values) : undefined;
  if (measured) return { ...base, kind: "number", unitFamily: measured.family, displayUnit: measured.displayUnit };
  if (values.length > 0 && values.length <= MAX_CHOICES) return { ...base, kind: "choice", choices: [...values] };
  return { ...base, kind: "text" };
}

/** A subcategory's definitions from its keys and their distinct values, in the keys' order. */
export function deriveDefinitions(valuesByKey: Map<string, readonly string[]>): AttributeDraft[] {
  return [...valuesByKey].map(([name, values], index) => deriveAttribute(name, values, index + 1));
}
