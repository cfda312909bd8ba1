// The back office's category editor: categories, subcategories and a subcategory's attributes.
// Each change is one transaction with its audit entry (before -> after); once committed, the
// categoriesChanged event has every process read the tree again and drop its rendered pages.
// Slugs are in products' rows and URLs, so one that products use cannot change, and an entry that
// products use cannot be deleted: it is deactivated instead.
import { and, asc, count, eq, notInArray } from "drizzle-orm";
import type { AttributeInput, CategoryInput, SubcategoryInput } from "../../../domain/catalog/category-input";
import { recordAudit } from "../../admin/audit";
import { db, type Transaction } from "../../db/client";
import { attributes, categories, productAttributeValues, products, subcategories } from "../../db/schema";
import { StoreError } from "../../errors";
import { announce } from "../../events";
import { isSlug } from "../seed/generator";
import { type AttributeDefinition, attributeDefinitions } from "./attributes";
import { readCategoryTree, type TreeCategory, type TreeSubcategory } from "./category-tree";

export interface EditorSubcategory extends TreeSubcategory {
  productCount: number;
}

export interface EditorCategory extends Omit<TreeCategory, "subcategories"> {
  productCount: number;
  subcategories: EditorSubcategory[];
}

/** Runs a change of the tree and, once it is committed, tells every process. */
async function changeTree<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const result = await db().transaction(work);
  announce("categoriesChanged", {});
  return result;
}

const productsWhere = async (
  tx: Transaction,
  column: typeof products.category | typeof products.subcategory,
  slug: string,
) => {
  const [row] = await tx.select({ total: count() }).from(products).where(eq(column, slug));
  return row?.total ?? 0;
};

/** "1 product is" / "3 products are" (or has / have). */
const productsThat = (total: number, verb: "are" | "have") =>
  total === 1 ? `1 product ${verb === "are" ? "is" : "has"}` : `${total.toLocaleString("en-US")} products ${verb}`;

/** The whole tree, inactive entries too, with how many products each entry holds. */
export async function categoryTreeForEditor(): Promise<EditorCategory[]> {
  const [tree, counts] = await Promise.all([
    readCategoryTree(db()),
    db()
      .select({ category: products.category, subcategory: products.subcategory, total: count() })
      .from(products)
      .groupBy(products.category, products.subcategory),
  ]);
  const total = (match: (row: (typeof counts)[number]) => boolean) =>
    counts.filter(match).reduce((sum, row) => sum + row.total, 0);
  return tree.map((category: TreeCategory) => ({
    ...category,
    productCount: total((row) => row.category === category.slug),
    subcategories: category.subcategories.map((sub) => ({
      ...sub,
      productCount: total((row) => row.subcategory === sub.slug),
    })),
  }));
}

export interface EditorAttribute extends AttributeDefinition {
  /** How many products have a value for it. */
  valueCount: number;
}

/** One subcategory as its editor page shows it, or null when there is none. */
export async function subcategoryForEditor(slug: string) {
  // A path segment of no slug's shape (a NUL byte, say) names no subcategory, and is not asked of the database.
  if (!isSlug(slug)) return null;
  const [subcategory] = await db().select().from(subcategories).where(eq(subcategories.slug, slug));
  if (!subcategory) return null;
  const [definitions, counts, productCount] = await Promise.all([
    attributeDefinitions(db(), slug),
    db()
      .select({ attributeId: productAttributeValues.attributeId, total: count() })
      .from(productAttributeValues)
      .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
      .where(eq(attributes.subcategorySlug, slug))
      .groupBy(productAttributeValues.attributeId),
    db()
      .select({ total: count() })
      .from(products)
      .where(eq(products.subcategory, slug))
      .then(([row]) => row?.total ?? 0),
  ]);
  const valueCounts = new Map(counts.map((row) => [row.attributeId, row.total]));
  return {
    subcategory,
    productCount,
    attributes: definitions.map((definition) => ({ ...definition, valueCount: valueCounts.get(definition.id) ?? 0 })),
  };
}

export function createCategory(adminId: string, input: CategoryInput) {
  return changeTree(async (tx) => {
    const [created] = await tx.insert(categories).values(input).onConflictDoNothing().returning();
    if (!created) throw new StoreError("Conflict", `A category with the slug ${input.slug} already exists.`);
    await recordAudit(tx, {
      adminId,
      action: "create_category",
      entity: "category",
      entityId: created.slug,
      before: null,
      after: created,
    });
    return created;
  });
}

