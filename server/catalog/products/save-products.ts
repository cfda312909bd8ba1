// Writing the operator's products: the one path for the back office's editor and the catalogue
// import. Products are matched by part number (as buyers type them: case, dashes and spaces do not
// count), created or updated with their tiers and typed attributes, and left alone when nothing
// changed, so importing the same file twice writes nothing the second time. A product restocked
// here (stock from 0 to more) has its waiting buyers e-mailed in the same transaction.
import { inArray, sql } from "drizzle-orm";
import { familyKey } from "../../../domain/catalog/families";
import { orderedHazard } from "../../../domain/catalog/hazard-input";
import {
  type CompleteProductInput,
  completeProduct,
  type KeptFields,
  minimumProblem,
  type ProductInput,
  type TierInput,
} from "../../../domain/catalog/product-input";
import type { Database, Transaction } from "../../db/client";
import { productAttributeValues, productBulkTiers, products, subcategories } from "../../db/schema";
import { fillBackorders } from "../../orders/backorder-fill";
import { productSlug } from "../seed/generator";
import {
  type AttributeValue,
  attributeDefinitionsBySubcategory,
  parseAttributeValue,
  writeProductAttributes,
} from "./attributes";
import { notifyBackInStock } from "./back-in-stock";
import { writeFamilies } from "./families";
import { normalizePartNumber } from "./part-numbers";

/** What is wrong with one product, by field (an input's key, or `attributes.<slug>`). */
export interface ProductProblem {
  field: string;
  message: string;
}

/** A product that passed every check: ready for `saveProducts`. */
export interface CheckedProduct {
  input: CompleteProductInput;
  /** Attribute id -> typed value. */
  values: Map<number, AttributeValue>;
}

export type CheckResult = { ok: true; product: CheckedProduct } | { ok: false; problems: ProductProblem[] };

/**
 * Checks what only the database knows: the category and subcategory exist and belong together, each
 * attribute is one of the subcategory's and its value fits, related parts exist (in the store or
 * among `alsoKnown`, the part numbers written with these), and a field left out (a file without its
 * column) is the product's own, a new product's default, and fits with those written. One result
 * per input, in order.
 */
export async function checkProducts(
  db: Database | Transaction,
  inputs: ProductInput[],
  alsoKnown: ReadonlySet<string> = new Set(),
): Promise<CheckResult[]> {
  const subcategorySlugs = [...new Set(inputs.map((input) => input.subcategory))];
  const [tree, definitions, related, kept] = await Promise.all([
    subcategorySlugs.length > 0
      ? db
          .select({ slug: subcategories.slug, category: subcategories.categorySlug })
          .from(subcategories)
          .where(inArray(subcategories.slug, subcategorySlugs))
      : [],
    attributeDefinitionsBySubcategory(db, subcategorySlugs),
    existingPartKeys(db, [...new Set(inputs.flatMap((input) => input.relatedParts))]),
    keptFieldsOf(db, inputs),
  ]);
  const categoryOf = new Map(tree.map((row) => [row.slug, row.category]));
  const known = new Set([...related, ...[...alsoKnown].map(normalizePartNumber)]);
  return inputs.map((written) => {
    const problems: ProductProblem[] = [];
    const input = completeProduct(written, kept.get(normalizePartNumber(written.partNumber)));
    const minimum = minimumProblem(input.minOrderQuantity, input.orderMultiple);
    if (minimum) {
      // The schema checked a pair written together; here one of the two is the part's own.
      const keptMinimum = written.minOrderQuantity === undefined;
      problems.push({
        field: keptMinimum ? "orderMultiple" : "minOrderQuantity",
        message: `${minimum}; the part's ${keptMinimum ? `minimum (${input.minOrderQuantity})` : `order multiple (${input.orderMultiple})`} is kept, as the file has no column for it`,
      });
    }
    const category = categoryOf.get(input.subcategory);
    if (category === undefined)
      problems.push({ field: "subcategory", message: `There is no subcategory "${input.subcategory}"` });
    else if (category !== input.category)
      problems.push({
        field: "category",
        message: `Subcategory "${input.subcategory}" is in category "${category}", not "${input.category}"`,
      });
    const own = definitions.get(input.subcategory) ?? [];
    const values = new Map<number, AttributeValue>();
    for (const [slug, raw] of Object.entries(input.attributes)) {
      // An unknown subcategory has no attributes to check against: its own problem says enough.
      if (raw.trim() === "" || category === undefined) continue;
      const definition = own.find((candidate) => candidate.slug === slug);
      if (!definition) {
        problems.push({
          field: `attributes.${slug}`,
          message: `Subcategory "${input.subcategory}" has no attribute "${slug}"`,
        });
        continue;
      }
      const parsed = parseAttributeValue(definition, raw);
      if (parsed.ok) values.set(definition.id, parsed.value);
      else problems.push({ field: `attributes.${slug}`, message: parsed.message });
    }
    for (const part of input.relatedParts) {
      if (normalizePartNumber(part) === normalizePartNumber(input.partNumber))
        problems.push({ field: "relatedParts", message: "A part cannot be related to itself" });
      else if (!known.has(normalizePartNumber(part)))
        problems.push({ field: "relatedParts", message: `There is no part ${part}` });
    }
    return problems.length > 0 ? { ok: false, problems } : { ok: true, product: { input, values } };
  });
}

