// Part families as the store keeps them (docs/decisions/part-families.md): found and made by name,
// their parts' values by attribute slug, and settled before a write (the editor's or the import's)
// so that every part of a family stays told apart by the family's attributes.
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type FamilyAttribute,
  type FamilyMember,
  type FamilyProblem,
  type FamilyValue,
  familyKey,
  familyProblems,
  settleFamily,
} from "../../../domain/catalog/families";
import type { Database, Transaction } from "../../db/client";
import { attributes, partFamilies, productAttributeValues, products } from "../../db/schema";
import { attributeDefinitions } from "./attributes";
import { normalizePartNumber } from "./part-numbers";

export interface StoredFamily {
  id: number;
  name: string;
  attributeSlugs: string[];
}

/** The families named (any capitalisation), by familyKey. */
export async function familiesByName(db: Database | Transaction, names: string[]): Promise<Map<string, StoredFamily>> {
  const keys = [...new Set(names.map(familyKey))].filter((key) => key !== "");
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: partFamilies.id, name: partFamilies.name, attributeSlugs: partFamilies.attributeSlugs })
    .from(partFamilies)
    .where(inArray(sql`lower(${partFamilies.name})`, keys));
  return new Map(rows.map((row) => [familyKey(row.name), row]));
}

/** Every family's name, for the editor's list to pick from. */
export async function familyNames(db: Database | Transaction): Promise<string[]> {
  const rows = await db.select({ name: partFamilies.name }).from(partFamilies).orderBy(asc(partFamilies.name));
  return rows.map((row) => row.name);
}

/**
 * Makes the families named that do not exist yet and sets each one's attributes (given by name),
 * inside the caller's transaction; returns every named family's id by familyKey.
 */
export async function writeFamilies(
  tx: Transaction,
  families: { name: string; attributeSlugs?: string[] }[],
): Promise<Map<string, number>> {
  const named = [...new Map(families.map((family) => [familyKey(family.name), family])).values()].filter(
    (family) => familyKey(family.name) !== "",
  );
  if (named.length === 0) return new Map();
  // Two statements whatever their number: an import names hundreds of families a batch. A family's
  // spelling stays as first written; one named without attributes keeps its own.
  const given = sql`jsonb_to_recordset(${JSON.stringify(named.map((family) => ({ name: family.name, attribute_slugs: family.attributeSlugs ?? null })))}::jsonb)
      as given(name text, attribute_slugs jsonb)`;
  await tx.execute(sql`
    insert into ${partFamilies} (name, attribute_slugs)
    select name, coalesce(attribute_slugs, '[]'::jsonb) from ${given}
    on conflict (lower(name)) do nothing`);
  await tx.execute(sql`
    update ${partFamilies} set attribute_slugs = given.attribute_slugs from ${given}
    where lower(${partFamilies.name}) = lower(given.name) and given.attribute_slugs is not null
      and given.attribute_slugs is distinct from ${partFamilies.attributeSlugs}`);
  const stored = await familiesByName(
    tx,
    named.map((family) => family.name),
  );
  return new Map([...stored].map(([key, family]) => [key, family.id]));
}

export interface StoredMember extends FamilyMember {
  productId: string;
  slug: string;
  price: string;
  subcategory: string;
  familyId: number;
}

/** The parts of these families with their values by attribute slug, in part-number order. */
export async function familyMembers(
  db: Database | Transaction,
  familyIds: number[],
  shown?: SQL,
): Promise<StoredMember[]> {
  if (familyIds.length === 0) return [];
  const parts = await db
    .select({
      productId: products.id,
      partNumber: products.partNumber,
      slug: products.slug,
      price: products.price,
      subcategory: products.subcategory,
      familyId: products.familyId,
    })
    .from(products)
    .where(and(inArray(products.familyId, familyIds), shown))
    .orderBy(asc(products.partNumber));
  if (parts.length === 0) return [];
  const values = await db
    .select({
      productId: productAttributeValues.productId,
      slug: attributes.slug,
      numberValue: productAttributeValues.numberValue,
      textValue: productAttributeValues.textValue,
    })
    .from(productAttributeValues)
    .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(
      inArray(
        productAttributeValues.productId,
        parts.map((part) => part.productId),
      ),
    );
  const valuesOf = new Map<string, Record<string, FamilyValue>>();
  for (const row of values) {
    const own = valuesOf.get(row.productId) ?? {};
    own[row.slug] =
      row.numberValue !== null
        ? { kind: "number", value: row.numberValue }
        : { kind: "text", value: row.textValue ?? "" };
    valuesOf.set(row.productId, own);
  }
  return parts.map((part) => ({
    ...part,
    familyId: part.familyId ?? 0,
    values: valuesOf.get(part.productId) ?? {},
  }));
}

