import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productInputSchema } from "../../../domain/catalog/product-input";
import { withTestDatabase } from "../../../test/database";
import { attributes, productBulkTiers, products } from "../../db/schema";
import { productSpecifications } from "./attributes";
import { type CheckedProduct, checkProducts, saveProducts } from "./save-products";

const { handle } = withTestDatabase();

const wheel = (overrides: Record<string, unknown> = {}) =>
  productInputSchema.parse({
    partNumber: "OP-100",
    name: "Operator Wheel 4.5 in",
    category: "abrasives",
    subcategory: "grinding-wheels",
    brand: "Own Brand",
    price: "9.50",
    stockLevel: "12",
    description: "The operator's own wheel.",
    tiers: [{ minQuantity: "100", unitPrice: "8.75" }],
    attributes: { diameter: "4-1/2 in" },
    ...overrides,
  });

const checked = async (...inputs: ReturnType<typeof wheel>[]): Promise<CheckedProduct[]> => {
  const results = await checkProducts(handle().db, inputs);
  return results.map((result) => {
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.product;
  });
};

const save = async (...inputs: ReturnType<typeof wheel>[]) => {
  const batch = await checked(...inputs);
  return handle().db.transaction((tx) => saveProducts(tx, batch));
};

beforeAll(async () => {
  await handle().db.insert(attributes).values({
    subcategorySlug: "grinding-wheels",
    slug: "diameter",
    name: "Diameter",
    kind: "number",
    unitFamily: "length",
    displayUnit: "in",
  });
});

describe("saving the operator's products", () => {
  it("creates a product with its tiers and typed attributes, and a slug from name and part number", async () => {
    const summary = await save(wheel());
    expect(summary).toMatchObject({ created: ["OP-100"], updated: [], unchanged: [] });
    const [row] = await handle().db.select().from(products).where(eq(products.partNumber, "OP-100"));
    expect(row).toMatchObject({
      slug: "operator-wheel-4-5-in-op-100",
      price: "9.50",
      stockLevel: 12,
      status: "active",
    });
    const tiers = await handle()
      .db.select()
      .from(productBulkTiers)
      .where(eq(productBulkTiers.productId, row?.id ?? ""));
    expect(tiers).toMatchObject([{ minQuantity: 100, unitPrice: "8.75" }]);
    expect(await productSpecifications(handle().db, row?.id ?? "")).toEqual([{ name: "Diameter", value: "4-1/2 in" }]);
  });

  it("writes nothing when the product is as written, however the part number and length are spelled", async () => {
    const summary = await save(wheel({ partNumber: "op 100", attributes: { diameter: "114.3 mm" } }));
    expect(summary).toMatchObject({ created: [], updated: [], unchanged: ["OP-100"], changedIds: [] });
  });

  it("updates what changed and keeps the address", async () => {
    const summary = await save(wheel({ name: "Operator Wheel, renamed", price: "9.25", tiers: [] }));
    expect(summary).toMatchObject({ created: [], updated: ["OP-100"], unchanged: [] });
    const [row] = await handle().db.select().from(products).where(eq(products.partNumber, "OP-100"));
    expect(row).toMatchObject({ name: "Operator Wheel, renamed", price: "9.25", slug: "operator-wheel-4-5-in-op-100" });
    expect(
      await handle()
        .db.select()
        .from(productBulkTiers)
        .where(eq(productBulkTiers.productId, row?.id ?? "")),
    ).toEqual([]);
  });

  it("names each problem only the database can see", async () => {
    const [result] = await checkProducts(handle().db, [
      wheel({
        partNumber: "OP-200",
        category: "safety",
        attributes: { diameter: "4.5 furlongs", colour: "red" },
        relatedParts: ["NO-SUCH-1", "OP-100"],
      }),
    ]);
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: "category", message: 'Subcategory "grinding-wheels" is in category "abrasives", not "safety"' },
        {
          field: "attributes.diameter",
          message: 'Diameter: "4.5 furlongs" is not a length: write it like 4-1/2 in, 4.5 in or 114.3 mm',
        },
        { field: "attributes.colour", message: 'Subcategory "grinding-wheels" has no attribute "colour"' },
        { field: "relatedParts", message: "There is no part NO-SUCH-1" },
      ],
    });
    const [unknown] = await checkProducts(handle().db, [wheel({ subcategory: "no-such" })]);
    expect(unknown).toEqual({
      ok: false,
      problems: [{ field: "subcategory", message: 'There is no subcategory "no-such"' }],
    });
  });
});
