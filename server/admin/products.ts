// The operator's products in the back office: find them, read one as the editor shows it, and save
// it through the catalogue's one write path (server/catalog/products/save-products.ts) with its audit entry
// (the changed fields only, before -> after) and the announcement that clears every page cache.
import { and, asc, between, count, eq, gt, ilike, or, type SQL, sql } from "drizzle-orm";
import { LOW_STOCK_LEVEL, type ProductListFilters, type StockFilter } from "../../domain/admin/admin-schemas";
import { type HazardFields, hazardFields } from "../../domain/catalog/hazard-input";
import {
  completeProduct,
  formatTiers,
  type ProductInput,
  type ProductStatus,
} from "../../domain/catalog/product-input";
import { attributeDefinitions, formatAttributeValue, productAttributeValueMap } from "../catalog/products/attributes";
import { settleFamilies, valuesBySlug, writeFamilies } from "../catalog/products/families";
import { normalizedPartNumber, normalizePartNumber } from "../catalog/products/part-numbers";
import { checkProducts, type ProductProblem, saveProducts } from "../catalog/products/save-products";
import { type Database, db, type Transaction } from "../db/client";
import { escapeLike } from "../db/like";
import { categories, partFamilies, productBulkTiers, products, subcategories } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { recordAudit } from "./audit";

export const PRODUCTS_PAGE_SIZE = 50;

const stockConditions: Record<StockFilter, SQL> = {
  in: gt(products.stockLevel, 0),
  low: between(products.stockLevel, 1, LOW_STOCK_LEVEL),
  out: eq(products.stockLevel, 0),
};

/**
 * A page of products in part-number order. The search matches part numbers however they are
 * spelled ("gw 45" finds GW-45-001) and names by any fragment, both through trigram indexes.
 */
export async function listProductsForAdmin({ q, category, status, stock, page }: ProductListFilters) {
  const key = normalizePartNumber(q);
  const where = and(
    q
      ? or(
          key ? sql`${normalizedPartNumber} like ${`%${escapeLike(key)}%`}` : undefined,
          ilike(products.name, `%${escapeLike(q)}%`),
        )
      : undefined,
    category ? eq(products.category, category) : undefined,
    status ? eq(products.status, status) : undefined,
    stock ? stockConditions[stock] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        partNumber: products.partNumber,
        name: products.name,
        category: products.category,
        subcategory: products.subcategory,
        price: products.price,
        stockLevel: products.stockLevel,
        status: products.status,
        slug: products.slug,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.partNumber))
      .limit(PRODUCTS_PAGE_SIZE)
      .offset((page - 1) * PRODUCTS_PAGE_SIZE),
    db().select({ total: count() }).from(products).where(where),
  ]);
  return { products: rows, total: total?.total ?? 0, page, pageSize: PRODUCTS_PAGE_SIZE };
}

/** The category tree for the editor's and the filter's selects, in the store's order. */
export async function categoryChoices() {
  const [tops, subs] = await Promise.all([
    db().select({ slug: categories.slug, name: categories.name }).from(categories).orderBy(asc(categories.position)),
    db()
      .select({ slug: subcategories.slug, name: subcategories.name, category: subcategories.categorySlug })
      .from(subcategories)
      .orderBy(asc(subcategories.position)),
  ]);
  return tops.map((top) => ({ ...top, subcategories: subs.filter((sub) => sub.category === top.slug) }));
}

/** What the editor's fields hold: every value as the operator writes it. */
export interface ProductFormValues {
  partNumber: string;
  name: string;
  category: string;
  subcategory: string;
  brand: string;
  price: string;
  stockLevel: string;
  /** Empty when no lead time is promised. */
  leadTimeDays: string;
  backorderable: boolean;
  /** The unit of sale's code, and counts as written ("25"). */
  unit: string;
  packQuantity: string;
  minOrderQuantity: string;
  orderMultiple: string;
  description: string;
  status: ProductStatus;
  tiers: { minQuantity: string; unitPrice: string }[];
  oemNumbers: string[];
  relatedParts: string[];
  images: string[];
  documents: { name: string; url: string }[];
  attributes: Record<string, string>;
  /** The family's name; empty: none. */
  family: string;
  /** The slugs of the attributes the family's parts differ in. */
  familyAttributes: string[];
  /** The "Hazardous material" card's fields; none for a part that is none. */
  hazard: HazardFields;
}