/** A part asking to be in a family, as the editor or a row of the import writes it. */
export interface FamilyRequest {
  family: string;
  partNumber: string;
  /** The part's normalized part number. */
  partKey: string;
  subcategory: string;
  values: Record<string, FamilyValue>;
  /** The editor's choice of the family's attributes: they must tell the parts apart, or the part is refused. */
  chosen?: string[];
}

export interface SettledFamilies {
  /** familyKey -> the family's name as kept and the attributes its parts differ in after the write. */
  families: Map<string, { name: string; attributeSlugs: string[] }>;
  /** Normalized part number -> why it cannot join its family. */
  refused: Map<string, string>;
}

/**
 * Settles the families `requests` name: their parts after the write are those in the store (less
 * the parts in `writing`, whose family the write sets) and the requests, in order. A family's parts
 * share one subcategory, its attributes are that subcategory's, and every part must be told apart
 * by them (settleFamily); a request that cannot be is refused with the reason.
 */
export async function settleFamilies(
  db: Database | Transaction,
  requests: FamilyRequest[],
  writing: ReadonlySet<string>,
): Promise<SettledFamilies> {
  const settled: SettledFamilies = { families: new Map(), refused: new Map() };
  const byFamily = new Map<string, FamilyRequest[]>();
  for (const request of requests) {
    const key = familyKey(request.family);
    if (key !== "") byFamily.set(key, [...(byFamily.get(key) ?? []), request]);
  }
  if (byFamily.size === 0) return settled;
  const stored = await familiesByName(db, [...byFamily.keys()]);
  const staying = (
    await familyMembers(
      db,
      [...stored.values()].map((family) => family.id),
    )
  ).filter((member) => !writing.has(normalizePartNumber(member.partNumber)));
  const definitions = new Map<string, FamilyAttribute[]>();
  const attributesOf = async (subcategory: string) => {
    const known = definitions.get(subcategory);
    if (known) return known;
    const read = await attributeDefinitions(db, subcategory);
    definitions.set(subcategory, read);
    return read;
  };
  for (const [key, asking] of byFamily) {
    const family = stored.get(key);
    const name = family?.name ?? asking[0]?.family ?? key;
    const members = staying.filter((member) => member.familyId === family?.id);
    const subcategory = members[0]?.subcategory ?? asking[0]?.subcategory ?? "";
    const joining = asking.filter((request) => {
      if (request.subcategory === subcategory) return true;
      settled.refused.set(
        request.partKey,
        `The parts of family "${name}" are in subcategory "${subcategory}", and ${request.partNumber} is in "${request.subcategory}": a family's parts share a subcategory`,
      );
      return false;
    });
    const everyone: FamilyMember[] = [...members, ...joining];
    const own = await attributesOf(subcategory);
    const chosen = joining.find((request) => request.chosen && request.chosen.length > 0)?.chosen;
    let slugs: string[];
    let problems: FamilyProblem[];
    if (chosen) {
      slugs = chosen;
      problems = familyProblems(name, own, chosen, everyone);
    } else {
      const result = settleFamily(name, own, family?.attributeSlugs ?? [], everyone);
      slugs = result.slugs;
      problems = result.refused;
    }
    for (const problem of problems) {
      const request = joining.find((candidate) => candidate.partNumber === problem.partNumber) ?? joining[0];
      if (request && !settled.refused.has(request.partKey)) settled.refused.set(request.partKey, problem.message);
    }
    settled.families.set(key, { name, attributeSlugs: slugs });
  }
  return settled;
}

/** A product's typed values (by attribute id) by attribute slug, as the family rules read them. */
export function valuesBySlug(
  definitions: readonly { id: number; slug: string }[],
  values: ReadonlyMap<number, FamilyValue>,
): Record<string, FamilyValue> {
  const bySlug: Record<string, FamilyValue> = {};
  for (const definition of definitions) {
    const value = values.get(definition.id);
    if (value) bySlug[definition.slug] = value;
  }
  return bySlug;
}
