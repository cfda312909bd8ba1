import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../../test/catalog-fixtures";
import { withTestDatabase } from "../../../test/database";
import { attributes, categories, productAttributeValues, products, subcategories } from "../../db/schema";
import {
  type AttributeDefinition,
  attributeDefinitions,
  parseAttributeValue,
  productSpecifications,
  writeProductAttributes,
} from "./attributes";

const { handle } = withTestDatabase();
let definitions: AttributeDefinition[];
let productId: string;

const typedValue = (slug: string, raw: string) => {
  const definition = definitions.find((candidate) => candidate.slug === slug);
  if (!definition) throw new Error(`no attribute ${slug}`);
  const parsed = parseAttributeValue(definition, raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return [definition.id, parsed.value] as const;
};

beforeAll(async () => {
  const db = handle().db;
  await db.insert(attributes).values([
    {
      subcategorySlug: "grinding-wheels",
      slug: "diameter",
      name: "Diameter",
      kind: "number",
      unitFamily: "length",
      displayUnit: "in",
      position: 1,
    },
    {
      subcategorySlug: "grinding-wheels",
      slug: "abrasive",
      name: "Abrasive",
      kind: "choice",
      choices: ["Aluminum Oxide", "Zirconia"],
      position: 2,
    },
    { subcategorySlug: "grinding-wheels", slug: "grit", name: "Grit", kind: "number", unitFamily: "grit", position: 0 },
  ]);
  definitions = await attributeDefinitions(db, "grinding-wheels");
  productId = await insertProduct({ partNumber: "W-1", name: "Wheel", brand: "B", price: "1.00" });
});

describe("typed attributes", () => {
  it("the migration brought the store's category tree into tables", async () => {
    const db = handle().db;
    const tree = await db.select().from(categories);
    expect(tree.map((category) => category.slug)).toContain("abrasives");
    const [wheels] = await db.select().from(subcategories).where(eq(subcategories.slug, "grinding-wheels"));
    expect(wheels).toMatchObject({ categorySlug: "abrasives", name: "Grinding Wheels", active: true });
  });

  it("lists a subcategory's attributes in display order", () => {
    expect(definitions.map((definition) => definition.slug)).toEqual(["grit", "diameter", "abrasive"]);
  });

  it("stores a length once in millimetres and shows it in the attribute's unit", async () => {
    const db = handle().db;
    await db.transaction((tx) =>
      writeProductAttributes(
        tx,
        definitions,
        new Map([
          [
            productId,
            new Map([
              typedValue("diameter", "114.3 mm"),
              typedValue("abrasive", "zirconia"),
              typedValue("grit", "P60"),
            ]),
          ],
        ]),
      ),
    );
    const stored = await db
      .select()
      .from(productAttributeValues)
      .where(eq(productAttributeValues.productId, productId));
    expect(stored.map((row) => row.numberValue ?? row.textValue).sort()).toEqual([114.3, 60, "Zirconia"].sort());
    expect(await productSpecifications(db, productId)).toEqual([
      { name: "Grit", value: "60" },
      { name: "Diameter", value: "4-1/2 in" },
      { name: "Abrasive", value: "Zirconia" },
    ]);
    const [shown] = await db
      .select({ specifications: products.specifications })
      .from(products)
      .where(eq(products.id, productId));
    expect(shown?.specifications).toEqual({ Grit: "60", Diameter: "4-1/2 in", Abrasive: "Zirconia" });
  });

  it("replaces a product's values as a whole", async () => {
    const db = handle().db;
    await db.transaction((tx) =>
      writeProductAttributes(tx, definitions, new Map([[productId, new Map([typedValue("diameter", "5 in")])]])),
    );
    expect(await productSpecifications(db, productId)).toEqual([{ name: "Diameter", value: "5 in" }]);
  });

  it("refuses a value the attribute cannot hold, naming the attribute", () => {
    const abrasive = definitions.find((definition) => definition.slug === "abrasive");
    if (!abrasive) throw new Error("no abrasive attribute");
    expect(parseAttributeValue(abrasive, "Diamond")).toEqual({
      ok: false,
      message: 'Abrasive: "Diamond" is not one of Aluminum Oxide, Zirconia',
    });
  });
});
