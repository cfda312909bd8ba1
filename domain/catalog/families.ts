// Part families: one part in several sizes (a grinding wheel by diameter x thickness), each size its
// own part number, price, stock and page. The rules the editor, the import, the product page's
// selector and the listings' family cards share (docs/decisions/part-families.md).
import { oneLine } from "../text/plain-text";
import { formatMeasure, formatMeasureRange, type UnitFamily } from "./units";

export const MAX_FAMILY_NAME = 100;

/** What the family rules need of a typed attribute (server/catalog/products/attributes.ts). */
export interface FamilyAttribute {
  slug: string;
  name: string;
  kind: "number" | "text" | "choice";
  unitFamily: UnitFamily | null;
  displayUnit: string | null;
  choices: string[];
}

/** A number in its unit family's base unit, or a choice's or a text's value. */
export type FamilyValue = { kind: "number"; value: number } | { kind: "text"; value: string };

export interface FamilyMember {
  partNumber: string;
  /** Attribute slug -> the part's value; a slug the part gives no value for is absent. */
  values: Record<string, FamilyValue | undefined>;
}

/** A family name as written (one line, trimmed); "" is none. */
export const familyName = (written: string) => oneLine(written).trim().replace(/\s+/g, " ");

/** Names are one family however they are capitalised: "Type 27 wheels" is "type 27 WHEELS". */
export const familyKey = (name: string) => familyName(name).toLowerCase();

const sameValue = (a: FamilyValue | undefined, b: FamilyValue | undefined) =>
  a?.kind === b?.kind && a?.value === b?.value;

/** A value as the buyer reads it: numbers in the attribute's display unit. */
export function formatFamilyValue(attribute: FamilyAttribute, value: FamilyValue): string {
  if (value.kind === "text" || !attribute.unitFamily) return String(value.value);
  return formatMeasure(value.value, attribute.unitFamily, attribute.displayUnit);
}

/** Sizes in their natural order: numbers by size, choices in the operator's order, text alphabetically. */
function compareValues(attribute: FamilyAttribute, a: FamilyValue, b: FamilyValue): number {
  if (a.kind === "number" && b.kind === "number") return a.value - b.value;
  const choice = (value: FamilyValue) => attribute.choices.indexOf(String(value.value));
  if (attribute.kind === "choice" && choice(a) >= 0 && choice(b) >= 0) return choice(a) - choice(b);
  return String(a.value).localeCompare(String(b.value), "en");
}

/** A member's values of these attributes, as one text: equal texts, equal combinations. */
const combination = (member: FamilyMember, slugs: readonly string[]) =>
  JSON.stringify(slugs.map((slug) => member.values[slug] ?? null));

/**
 * The attributes a family's parts are told apart by, when no choice of them stands: those every
 * part gives and whose values are not all the same, in the attributes' order, leaving out one whose
 * value follows from an earlier one's (a wheel's Max RPM from its diameter: it is not a choice).
 */
export function differingAttributes(
  attributes: readonly FamilyAttribute[],
  members: readonly FamilyMember[],
): string[] {
  const differing = attributes.filter(
    ({ slug }) =>
      members.every((member) => member.values[slug] !== undefined) &&
      members.some((member) => !sameValue(member.values[slug], members[0]?.values[slug])),
  );
  const kept: string[] = [];
  for (const { slug } of differing) {
    const follows = kept.some((earlier) => {
      const seen = new Map<string, FamilyValue | undefined>();
      return members.every((member) => {
        const key = combination(member, [earlier]);
        if (!seen.has(key)) seen.set(key, member.values[slug]);
        return sameValue(seen.get(key), member.values[slug]);
      });
    });
    if (!follows) kept.push(slug);
  }
  return kept;
}

export interface FamilyProblem {
  partNumber: string;
  message: string;
}

/**
 * What stops `members` being told apart by `slugs`: a part that gives no value for one of them, or
 * one whose values are an earlier part's (the later of the two is named).
 */
export function familyProblems(
  family: string,
  attributes: readonly FamilyAttribute[],
  slugs: readonly string[],
  members: readonly FamilyMember[],
): FamilyProblem[] {
  const named = slugs.map((slug) => attributes.find((attribute) => attribute.slug === slug));
  const names = named.map((attribute, i) => attribute?.name ?? slugs[i]).join(" × ");
  const problems: FamilyProblem[] = [];
  const seen = new Map<string, string>();
  for (const member of members) {
    const absent = slugs.findIndex((slug, i) => !named[i] || member.values[slug] === undefined);
    if (absent >= 0) {
      const name = named[absent]?.name ?? slugs[absent];
      problems.push({
        partNumber: member.partNumber,
        message: `${member.partNumber} has no ${name}, which the parts of family "${family}" differ in: give it one, or leave it out of the family`,
      });
      continue;
    }
    const key = combination(member, slugs);
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, member.partNumber);
      continue;
    }
    const values = named
      .map((attribute, i) => {
        const value = member.values[slugs[i] ?? ""];
        return attribute && value ? formatFamilyValue(attribute, value) : "";
      })
      .join(" × ");
    problems.push({
      partNumber: member.partNumber,
      message:
        slugs.length === 0
          ? `${member.partNumber} and ${earlier} do not differ in any attribute: the parts of family "${family}" must differ in size or another attribute`
          : `${member.partNumber} is ${values} (${names}), as ${earlier} is: each part of family "${family}" needs its own ${names}`,
    });
  }
  return problems;
}

