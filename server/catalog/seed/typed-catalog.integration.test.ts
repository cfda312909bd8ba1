// The seeded catalogue's typed values: written by the seed, shown on the product page, and
// written again from the shown specifications for a store upgraded from before they were typed.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../../test/database";
import { attributes, productAttributeValues, products } from "../../db/schema";
import { getProductBySlug } from "../pages/product";
import {
  attributeDefinitionsBySubcategory,
  productAttributeValueMap,
  typeSpecifications,
} from "../products/attributes";
import { backfillProductAttributes } from "./attribute-backfill";
import { seedCatalogIfEmpty } from "./seed";

const { handle } = withTestDatabase();

const total = async (table: typeof attributes | typeof productAttributeValues) =>
  (await handle().db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe("the typed catalogue", () => {
  it("seeds every product's specifications as typed values that read back as shown", async () => {
    const written = await seedCatalogIfEmpty(handle().db);
    expect(written).toBe(3000);
    expect(await total(attributes)).toBeGreaterThan(300);
    const wheel = await getProductBySlug("grinding-wheel-4-5-in-gw-45-001", null);
    expect(wheel?.specifications).toEqual([
      { name: "Diameter", value: "4-1/2 in" },
      { name: "Thickness", value: "1/4 in" },
      { name: "Arbor", value: "7/8 in" },
      { name: "Type", value: "27" },
      { name: "Grit", value: "24" },
      { name: "Abrasive", value: "Aluminum Oxide" },
      { name: "Max RPM", value: "13,300 rpm" },
    ]);
    // A length is stored once, in millimetres.
    const [diameter] = await handle()
      .db.select({ value: productAttributeValues.numberValue })
      .from(productAttributeValues)
      .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
      .innerJoin(products, eq(products.id, productAttributeValues.productId))
      .where(eq(products.partNumber, "GW-45-001"));
    expect(diameter?.value).toBe(114.3);
    // Every product's shown specifications read back as its stored values.
    const definitions = await attributeDefinitionsBySubcategory(handle().db);
    const sample = await handle()
      .db.select({ id: products.id, subcategory: products.subcategory, specifications: products.specifications })
      .from(products)
      .limit(300);
    for (const product of sample) {
      const typed = typeSpecifications(definitions.get(product.subcategory) ?? [], product.specifications);
      expect(typed.shown).toEqual(product.specifications);
      expect(typed.values).toEqual(await productAttributeValueMap(handle().db, product.id));
    }
  });

  it("types an upgraded store's specifications once, at start, from what its products show", async () => {
    const values = await total(productAttributeValues);
    const before = await getProductBySlug("grinding-wheel-4-5-in-gw-45-001", null);
    await handle().db.delete(attributes);
    expect(await total(productAttributeValues)).toBe(0);
    expect(await backfillProductAttributes(handle().db)).toBe(3000);
    expect(await total(productAttributeValues)).toBe(values);
    const after = await getProductBySlug("grinding-wheel-4-5-in-gw-45-001", null);
    expect(new Map(after?.specifications.map((row) => [row.name, row.value]))).toEqual(
      new Map(before?.specifications.map((row) => [row.name, row.value])),
    );
    const [diameter] = await handle()
      .db.select({ kind: attributes.kind, unitFamily: attributes.unitFamily })
      .from(attributes)
      .where(eq(attributes.slug, "diameter"))
      .limit(1);
    expect(diameter).toEqual({ kind: "number", unitFamily: "length" });
    // Once: with attributes defined, a start does nothing.
    expect(await backfillProductAttributes(handle().db)).toBe(0);
  });
});