const keptColumns = ["unit", "packQuantity", "minOrderQuantity", "orderMultiple", "hazard"] as const;

/** The fields the inputs leave out, as their products have them, by part key. */
async function keptFieldsOf(db: Database | Transaction, inputs: ProductInput[]): Promise<Map<string, KeptFields>> {
  const keys = inputs
    .filter((input) => keptColumns.some((field) => input[field] === undefined))
    .map((input) => normalizePartNumber(input.partNumber));
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      partKey: products.partKey,
      unit: products.unit,
      packQuantity: products.packQuantity,
      minOrderQuantity: products.minOrderQuantity,
      orderMultiple: products.orderMultiple,
      hazard: products.hazard,
    })
    .from(products)
    .where(inArray(products.partKey, keys));
  return new Map(rows.map(({ partKey, ...fields }) => [partKey ?? "", fields]));
}

async function existingPartKeys(db: Database | Transaction, partNumbers: string[]): Promise<string[]> {
  if (partNumbers.length === 0) return [];
  const rows = await db
    .select({ partKey: products.partKey })
    .from(products)
    .where(inArray(products.partKey, partNumbers.map(normalizePartNumber)));
  return rows.map((row) => row.partKey ?? "");
}

export interface SaveSummary {
  created: string[];
  updated: string[];
  /** Part numbers whose every field already was as written. */
  unchanged: string[];
  /** Product ids created or updated, for the `catalogChanged` announcement. */
  changedIds: string[];
  /** Of those, the ones whose stock went from 0 to more: their waiting buyers were e-mailed. */
  restockedIds: string[];
}

// The columns the operator writes, compared to tell an unchanged product from a changed one.
const written = (input: CompleteProductInput) => ({
  partNumber: input.partNumber,
  name: input.name,
  brand: input.brand,
  category: input.category,
  subcategory: input.subcategory,
  description: input.description,
  price: input.price,
  stockLevel: input.stockLevel,
  leadTimeDays: input.leadTimeDays,
  backorderable: input.backorderable,
  unit: input.unit,
  packQuantity: input.packQuantity,
  minOrderQuantity: input.minOrderQuantity,
  orderMultiple: input.orderMultiple,
  hazard: input.hazard && orderedHazard(input.hazard),
  status: input.status,
  oemNumbers: input.oemNumbers,
  relatedProducts: input.relatedParts,
  images: input.images,
  // Rebuilt in one key order: jsonb hands a stored document back as { url, name }, and the
  // comparison below is of JSON text, so every product with a document read as changed.
  documents: input.documents.map(({ name, url }) => ({ name, url })),
});

