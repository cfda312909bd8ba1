// Typed product attributes: what a subcategory's products are described by, and each product's
// values. Numbers are stored once in their family's base unit (4-1/2 in as 114.3 mm) so filters
// compare like with like; products.specifications keeps the same values as shown, written in the
// same transaction, for search and the product page.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { AttributeKind } from "../../../domain/catalog/product-input";
import { formatMeasure, formatMeasureExactly, parseMeasure, type UnitFamily } from "../../../domain/catalog/units";
import { oneLine } from "../../../domain/text/plain-text";
import type { Database, Transaction } from "../../db/client";
import { attributes, productAttributeValues, products } from "../../db/schema";

export interface AttributeDefinition {
  id: number;
  subcategory: string;
  slug: string;
  name: string;
  kind: AttributeKind;
  /** Set for numbers only. */
  unitFamily: UnitFamily | null;
  /** The unit numbers are shown in, and a bare number is read in ("in" for a diameter). */
  displayUnit: string | null;
  /** The allowed values of a choice, in the order shown. */
  choices: string[];
  position: number;
}

/** A number in its family's base unit, or the text of a choice or a text attribute. */
export type AttributeValue = { kind: "number"; value: number } | { kind: "text"; value: string };

export type AttributeResult = { ok: true; value: AttributeValue } | { ok: false; message: string };

export const MAX_ATTRIBUTE_TEXT = 200;

const definitionColumns = {
  id: attributes.id,
  subcategory: attributes.subcategorySlug,
  slug: attributes.slug,
  name: attributes.name,
  kind: attributes.kind,
  unitFamily: attributes.unitFamily,
  displayUnit: attributes.displayUnit,
  choices: attributes.choices,
  position: attributes.position,
};

/** A subcategory's attributes in display order. */
export async function attributeDefinitions(
  db: Database | Transaction,
  subcategory: string,
): Promise<AttributeDefinition[]> {
  return db
    .select(definitionColumns)
    .from(attributes)
    .where(eq(attributes.subcategorySlug, subcategory))
    .orderBy(asc(attributes.position), asc(attributes.id));
}

/** The attributes of these subcategories (of all, when none are named) in display order, keyed by subcategory slug. */
export async function attributeDefinitionsBySubcategory(
  db: Database | Transaction,
  subcategories?: string[],
): Promise<Map<string, AttributeDefinition[]>> {
  if (subcategories?.length === 0) return new Map();
  const rows = await db
    .select(definitionColumns)
    .from(attributes)
    .where(subcategories ? inArray(attributes.subcategorySlug, subcategories) : undefined)
    .orderBy(asc(attributes.position), asc(attributes.id));
  const bySubcategory = new Map<string, AttributeDefinition[]>();
  for (const row of rows) bySubcategory.set(row.subcategory, [...(bySubcategory.get(row.subcategory) ?? []), row]);
  return bySubcategory;
}

/**
 * A product's specifications as written (name -> text) read against its subcategory's attributes:
 * the typed values, and the specifications as shown (typed ones in their display unit, in display
 * order; a key no attribute takes, or a value it refuses, is kept as written after them).
 */
export function typeSpecifications(
  definitions: AttributeDefinition[],
  written: Record<string, string>,
): { values: Map<number, AttributeValue>; shown: Record<string, string> } {
  const values = new Map<number, AttributeValue>();
  const shown: Record<string, string> = {};
  const untyped = { ...written };
  for (const definition of definitions) {
    const raw = written[definition.name];
    if (raw === undefined) continue;
    const parsed = parseAttributeValue(definition, raw);
    if (!parsed.ok) continue;
    values.set(definition.id, parsed.value);
    shown[definition.name] = formatAttributeValue(definition, parsed.value);
    delete untyped[definition.name];
  }
  return { values, shown: { ...shown, ...untyped } };
}

/** Reads a value as the operator wrote it; the message names the attribute and what it expects. */
export function parseAttributeValue(definition: AttributeDefinition, raw: string): AttributeResult {
  const text = oneLine(raw).trim();
  const refuse = (why: string): AttributeResult => ({ ok: false, message: `${definition.name}: ${why}` });
  if (text === "") return refuse("enter a value");
  switch (definition.kind) {
    case "number": {
      const family = definition.unitFamily;
      if (!family) return refuse("this attribute has no unit family; fix it in the category editor");
      const measure = parseMeasure(text, family, definition.displayUnit);
      return measure.ok ? { ok: true, value: { kind: "number", value: measure.value } } : refuse(measure.message);
    }
    case "choice": {
      const choice = definition.choices.find((allowed) => allowed.toLowerCase() === text.toLowerCase());
      if (choice) return { ok: true, value: { kind: "text", value: choice } };
      return refuse(`"${text}" is not one of ${definition.choices.join(", ")}`);
    }
    case "text":
      if (text.length > MAX_ATTRIBUTE_TEXT) return refuse(`use at most ${MAX_ATTRIBUTE_TEXT} characters`);
      return { ok: true, value: { kind: "text", value: text } };
  }
}