export function updateCategory(adminId: string, slug: string, input: CategoryInput) {
  return changeTree(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.slug, slug)).for("update");
    if (!before) throw new StoreError("NotFound", `There is no category ${slug}.`);
    if (input.slug !== slug) {
      const used = await productsWhere(tx, products.category, slug);
      if (used > 0)
        throw new StoreError(
          "Conflict",
          `${productsThat(used, "are")} in ${before.name}, so its slug cannot change: it is in their addresses.`,
        );
      const [taken] = await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.slug, input.slug));
      if (taken) throw new StoreError("Conflict", `A category with the slug ${input.slug} already exists.`);
    }
    const [after] = await tx.update(categories).set(input).where(eq(categories.slug, slug)).returning();
    await recordAudit(tx, {
      adminId,
      action: "update_category",
      entity: "category",
      entityId: input.slug,
      before,
      after,
    });
    return after;
  });
}

export function deleteCategory(adminId: string, slug: string) {
  return changeTree(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.slug, slug)).for("update");
    if (!before) throw new StoreError("NotFound", `There is no category ${slug}.`);
    const used = await productsWhere(tx, products.category, slug);
    if (used > 0)
      throw new StoreError(
        "Conflict",
        `${productsThat(used, "are")} in ${before.name}, so it cannot be deleted. Deactivate it to hide it from the store.`,
      );
    const [child] = await tx
      .select({ name: subcategories.name })
      .from(subcategories)
      .where(eq(subcategories.categorySlug, slug))
      .limit(1);
    if (child)
      throw new StoreError(
        "Conflict",
        `${before.name} still has subcategories (${child.name}): delete or move them first.`,
      );
    await tx.delete(categories).where(eq(categories.slug, slug));
    await recordAudit(tx, {
      adminId,
      action: "delete_category",
      entity: "category",
      entityId: slug,
      before,
      after: null,
    });
  });
}

async function requireCategory(tx: Transaction, slug: string) {
  const [category] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
  if (!category) throw new StoreError("NotFound", `There is no category ${slug}.`);
}

export function createSubcategory(adminId: string, input: SubcategoryInput) {
  return changeTree(async (tx) => {
    await requireCategory(tx, input.categorySlug);
    const [created] = await tx.insert(subcategories).values(input).onConflictDoNothing().returning();
    // Unique across the tree: products and URLs name a subcategory by its slug alone.
    if (!created) throw new StoreError("Conflict", `A subcategory with the slug ${input.slug} already exists.`);
    await recordAudit(tx, {
      adminId,
      action: "create_subcategory",
      entity: "subcategory",
      entityId: created.slug,
      before: null,
      after: created,
    });
    return created;
  });
}

export function updateSubcategory(adminId: string, slug: string, input: SubcategoryInput) {
  return changeTree(async (tx) => {
    const [before] = await tx.select().from(subcategories).where(eq(subcategories.slug, slug)).for("update");
    if (!before) throw new StoreError("NotFound", `There is no subcategory ${slug}.`);
    if (input.slug !== slug || input.categorySlug !== before.categorySlug) {
      const used = await productsWhere(tx, products.subcategory, slug);
      if (used > 0)
        throw new StoreError(
          "Conflict",
          `${productsThat(used, "are")} in ${before.name}, so its slug and category cannot change: they are in the products' rows and addresses.`,
        );
      await requireCategory(tx, input.categorySlug);
    }
    if (input.slug !== slug) {
      const [taken] = await tx
        .select({ slug: subcategories.slug })
        .from(subcategories)
        .where(eq(subcategories.slug, input.slug));
      if (taken) throw new StoreError("Conflict", `A subcategory with the slug ${input.slug} already exists.`);
    }
    const [after] = await tx.update(subcategories).set(input).where(eq(subcategories.slug, slug)).returning();
    await recordAudit(tx, {
      adminId,
      action: "update_subcategory",
      entity: "subcategory",
      entityId: input.slug,
      before,
      after,
    });
    return after;
  });
}

export function deleteSubcategory(adminId: string, slug: string) {
  return changeTree(async (tx) => {
    const [before] = await tx.select().from(subcategories).where(eq(subcategories.slug, slug)).for("update");
    if (!before) throw new StoreError("NotFound", `There is no subcategory ${slug}.`);
    const used = await productsWhere(tx, products.subcategory, slug);
    if (used > 0)
      throw new StoreError(
        "Conflict",
        `${productsThat(used, "are")} in ${before.name}, so it cannot be deleted. Deactivate it to hide it from the store.`,
      );
    await tx.delete(subcategories).where(eq(subcategories.slug, slug));
    await recordAudit(tx, {
      adminId,
      action: "delete_subcategory",
      entity: "subcategory",
      entityId: slug,
      before,
      after: null,
    });
  });
}

