// The starter catalogue's part families: parts of one subcategory alike in everything but their
// size (a grinding wheel's diameter and thickness, a drill's size, a glove's) are one family, each
// size once (docs/decisions/part-families.md). Pure and deterministic, as the generator is.
import { titleFromSlug } from "../../../domain/catalog/category-tree";
import { MAX_FAMILY_NAME } from "../../../domain/catalog/families";

/** The specifications a family of each subcategory varies in, in the selector's order. */
export const familySizes: Record<string, readonly string[]> = {
  "grinding-wheels": ["Diameter", "Thickness"],
  "cut-off-wheels": ["Diameter", "Thickness"],
  "flap-discs": ["Diameter"],
  "fractional-drill-bits": ["Size"],
  "number-drill-bits": ["Size"],
  "letter-drill-bits": ["Size"],
  gloves: ["Size"],
  "disposable-gloves": ["Size"],
};

// Not what makes parts alike: the rated speed follows from the diameter, and the demo's brands and
// countries of origin are drawn at random, part by part.
const ignored = new Set(["Max RPM", "Country of Origin"]);

export interface SeededPart {
  partNumber: string;
  subcategory: string;
  specifications: Record<string, string>;
}

export interface SeededFamily {
  name: string;
  subcategory: string;
  /** The specifications its parts differ in, of the subcategory's sizes. */
  sizes: string[];
  partNumbers: string[];
}

/**
 * The families among `parts`, in the order their first part comes: parts alike are grouped, and
 * each group split so that a size appears once in a family (a second 4-1/2 x 1/4 in wheel starts
 * the group's second family). A family of one part is none.
 */
export function seededFamilies(parts: Iterable<SeededPart>): SeededFamily[] {
  type Group = { name: string; sizes: readonly string[]; families: SeededPart[][]; sizesSeen: Map<string, number> };
  const groups = new Map<string, Group>();
  for (const part of parts) {
    const sizes = familySizes[part.subcategory];
    if (!sizes) continue;
    const alike = Object.entries(part.specifications).filter(([key]) => !sizes.includes(key) && !ignored.has(key));
    const key = JSON.stringify([part.subcategory, alike]);
    const group: Group = groups.get(key) ?? {
      name: `${titleFromSlug(part.subcategory)}: ${alike.map(([name, value]) => `${name} ${value}`).join(", ")}`,
      sizes,
      families: [],
      sizesSeen: new Map(),
    };
    groups.set(key, group);
    // The first family without this size is the one after the families that have it: as many as
    // parts of this size came before (counted, not searched: a million parts make large groups).
    const size = JSON.stringify(sizes.map((name) => part.specifications[name]));
    const before = group.sizesSeen.get(size) ?? 0;
    group.sizesSeen.set(size, before + 1);
    const family = group.families[before];
    if (family) family.push(part);
    else group.families.push([part]);
  }
  const names = new Set<string>();
  return [...groups.values()].flatMap((group) =>
    group.families
      .filter((members) => members.length > 1)
      .map((members, index) => {
        const first = members[0] as SeededPart;
        const numbered = index === 0 ? group.name : `${group.name} (${index + 1})`;
        // A name too long for a family's is the subcategory's and its first part number: still unique.
        const name =
          numbered.length <= MAX_FAMILY_NAME && !names.has(numbered.toLowerCase())
            ? numbered
            : `${titleFromSlug(first.subcategory)} ${first.partNumber}`;
        names.add(name.toLowerCase());
        return {
          name,
          subcategory: first.subcategory,
          sizes: group.sizes.filter((size) =>
            members.some((member) => member.specifications[size] !== first.specifications[size]),
          ),
          partNumbers: members.map((member) => member.partNumber),
        };
      }),
  );
}