/** A value as the buyer reads it: numbers in the attribute's display unit. */
export function formatAttributeValue(
  definition: AttributeDefinition,
  value: AttributeValue,
  {
    exact = false,
  }: { /** Written to read back as the very value stored (formatMeasureExactly). */ exact?: boolean } = {},
): string {
  if (value.kind === "text") return value.value;
  if (!definition.unitFamily) return String(value.value);
  return (exact ? formatMeasureExactly : formatMeasure)(value.value, definition.unitFamily, definition.displayUnit);
}

/** A product's values as rows of product_attribute_values (its columns' names). */
export function attributeValueRows(productId: string, values: Map<number, AttributeValue> = new Map()) {
  return [...values].map(([attributeId, value]) => ({
    product_id: productId,
    attribute_id: attributeId,
    number_value: value.kind === "number" ? value.value : null,
    text_value: value.kind === "text" ? value.value : null,
  }));
}

/**
 * Inserts value rows as one JSON parameter: a seed or an import writes thousands at a time, and
 * four bound parameters a row would make the statement slow to build and send.
 */
export async function insertAttributeValues(tx: Transaction, rows: ReturnType<typeof attributeValueRows>) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${productAttributeValues} (product_id, attribute_id, number_value, text_value)
    select product_id, attribute_id, number_value, text_value
    from jsonb_populate_recordset(null::${productAttributeValues}, ${JSON.stringify(rows)}::jsonb)`);
}

/**
 * Replaces every attribute value of the products named in `values` (product id -> attribute id ->
 * value) and their shown specifications, inside the caller's transaction.
 */
export async function writeProductAttributes(
  tx: Transaction,
  definitions: AttributeDefinition[],
  values: Map<string, Map<number, AttributeValue>>,
): Promise<void> {
  if (values.size === 0) return;
  const productIds = [...values.keys()];
  await tx.delete(productAttributeValues).where(inArray(productAttributeValues.productId, productIds));
  const rows = productIds.flatMap((productId) => attributeValueRows(productId, values.get(productId)));
  await insertAttributeValues(tx, rows);
  const shown: Record<string, Record<string, string>> = {};
  for (const productId of productIds) {
    const productValues = values.get(productId) ?? new Map<number, AttributeValue>();
    shown[productId] = {};
    for (const definition of definitions) {
      const value = productValues.get(definition.id);
      if (value) shown[productId][definition.name] = formatAttributeValue(definition, value);
    }
  }
  // One statement for the whole batch: an import writes thousands of products at a time. A row
  // already as shown is not written again (each write redoes the product's search entries).
  await tx.execute(sql`
    update ${products} set specifications = shown.value
    from jsonb_each(${JSON.stringify(shown)}::jsonb) as shown(id, value)
    where ${products.id} = shown.id::uuid and ${products.specifications} is distinct from shown.value`);
}

/** A product's attribute values keyed by attribute id, as stored. */
export async function productAttributeValueMap(
  db: Database | Transaction,
  productId: string,
): Promise<Map<number, AttributeValue>> {
  const rows = await db
    .select({
      attributeId: productAttributeValues.attributeId,
      numberValue: productAttributeValues.numberValue,
      textValue: productAttributeValues.textValue,
    })
    .from(productAttributeValues)
    .where(eq(productAttributeValues.productId, productId));
  return new Map(
    rows.map((row) => [
      row.attributeId,
      row.numberValue !== null
        ? { kind: "number", value: row.numberValue }
        : { kind: "text", value: row.textValue ?? "" },
    ]),
  );
}

/** The product page's specification table: each attribute the product has, in display order. */
export async function productSpecifications(
  db: Database | Transaction,
  productId: string,
): Promise<{ name: string; value: string }[]> {
  const rows = await db
    .select({
      ...definitionColumns,
      numberValue: productAttributeValues.numberValue,
      textValue: productAttributeValues.textValue,
    })
    .from(productAttributeValues)
    .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(eq(productAttributeValues.productId, productId))
    .orderBy(asc(attributes.position), asc(attributes.id));
  return rows.map(({ numberValue, textValue, ...definition }) => ({
    name: definition.name,
    value: formatAttributeValue(
      definition,
      numberValue !== null ? { kind: "number", value: numberValue } : { kind: "text", value: textValue ?? "" },
    ),
  }));
}
