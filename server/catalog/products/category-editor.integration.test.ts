// The category editor's rules: what may change while products use an entry, and the audit log
// and event every change leaves.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { attributeSchema, categorySchema, subcategorySchema } from "../../../domain/catalog/category-input";
import { insertProduct } from "../../../test/catalog-fixtures";
import { withTestDatabase } from "../../../test/database";
import { adminAuditLog, attributes, user } from "../../db/schema";
import { StoreError } from "../../errors";
import { onStoreEvent } from "../../events";
import { attributeDefinitions, parseAttributeValue, writeProductAttributes } from "./attributes";
import {
  categoryTreeForEditor,
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  moveAttribute,
  saveAttribute,
  updateCategory,
  updateSubcategory,
} from "./category-editor";

const { handle } = withTestDatabase();
const ADMIN = "admin1";
let announced = 0;

const category = (fields: Record<string, string>) =>
  categorySchema.parse({ slug: "fasteners-x", name: "Fasteners", position: "20", active: "on", ...fields });
const subcategory = (fields: Record<string, string>) =>
  subcategorySchema.parse({
    slug: "hex-bolts",
    name: "Hex Bolts",
    position: "1",
    active: "on",
    categorySlug: "fasteners-x",
    ...fields,
  });
const attribute = (fields: Record<string, string>) =>
  attributeSchema.parse({
    slug: "length",
    name: "Length",
    kind: "number",
    unitFamily: "length",
    displayUnit: "in",
    position: "1",
    ...fields,
  });

const auditOf = async (entityId: string) =>
  handle()
    .db.select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.entityId, entityId))
    .orderBy(asc(adminAuditLog.createdAt));

beforeAll(async () => {
  await handle().db.insert(user).values({ id: ADMIN, name: "Admin", email: "admin@example.com" });
  onStoreEvent("categoriesChanged", () => announced++);
});

