// What the storefront shows of a part's family (docs/decisions/part-families.md): the product page's
// selector, whose options are links to the members' own pages, and a listing's family cards.
import { eq, inArray, or } from "drizzle-orm";
import { type FamilyAttribute, familyRange, familySelector, type ShownFamily } from "../../../domain/catalog/families";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { partFamilies, products } from "../../db/schema";
import { attributeDefinitionsBySubcategory } from "../products/attributes";
import { familyMembers, type StoredMember } from "../products/families";
import { listedForBuyers } from "../products/visibility";

/** The family's attributes, in its own order, as its subcategory defines them. */
function familyAttributes(slugs: string[], definitions: FamilyAttribute[]): FamilyAttribute[] {
  return slugs.flatMap((slug) => definitions.filter((definition) => definition.slug === slug));
}

/**
 * The selector of a part's family, among the parts a buyer is sold (and the part shown, if it is
 * discontinued); null when the part has no family or is the only one of it the buyer may see.
 */
export async function productFamily(
  product: { id: string; partNumber: string; subcategory: string; familyId: number | null },
  catalogue: CatalogueScope | null,
): Promise<ShownFamily | null> {
  if (product.familyId === null) return null;
  const [[family], members, definitions] = await Promise.all([
    db()
      .select({ name: partFamilies.name, attributeSlugs: partFamilies.attributeSlugs })
      .from(partFamilies)
      .where(eq(partFamilies.id, product.familyId)),
    familyMembers(db(), [product.familyId], or(listedForBuyers(catalogue), eq(products.id, product.id))),
    attributeDefinitionsBySubcategory(db(), [product.subcategory]),
  ]);
  if (!family || members.length < 2) return null;
  const attributes = familyAttributes(family.attributeSlugs, definitions.get(product.subcategory) ?? []);
  const pageOf = new Map(members.map((member) => [member.partNumber, `/products/${member.slug}`]));
  const groups = familySelector(attributes, members, product.partNumber).map((group) => ({
    ...group,
    options: group.options.map((option) => ({ ...option, href: pageOf.get(option.partNumber) ?? "" })),
  }));
  return { name: family.name, size: members.length, groups };
}

export interface FamilyCard {
  name: string;
  /** "4 to 7 in × 1/8 to 1/4 in, 8 sizes". */
  range: string;
  /** The lowest list price among its parts. */
  fromPrice: string;
}

/** The families of these ids as a listing's cards show them, among the parts a buyer is sold. */
export async function familyCards(
  familyIds: number[],
  catalogue: CatalogueScope | null,
): Promise<Map<number, FamilyCard>> {
  const ids = [...new Set(familyIds)];
  if (ids.length === 0) return new Map();
  const [families, members] = await Promise.all([
    db()
      .select({ id: partFamilies.id, name: partFamilies.name, attributeSlugs: partFamilies.attributeSlugs })
      .from(partFamilies)
      .where(inArray(partFamilies.id, ids)),
    familyMembers(db(), ids, listedForBuyers(catalogue)),
  ]);
  const definitions = await attributeDefinitionsBySubcategory(db(), [
    ...new Set(members.map((member) => member.subcategory)),
  ]);
  const cards = new Map<number, FamilyCard>();
  for (const family of families) {
    const own: StoredMember[] = members.filter((member) => member.familyId === family.id);
    const first = own[0];
    if (!first || own.length < 2) continue;
    const attributes = familyAttributes(family.attributeSlugs, definitions.get(first.subcategory) ?? []);
    const fromPrice = own.reduce(
      (low, member) => (Number(member.price) < Number(low) ? member.price : low),
      first.price,
    );
    cards.set(family.id, { name: family.name, range: familyRange(attributes, own), fromPrice });
  }
  return cards;
}