/**
 * Adds an attribute to a subcategory, or changes one. Products' values stay as stored, so an
 * attribute that products have values for keeps its kind and unit family, and keeps the choices
 * they use.
 */
export function saveAttribute(adminId: string, subcategory: string, input: AttributeInput, attributeId?: number) {
  return changeTree(async (tx) => {
    const [owner] = await tx
      .select({ slug: subcategories.slug })
      .from(subcategories)
      .where(eq(subcategories.slug, subcategory));
    if (!owner) throw new StoreError("NotFound", `There is no subcategory ${subcategory}.`);
    const [taken] = await tx
      .select({ id: attributes.id })
      .from(attributes)
      .where(and(eq(attributes.subcategorySlug, subcategory), eq(attributes.slug, input.slug)));
    if (taken && taken.id !== attributeId)
      throw new StoreError("Conflict", `${subcategory} already has an attribute with the slug ${input.slug}.`);
    if (attributeId === undefined) {
      const [created] = await tx
        .insert(attributes)
        .values({ ...input, subcategorySlug: subcategory })
        .returning();
      await recordAudit(tx, {
        adminId,
        action: "create_attribute",
        entity: "attribute",
        entityId: String(created?.id),
        before: null,
        after: created,
      });
      return created;
    }
    const [before] = await tx
      .select()
      .from(attributes)
      .where(and(eq(attributes.id, attributeId), eq(attributes.subcategorySlug, subcategory)))
      .for("update");
    if (!before) throw new StoreError("NotFound", "That attribute does not exist.");
    await refuseChangesValuesWouldBreak(tx, before, input);
    const [after] = await tx.update(attributes).set(input).where(eq(attributes.id, attributeId)).returning();
    await recordAudit(tx, {
      adminId,
      action: "update_attribute",
      entity: "attribute",
      entityId: String(attributeId),
      before,
      after,
    });
    return after;
  });
}

async function refuseChangesValuesWouldBreak(
  tx: Transaction,
  before: typeof attributes.$inferSelect,
  input: AttributeInput,
) {
  const valuesOf = eq(productAttributeValues.attributeId, before.id);
  if (input.kind !== before.kind || input.unitFamily !== before.unitFamily) {
    const [row] = await tx.select({ total: count() }).from(productAttributeValues).where(valuesOf);
    const used = row?.total ?? 0;
    if (used > 0) {
      const what = input.kind !== before.kind ? "kind" : "unit family";
      throw new StoreError(
        "Conflict",
        `${productsThat(used, "have")} a value for ${before.name}, so its ${what} cannot change. Add a new attribute instead.`,
      );
    }
  }
  if (input.kind === "choice" && before.kind === "choice") {
    const dropped = await tx
      .selectDistinct({ value: productAttributeValues.textValue })
      .from(productAttributeValues)
      .where(
        and(
          valuesOf,
          input.choices.length > 0 ? notInArray(productAttributeValues.textValue, input.choices) : undefined,
        ),
      )
      .limit(3);
    if (dropped.length > 0)
      throw new StoreError(
        "Conflict",
        `Products have ${dropped.map((row) => `"${row.value}"`).join(", ")} for ${before.name}: keep those choices.`,
      );
  }
}

/** Moves an attribute one place up or down its subcategory's order (positions become 1, 2, 3…). */
export function moveAttribute(adminId: string, subcategory: string, attributeId: number, direction: "up" | "down") {
  return changeTree(async (tx) => {
    const order = await tx
      .select({ id: attributes.id, slug: attributes.slug })
      .from(attributes)
      .where(eq(attributes.subcategorySlug, subcategory))
      .orderBy(asc(attributes.position), asc(attributes.id))
      .for("update");
    const from = order.findIndex((attribute) => attribute.id === attributeId);
    if (from < 0) throw new StoreError("NotFound", "That attribute does not exist.");
    const to = direction === "up" ? from - 1 : from + 1;
    const moved = [...order];
    if (to >= 0 && to < order.length)
      [moved[from], moved[to]] = [moved[to] as (typeof order)[number], moved[from] as (typeof order)[number]];
    for (const [index, attribute] of moved.entries())
      await tx
        .update(attributes)
        .set({ position: index + 1 })
        .where(eq(attributes.id, attribute.id));
    await recordAudit(tx, {
      adminId,
      action: "reorder_attributes",
      entity: "subcategory",
      entityId: subcategory,
      before: { order: order.map((attribute) => attribute.slug) },
      after: { order: moved.map((attribute) => attribute.slug) },
    });
  });
}