describe("the category editor", () => {
  it("creates, renames and deletes a category and a subcategory, each change audited and announced", async () => {
    const heard = announced;
    await createCategory(ADMIN, category({}));
    await expect(createCategory(ADMIN, category({}))).rejects.toThrow(
      new StoreError("Conflict", "A category with the slug fasteners-x already exists."),
    );
    await createSubcategory(ADMIN, subcategory({}));
    await expect(createSubcategory(ADMIN, subcategory({ slug: "grinding-wheels" }))).rejects.toThrow(
      "A subcategory with the slug grinding-wheels already exists.",
    );
    await updateSubcategory(ADMIN, "hex-bolts", subcategory({ name: "Hex Cap Screws", description: "Grade 5 and 8." }));
    const tree = await categoryTreeForEditor();
    expect(tree.find((entry) => entry.slug === "fasteners-x")?.subcategories).toEqual([
      expect.objectContaining({
        slug: "hex-bolts",
        name: "Hex Cap Screws",
        description: "Grade 5 and 8.",
        productCount: 0,
      }),
    ]);
    expect(await auditOf("hex-bolts")).toEqual([
      expect.objectContaining({ action: "create_subcategory", before: null }),
      expect.objectContaining({
        action: "update_subcategory",
        before: expect.objectContaining({ name: "Hex Bolts", description: "" }),
        after: expect.objectContaining({ name: "Hex Cap Screws", description: "Grade 5 and 8." }),
      }),
    ]);
    await expect(deleteCategory(ADMIN, "fasteners-x")).rejects.toThrow(
      "Fasteners still has subcategories (Hex Cap Screws): delete or move them first.",
    );
    await deleteSubcategory(ADMIN, "hex-bolts");
    await deleteCategory(ADMIN, "fasteners-x");
    expect((await auditOf("fasteners-x")).map((entry) => entry.action)).toEqual(["create_category", "delete_category"]);
    expect(announced - heard).toBe(5);
  });

  it("keeps the UNSPSC code a category files its parts under in procurement systems, the seeded ones first", async () => {
    const unspscOf = async (slug: string) =>
      (await categoryTreeForEditor()).find((entry) => entry.slug === slug)?.unspsc;
    expect(await unspscOf("abrasives")).toBe("31190000");
    await createCategory(ADMIN, category({ slug: "fasteners-u", unspsc: "31161500" }));
    expect(await unspscOf("fasteners-u")).toBe("31161500");
    await updateCategory(ADMIN, "fasteners-u", category({ slug: "fasteners-u", unspsc: "" }));
    expect(await unspscOf("fasteners-u")).toBeNull();
    await deleteCategory(ADMIN, "fasteners-u");
  });

  it("refuses to delete or re-slug what products use, and says to deactivate instead", async () => {
    await insertProduct({ slug: "wheel-w-1", partNumber: "W-1", name: "Wheel", brand: "B", price: "1.00" });
    await expect(deleteSubcategory(ADMIN, "grinding-wheels")).rejects.toThrow(
      new StoreError(
        "Conflict",
        "1 product is in Grinding Wheels, so it cannot be deleted. Deactivate it to hide it from the store.",
      ),
    );
    await expect(
      updateSubcategory(
        ADMIN,
        "grinding-wheels",
        subcategory({ slug: "wheels", name: "Grinding Wheels", categorySlug: "abrasives" }),
      ),
    ).rejects.toThrow("so its slug and category cannot change");
    await expect(updateCategory(ADMIN, "abrasives", category({ slug: "abrasive", name: "Abrasives" }))).rejects.toThrow(
      "so its slug cannot change",
    );
    const hidden = await updateSubcategory(
      ADMIN,
      "grinding-wheels",
      subcategory({ slug: "grinding-wheels", name: "Grinding Wheels", categorySlug: "abrasives", active: "" }),
    );
    expect(hidden?.active).toBe(false);
  });

  it("adds, reorders and changes attributes, but keeps the kind and choices products have values for", async () => {
    const diameter = await saveAttribute(ADMIN, "flap-discs", attribute({ slug: "diameter", name: "Diameter" }));
    const bond = await saveAttribute(
      ADMIN,
      "flap-discs",
      attribute({
        slug: "bond",
        name: "Bond",
        kind: "choice",
        unitFamily: "",
        displayUnit: "",
        choices: "Resin\nRubber",
        position: "2",
      }),
    );
    await expect(saveAttribute(ADMIN, "flap-discs", attribute({ slug: "diameter", name: "Other" }))).rejects.toThrow(
      "flap-discs already has an attribute with the slug diameter.",
    );
    await moveAttribute(ADMIN, "flap-discs", bond?.id ?? 0, "up");
    expect((await attributeDefinitions(handle().db, "flap-discs")).map((definition) => definition.slug)).toEqual([
      "bond",
      "diameter",
    ]);
    expect((await auditOf("flap-discs")).at(-1)).toMatchObject({
      before: { order: ["diameter", "bond"] },
      after: { order: ["bond", "diameter"] },
    });

    const disc = await insertProduct({
      slug: "disc-d-1",
      partNumber: "D-1",
      name: "Disc",
      brand: "B",
      subcategory: "flap-discs",
      price: "1.00",
    });
    const definitions = await attributeDefinitions(handle().db, "flap-discs");
    const value = (slug: string, raw: string) => {
      const definition = definitions.find((candidate) => candidate.slug === slug);
      const parsed = definition && parseAttributeValue(definition, raw);
      if (!definition || !parsed?.ok) throw new Error(raw);
      return [definition.id, parsed.value] as const;
    };
    await handle().db.transaction((tx) =>
      writeProductAttributes(
        tx,
        definitions,
        new Map([[disc, new Map([value("diameter", "4.5 in"), value("bond", "Resin")])]]),
      ),
    );
    await expect(
      saveAttribute(
        ADMIN,
        "flap-discs",
        attribute({ slug: "diameter", name: "Diameter", kind: "text", unitFamily: "", displayUnit: "" }),
        diameter?.id,
      ),
    ).rejects.toThrow("1 product has a value for Diameter, so its kind cannot change. Add a new attribute instead.");
    await expect(
      saveAttribute(
        ADMIN,
        "flap-discs",
        attribute({ slug: "bond", name: "Bond", kind: "choice", unitFamily: "", displayUnit: "", choices: "Rubber" }),
        bond?.id,
      ),
    ).rejects.toThrow('Products have "Resin" for Bond: keep those choices.');
    // The unit it is shown in may change: the value is stored once, in millimetres.
    const shownInMm = await saveAttribute(
      ADMIN,
      "flap-discs",
      attribute({ slug: "diameter", name: "Disc Diameter", displayUnit: "mm" }),
      diameter?.id,
    );
    expect(shownInMm).toMatchObject({ name: "Disc Diameter", displayUnit: "mm", kind: "number" });
    expect(await auditOf(String(diameter?.id))).toEqual([
      expect.objectContaining({ action: "create_attribute" }),
      expect.objectContaining({
        action: "update_attribute",
        before: expect.objectContaining({ name: "Diameter", displayUnit: "in" }),
        after: expect.objectContaining({ name: "Disc Diameter", displayUnit: "mm" }),
      }),
    ]);
    expect(
      await handle().db.select().from(attributes).where(eq(attributes.subcategorySlug, "flap-discs")),
    ).toHaveLength(2);
  });
});