// The same columns as the database names them, for the batch statements of saveProducts.
const writtenRow = (input: CompleteProductInput) => {
  const row = written(input);
  return {
    part_number: row.partNumber,
    name: row.name,
    brand: row.brand,
    category: row.category,
    subcategory: row.subcategory,
    description: row.description,
    price: row.price,
    stock_level: row.stockLevel,
    lead_time_days: row.leadTimeDays,
    backorderable: row.backorderable,
    unit: row.unit,
    pack_quantity: row.packQuantity,
    min_order_quantity: row.minOrderQuantity,
    order_multiple: row.orderMultiple,
    hazard: row.hazard,
    status: row.status,
    oem_numbers: row.oemNumbers,
    related_products: row.relatedProducts,
    images: row.images,
    documents: row.documents,
  };
};
const writtenColumns = sql.raw(
  "part_number text, name text, brand text, category text, subcategory text, description text, price numeric(12, 2), stock_level integer, lead_time_days integer, backorderable boolean, unit text, pack_quantity integer, min_order_quantity integer, order_multiple integer, hazard jsonb, status text, oem_numbers jsonb, related_products jsonb, images jsonb, documents jsonb, family_id integer",
);
const sameTiers = (a: TierInput[], b: TierInput[]) =>
  a.length === b.length &&
  a.every((tier, i) => tier.minQuantity === b[i]?.minQuantity && Number(tier.unitPrice) === Number(b[i]?.unitPrice));

const sameValues = (a: Map<number, AttributeValue>, b: Map<number, AttributeValue>) =>
  a.size === b.size &&
  [...a].every(([id, value]) => {
    const other = b.get(id);
    return other?.kind === value.kind && other.value === value.value;
  });

/**
 * Creates or updates the checked products in the caller's transaction (one batch: a few thousand at
 * most). New products get a slug from name and part number; an existing one keeps its slug, so its
 * address does not change. The caller announces `catalogChanged` once the transaction commits.
 */