/**
 * The attributes a family is told apart by, and the parts that cannot join it. `stored` (the
 * editor's choice, or the last import's) stands while it still tells every part apart; otherwise
 * they are the attributes the parts differ in. `members` lists the parts that stay whatever
 * happens first (in the store, not being written), then the parts asking to join in the order
 * asked; of two parts alike, the later is refused, and the rest settled again without it.
 */
export function settleFamily(
  family: string,
  attributes: readonly FamilyAttribute[],
  stored: readonly string[],
  members: readonly FamilyMember[],
): { slugs: string[]; refused: FamilyProblem[] } {
  const refused: FamilyProblem[] = [];
  let kept = [...members];
  for (;;) {
    if (stored.length > 0 && familyProblems(family, attributes, stored, kept).length === 0)
      return { slugs: [...stored], refused };
    const slugs = differingAttributes(attributes, kept);
    const problems = familyProblems(family, attributes, slugs, kept);
    const first = problems[0];
    if (!first) return { slugs, refused };
    refused.push(first);
    kept = kept.filter((member) => member.partNumber !== first.partNumber);
  }
}

export interface SelectorOption {
  /** The value as read: "4-1/2 in". */
  text: string;
  /** The part number the option leads to. */
  partNumber: string;
  /** The part shown now has this value. */
  current: boolean;
  /** The attributes the part it leads to has otherwise than the part shown now ("Thickness 1/4 in"). */
  changes: string[];
}

export interface SelectorGroup {
  slug: string;
  name: string;
  options: SelectorOption[];
}

/**
 * The product page's selector: one group per attribute of the family, each value its members have
 * once, in order. A value leads to the part with it and the shown part's other values; where no
 * part has that combination, to the part with it that is nearest the shown one (its earlier
 * attributes weigh first, then how near each value is), and the option says what else changes.
 */
export function familySelector(
  attributes: readonly FamilyAttribute[],
  members: readonly FamilyMember[],
  current: string,
): SelectorGroup[] {
  const shown = members.find((member) => member.partNumber === current);
  if (!shown) return [];
  return attributes.map((attribute) => {
    const values: FamilyValue[] = [];
    for (const member of members) {
      const value = member.values[attribute.slug];
      if (value && !values.some((seen) => sameValue(seen, value))) values.push(value);
    }
    values.sort((a, b) => compareValues(attribute, a, b));
    const others = attributes.filter((other) => other.slug !== attribute.slug);
    const options = values.map((value) => {
      const candidates = members.filter((member) => sameValue(member.values[attribute.slug], value));
      const target = candidates.reduce((best, candidate) =>
        nearness(others, shown, candidate, best) < 0 ? candidate : best,
      );
      return {
        text: formatFamilyValue(attribute, value),
        partNumber: target.partNumber,
        current: sameValue(shown.values[attribute.slug], value),
        changes: others.flatMap((other) => {
          const theirs = target.values[other.slug];
          return theirs && !sameValue(theirs, shown.values[other.slug])
            ? [`${other.name} ${formatFamilyValue(other, theirs)}`]
            : [];
        }),
      };
    });
    return { slug: attribute.slug, name: attribute.name, options };
  });
}

/** A part's family as its page shows it: the selector's options lead to the members' own pages. */
export interface ShownFamily {
  name: string;
  /** How many parts the buyer may move between. */
  size: number;
  groups: (Omit<SelectorGroup, "options"> & { options: (SelectorOption & { href: string })[] })[];
}

/** Below 0 when `a` is nearer `shown` than `b` on `attributes`, earlier attributes first. */
function nearness(
  attributes: readonly FamilyAttribute[],
  shown: FamilyMember,
  a: FamilyMember,
  b: FamilyMember,
): number {
  const distance = (member: FamilyMember, slug: string) => {
    const mine = shown.values[slug];
    const theirs = member.values[slug];
    if (sameValue(mine, theirs)) return 0;
    if (mine?.kind === "number" && theirs?.kind === "number") return 1 + Math.abs(mine.value - theirs.value);
    return Number.POSITIVE_INFINITY;
  };
  for (const { slug } of attributes) {
    const sameA = distance(a, slug) === 0;
    const sameB = distance(b, slug) === 0;
    if (sameA !== sameB) return sameA ? -1 : 1;
  }
  for (const { slug } of attributes) {
    const difference = distance(a, slug) - distance(b, slug);
    if (difference !== 0 && !Number.isNaN(difference)) return difference;
  }
  return a.partNumber.localeCompare(b.partNumber, "en");
}

/**
 * A family card's range: each attribute from its least to its greatest value, then how many parts:
 * "4 to 7 in × 1/8 to 1/4 in, 8 sizes".
 */
export function familyRange(attributes: readonly FamilyAttribute[], members: readonly FamilyMember[]): string {
  const ranges = attributes.flatMap((attribute) => {
    const values = members
      .map((member) => member.values[attribute.slug])
      .filter((value): value is FamilyValue => value !== undefined)
      .sort((a, b) => compareValues(attribute, a, b));
    const low = values[0];
    const high = values.at(-1);
    if (!low || !high) return [];
    if (low.kind === "number" && high.kind === "number" && attribute.unitFamily)
      return [formatMeasureRange(low.value, high.value, attribute.unitFamily, attribute.displayUnit)];
    const from = formatFamilyValue(attribute, low);
    const to = formatFamilyValue(attribute, high);
    return [from === to ? from : `${from} to ${to}`];
  });
  const count = `${members.length} ${members.length === 1 ? "size" : "sizes"}`;
  return ranges.length > 0 ? `${ranges.join(" × ")}, ${count}` : count;
}