/** The product whose part number is `partNumber` however it is spelled, as the editor shows it; null if none. */
export async function productForEditor(
  partNumber: string,
  executor: Database | Transaction = db(),
): Promise<(ProductFormValues & { id: string; slug: string }) | null> {
  const key = normalizePartNumber(partNumber);
  if (!key) return null;
  const [product] = await executor.select().from(products).where(eq(normalizedPartNumber, key)).limit(1);
  if (!product) return null;
  const [tiers, definitions, values, [family]] = await Promise.all([
    executor
      .select({ minQuantity: productBulkTiers.minQuantity, unitPrice: productBulkTiers.unitPrice })
      .from(productBulkTiers)
      .where(eq(productBulkTiers.productId, product.id))
      .orderBy(asc(productBulkTiers.minQuantity)),
    attributeDefinitions(executor, product.subcategory),
    productAttributeValueMap(executor, product.id),
    product.familyId === null
      ? []
      : executor
          .select({ name: partFamilies.name, attributeSlugs: partFamilies.attributeSlugs })
          .from(partFamilies)
          .where(eq(partFamilies.id, product.familyId)),
  ]);
  const attributes: Record<string, string> = {};
  for (const definition of definitions) {
    const value = values.get(definition.id);
    if (value) attributes[definition.slug] = formatAttributeValue(definition, value);
  }
  return {
    id: product.id,
    slug: product.slug,
    partNumber: product.partNumber,
    name: product.name,
    category: product.category,
    subcategory: product.subcategory,
    brand: product.brand,
    price: product.price,
    stockLevel: String(product.stockLevel),
    leadTimeDays: product.leadTimeDays === null ? "" : String(product.leadTimeDays),
    backorderable: product.backorderable,
    unit: product.unit,
    packQuantity: String(product.packQuantity),
    minOrderQuantity: String(product.minOrderQuantity),
    orderMultiple: String(product.orderMultiple),
    description: product.description,
    status: product.status,
    tiers: tiers.map((tier) => ({ minQuantity: String(tier.minQuantity), unitPrice: tier.unitPrice })),
    oemNumbers: product.oemNumbers,
    relatedParts: product.relatedProducts,
    images: product.images,
    // The seeded catalogue names documents it has no file for (an empty address): nothing a buyer can
    // download, so the editor leaves them out and a save drops them.
    documents: product.documents.filter((document) => document.url !== ""),
    attributes,
    family: family?.name ?? "",
    familyAttributes: family?.attributeSlugs ?? [],
    hazard: hazardFields(product.hazard),
  };
}

/** A product as the audit log reads it: one line of text per field, attributes one by one. */
export function auditView(values: ProductFormValues): Record<string, string> {
  const view: Record<string, string> = {
    partNumber: values.partNumber,
    name: values.name,
    category: values.category,
    subcategory: values.subcategory,
    brand: values.brand,
    price: values.price,
    stockLevel: values.stockLevel,
    leadTimeDays: values.leadTimeDays,
    backorderable: values.backorderable ? "yes" : "no",
    unit: values.unit,
    packQuantity: values.packQuantity,
    minOrderQuantity: values.minOrderQuantity,
    orderMultiple: values.orderMultiple,
    status: values.status,
    description: values.description,
    tiers: formatTiers(
      values.tiers.map((tier) => ({ minQuantity: Number(tier.minQuantity), unitPrice: tier.unitPrice })),
    ),
    oemNumbers: values.oemNumbers.join(", "),
    relatedParts: values.relatedParts.join(", "),
    images: values.images.join(", "),
    documents: values.documents.map((document) => `${document.name} (${document.url})`).join(", "),
    family: values.family,
    familyAttributes: values.familyAttributes.join(", "),
  };
  // The hazard data field by field, as the card shows it, so a change names the field it is in.
  for (const [field, value] of Object.entries(values.hazard))
    view[`hazard.${field}`] = Array.isArray(value) ? value.join(", ") : (value ?? "");
  for (const [slug, value] of Object.entries(values.attributes)) view[`attributes.${slug}`] = value;
  return view;
}