export async function saveProducts(tx: Transaction, batch: CheckedProduct[]): Promise<SaveSummary> {
  const summary: SaveSummary = { created: [], updated: [], unchanged: [], changedIds: [], restockedIds: [] };
  if (batch.length === 0) return summary;
  const keys = batch.map(({ input }) => normalizePartNumber(input.partNumber));
  if (new Set(keys).size !== keys.length) throw new Error("A batch names the same part number twice.");

  const existing = await tx.select().from(products).where(inArray(products.partKey, keys));
  const existingByKey = new Map(existing.map((row) => [row.partKey ?? "", row]));
  const existingIds = existing.map((row) => row.id);
  const [tierRows, valueRows] = existingIds.length
    ? await Promise.all([
        tx.select().from(productBulkTiers).where(inArray(productBulkTiers.productId, existingIds)),
        tx.select().from(productAttributeValues).where(inArray(productAttributeValues.productId, existingIds)),
      ])
    : [[], []];
  const tiersOf = new Map<string, TierInput[]>();
  for (const row of tierRows.sort((a, b) => a.minQuantity - b.minQuantity))
    tiersOf.set(row.productId, [...(tiersOf.get(row.productId) ?? []), row]);
  const valuesOf = new Map<string, Map<number, AttributeValue>>();
  for (const row of valueRows) {
    const values = valuesOf.get(row.productId) ?? new Map<number, AttributeValue>();
    values.set(
      row.attributeId,
      row.numberValue !== null
        ? { kind: "number", value: row.numberValue }
        : { kind: "text", value: row.textValue ?? "" },
    );
    valuesOf.set(row.productId, values);
  }

  // A family named here that the store lacks is made (its attributes are settled by the caller).
  const familyIds = await writeFamilies(
    tx,
    batch.flatMap(({ input }) => (input.family ? [{ name: input.family }] : [])),
  );
  const familyOf = (input: CompleteProductInput, current?: { familyId: number | null }) =>
    input.family === undefined ? (current?.familyId ?? null) : (familyIds.get(familyKey(input.family)) ?? null);

  const toCreate: CheckedProduct[] = [];
  const toUpdate: { id: string; product: CheckedProduct; familyId: number | null }[] = [];
  for (const product of batch) {
    const current = existingByKey.get(normalizePartNumber(product.input.partNumber));
    if (!current) {
      toCreate.push(product);
      continue;
    }
    // The store's spelling of the part number stays: "op 100" in a file is OP-100, not a new name.
    const input = { ...product.input, partNumber: current.partNumber };
    const unchanged =
      JSON.stringify(written(input)) ===
        JSON.stringify(
          written({
            ...input,
            ...current,
            stockLevel: current.stockLevel,
            relatedParts: current.relatedProducts,
          }),
        ) &&
      sameTiers(input.tiers, tiersOf.get(current.id) ?? []) &&
      sameValues(product.values, valuesOf.get(current.id) ?? new Map()) &&
      familyOf(input, current) === current.familyId;
    if (unchanged) summary.unchanged.push(current.partNumber);
    else {
      toUpdate.push({ id: current.id, product: { ...product, input }, familyId: familyOf(input, current) });
      if (current.stockLevel === 0 && input.stockLevel > 0) summary.restockedIds.push(current.id);
    }
  }

  // One statement per table for the whole batch, the rows passed as one JSON value: a
  // thousand-row insert written out as parameters costs more to build than to run.
  const created = toCreate.length
    ? (
        await tx.execute<{ id: string; part_number: string }>(sql`
          insert into ${products} (slug, part_number, name, brand, category, subcategory, description, price,
            stock_level, lead_time_days, backorderable, unit, pack_quantity, min_order_quantity, order_multiple,
            hazard, status, oem_numbers, related_products, images, documents, family_id)
          select slug, part_number, name, brand, category, subcategory, description, price,
            stock_level, lead_time_days, backorderable, unit, pack_quantity, min_order_quantity, order_multiple,
            hazard, status, oem_numbers, related_products, images, documents, family_id
          from jsonb_to_recordset(${JSON.stringify(toCreate.map(({ input }) => ({ slug: productSlug(input.name, input.partNumber), ...writtenRow(input), family_id: familyOf(input) })))}::jsonb)
            as given(${writtenColumns}, slug text)
          returning id, part_number`)
      ).rows
    : [];
  const createdIds = new Map(created.map((row) => [row.part_number, row.id]));
  if (toUpdate.length > 0)
    await tx.execute(sql`
      update ${products} set part_number = given.part_number, name = given.name, brand = given.brand,
        category = given.category, subcategory = given.subcategory, description = given.description,
        price = given.price, stock_level = given.stock_level, lead_time_days = given.lead_time_days,
        backorderable = given.backorderable, unit = given.unit, pack_quantity = given.pack_quantity,
        min_order_quantity = given.min_order_quantity, order_multiple = given.order_multiple,
        hazard = given.hazard, status = given.status, oem_numbers = given.oem_numbers, related_products = given.related_products,
        images = given.images, documents = given.documents, family_id = given.family_id
      from jsonb_to_recordset(${JSON.stringify(toUpdate.map(({ id, product, familyId }) => ({ id, ...writtenRow(product.input), family_id: familyId })))}::jsonb)
        as given(${writtenColumns}, id uuid)
      where ${products.id} = given.id`);

  const changed = [
    ...toCreate.map((product) => ({ id: createdIds.get(product.input.partNumber) ?? "", product })),
    ...toUpdate,
  ];
  const changedIds = changed.map(({ id }) => id);
  if (changedIds.length > 0) {
    // Only an updated product has tiers to replace: looking for a created one's costs an import a
    // thousand-id statement a batch.
    if (toUpdate.length > 0)
      await tx.delete(productBulkTiers).where(
        inArray(
          productBulkTiers.productId,
          toUpdate.map(({ id }) => id),
        ),
      );
    const tiers = changed.flatMap(({ id, product }) => product.input.tiers.map((tier) => ({ ...tier, productId: id })));
    if (tiers.length > 0)
      await tx.execute(sql`
        insert into ${productBulkTiers} (product_id, min_quantity, unit_price)
        select product_id, min_quantity, unit_price
        from jsonb_to_recordset(${JSON.stringify(tiers.map((tier) => ({ product_id: tier.productId, min_quantity: tier.minQuantity, unit_price: tier.unitPrice })))}::jsonb)
          as given(product_id uuid, min_quantity integer, unit_price numeric(12, 2))`);
    const definitions = await attributeDefinitionsBySubcategory(tx, [
      ...new Set(changed.map(({ product }) => product.input.subcategory)),
    ]);
    await writeProductAttributes(
      tx,
      [...definitions.values()].flat(),
      new Map(changed.map(({ id, product }) => [id, product.values])),
    );
  }
  summary.created = toCreate.map(({ input }) => input.partNumber);
  summary.updated = toUpdate.map(({ product }) => product.input.partNumber);
  summary.changedIds = changedIds;
  // Back-orders take the new stock first; what is left is what the waiting buyers hear about.
  await fillBackorders(tx, summary.restockedIds);
  await notifyBackInStock(tx, summary.restockedIds);
  return summary;
}