/** The fields that differ, each side with only those; a field one side lacks reads as empty. */
export function changedFields(before: Record<string, string>, after: Record<string, string>) {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => (before[field] ?? "") !== (after[field] ?? ""),
  );
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field] ?? ""])),
    after: Object.fromEntries(changed.map((field) => [field, after[field] ?? ""])),
  };
}

export type EditorSave =
  | { ok: true; partNumber: string; outcome: "created" | "updated" | "unchanged" }
  | { ok: false; problems: ProductProblem[] };

/**
 * Saves the editor's product: a new one (`editing` unset) must not take an existing part number; an
 * existing one keeps its part number, which names it. Problems only the database sees come back by
 * field; a change is written with its audit entry in one transaction, then announced.
 */
export async function saveProductFromEditor(
  adminId: string,
  written: ProductInput,
  editing?: string,
): Promise<EditorSave> {
  const result = await db().transaction(async (tx): Promise<EditorSave & { id?: string }> => {
    const [current] = await tx
      .select({ id: products.id, partNumber: products.partNumber })
      .from(products)
      .where(eq(normalizedPartNumber, normalizePartNumber(editing ?? written.partNumber)))
      .for("update");
    if (editing !== undefined && !current) throw new StoreError("NotFound", `There is no product ${editing}.`);
    if (editing === undefined && current)
      return {
        ok: false,
        problems: [{ field: "partNumber", message: `A product ${current.partNumber} already exists; edit it instead` }],
      };
    // The editor's fields are what the part is: an empty one (sent as none) is its default (no
    // family, no hazard, each), never "as it was", which only a file without the column means.
    const input = {
      ...completeProduct(written),
      partNumber: current?.partNumber ?? written.partNumber,
      family: written.family ?? "",
    };
    const [checked] = await checkProducts(tx, [input]);
    if (!checked?.ok) return { ok: false, problems: checked?.problems ?? [] };
    if (input.family) {
      const key = normalizePartNumber(input.partNumber);
      const settled = await settleFamilies(
        tx,
        [
          {
            family: input.family,
            partNumber: input.partNumber,
            partKey: key,
            subcategory: input.subcategory,
            values: valuesBySlug(await attributeDefinitions(tx, input.subcategory), checked.product.values),
            chosen: input.familyAttributes,
          },
        ],
        new Set([key]),
      );
      const refused = settled.refused.get(key);
      if (refused) return { ok: false, problems: [{ field: "family", message: refused }] };
      await writeFamilies(tx, [...settled.families.values()]);
    }
    const before = current ? await productForEditor(current.partNumber, tx) : null;
    const summary = await saveProducts(tx, [checked.product]);
    const after = await productForEditor(input.partNumber, tx);
    if (!after) throw new Error(`Product ${input.partNumber} vanished while it was saved.`);
    const diff = before
      ? changedFields(auditView(before), auditView(after))
      : { before: null, after: auditView(after) };
    // A change of the family's attributes alone changes no column of the product's own.
    const id = summary.changedIds[0] ?? (Object.keys(diff.after).length > 0 ? current?.id : undefined);
    if (!id) return { ok: true, partNumber: input.partNumber, outcome: "unchanged" };
    await recordAudit(tx, {
      adminId,
      action: before ? "update_product" : "create_product",
      entity: "product",
      entityId: id,
      ...diff,
    });
    return { ok: true, partNumber: input.partNumber, outcome: before ? "updated" : "created", id };
  });
  if (result.ok && result.id) announce("catalogChanged", { productIds: [result.id] });
  if (!result.ok) return result;
  return { ok: true, partNumber: result.partNumber, outcome: result.outcome };
}
