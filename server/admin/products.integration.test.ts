import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { productListSchema } from "../../domain/admin/admin-schemas";
import { productInputSchema } from "../../domain/catalog/product-input";
import { withTestDatabase } from "../../test/database";
import { adminAuditLog, attributes, products, user } from "../db/schema";
import { StoreError } from "../errors";
import { onStoreEvent } from "../events";
import { listProductsForAdmin, productForEditor, saveProductFromEditor } from "./products";

const { handle } = withTestDatabase();

const wheel = (overrides: Record<string, unknown> = {}) =>
  productInputSchema.parse({
    partNumber: "ED-100",
    name: "Editor Wheel 4.5 in",
    category: "abrasives",
    subcategory: "grinding-wheels",
    brand: "Own Brand",
    price: "9.50",
    stockLevel: "12",
    status: "active",
    description: "A wheel written in the editor.",
    tiers: [{ minQuantity: "100", unitPrice: "8.75" }],
    attributes: { diameter: "4-1/2 in" },
    ...overrides,
  });

const announced: string[][] = [];
const stopListening = onStoreEvent("catalogChanged", ({ productIds }) => announced.push(productIds));
afterEach(() => {
  announced.length = 0;
});

const auditEntries = () =>
  handle()
    .db.select({
      action: adminAuditLog.action,
      entityId: adminAuditLog.entityId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
    })
    .from(adminAuditLog)
    .orderBy(adminAuditLog.createdAt, adminAuditLog.id);

beforeAll(async () => {
  await handle().db.insert(user).values({ id: "admin1", name: "Admin", email: "admin@example.com" });
  await handle().db.insert(attributes).values({
    subcategorySlug: "grinding-wheels",
    slug: "diameter",
    name: "Diameter",
    kind: "number",
    unitFamily: "length",
    displayUnit: "in",
  });
  return () => stopListening();
});

describe("the product editor's save", () => {
  it("creates a product, audits it whole and announces it", async () => {
    expect(await saveProductFromEditor("admin1", wheel())).toEqual({
      ok: true,
      partNumber: "ED-100",
      outcome: "created",
    });
    const [row] = await handle().db.select().from(products).where(eq(products.partNumber, "ED-100"));
    expect(announced).toEqual([[row?.id]]);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ action: "create_product", entityId: row?.id, before: null });
    expect(entry?.after).toMatchObject({
      partNumber: "ED-100",
      price: "9.50",
      tiers: "100:8.75",
      status: "active",
      "attributes.diameter": "4-1/2 in",
    });
  });

  it("refuses a new product with a part number the store has, however it is spelled", async () => {
    expect(await saveProductFromEditor("admin1", wheel({ partNumber: "ed 100", name: "Another" }))).toEqual({
      ok: false,
      problems: [{ field: "partNumber", message: "A product ED-100 already exists; edit it instead" }],
    });
    expect(announced).toEqual([]);
  });

  it("updates the changed fields, audits only those before -> after, and keeps the part number", async () => {
    const saved = await saveProductFromEditor(
      "admin1",
      wheel({ partNumber: "SOMETHING-ELSE", price: "9.25", tiers: [{ minQuantity: "50", unitPrice: "8.50" }] }),
      "ed-100",
    );
    expect(saved).toEqual({ ok: true, partNumber: "ED-100", outcome: "updated" });
    const entries = await auditEntries();
    expect(entries.at(-1)).toMatchObject({
      action: "update_product",
      before: { price: "9.50", tiers: "100:8.75" },
      after: { price: "9.25", tiers: "50:8.50" },
    });
    expect(announced).toHaveLength(1);
    expect(await productForEditor("ED100")).toMatchObject({
      partNumber: "ED-100",
      price: "9.25",
      tiers: [{ minQuantity: "50", unitPrice: "8.50" }],
      attributes: { diameter: "4-1/2 in" },
    });
  });

  it("writes, audits and announces nothing when the product is as it was", async () => {
    const before = (await auditEntries()).length;
    const saved = await saveProductFromEditor(
      "admin1",
      wheel({ price: "9.25", tiers: [{ minQuantity: "50", unitPrice: "8.50" }], attributes: { diameter: "114.3 mm" } }),
      "ED-100",
    );
    expect(saved).toEqual({ ok: true, partNumber: "ED-100", outcome: "unchanged" });
    expect(await auditEntries()).toHaveLength(before);
    expect(announced).toEqual([]);
  });

  it("keeps the hazard data the card writes, audits it by field, and a field emptied is the default, not as it was", async () => {
    const hazard = {
      hazardous: "on",
      signalWord: "Warning",
      pictograms: ["GHS07"],
      hazardStatements: "H319 Causes serious eye irritation.",
      physicalState: "Liquid",
      revised: "2026-11-30",
      regulated: "on",
      unNumber: "un1993",
      properShippingName: "Flammable liquid, n.o.s.",
      hazardClass: "3",
      packingGroup: "III",
    };
    await saveProductFromEditor(
      "admin1",
      wheel({ partNumber: "ED-HAZ", unit: "BX", packQuantity: "25", hazard }),
      undefined,
    );
    const [row] = await handle().db.select().from(products).where(eq(products.partNumber, "ED-HAZ"));
    expect(row?.hazard).toMatchObject({
      signalWord: "Warning",
      pictograms: ["GHS07"],
      hazardStatements: [{ code: "H319", text: "Causes serious eye irritation." }],
      transport: { unNumber: "UN1993", hazardClass: "3", packingGroup: "III", limitedQuantity: false },
    });
    const shown = await productForEditor("ED-HAZ");
    expect(shown?.hazard).toMatchObject({ ...hazard, unNumber: "UN1993", classification: "", ingredients: "" });
    // The same fields again: nothing to save.
    expect(
      await saveProductFromEditor(
        "admin1",
        wheel({ partNumber: "ED-HAZ", unit: "BX", packQuantity: "25", hazard }),
        "ED-HAZ",
      ),
    ).toMatchObject({
      outcome: "unchanged",
    });
    await saveProductFromEditor(
      "admin1",
      wheel({ partNumber: "ED-HAZ", unit: "BX", packQuantity: "25", hazard: { ...hazard, unNumber: "UN1263" } }),
      "ED-HAZ",
    );
    const entries = await auditEntries();
    expect(entries.at(-1)).toMatchObject({
      before: { "hazard.unNumber": "UN1993" },
      after: { "hazard.unNumber": "UN1263" },
    });
    // Unticked (the form sends no hazard fields) and the pack emptied: no hazard, a pack of 1.
    await saveProductFromEditor("admin1", wheel({ partNumber: "ED-HAZ", unit: "BX" }), "ED-HAZ");
    const [after] = await handle().db.select().from(products).where(eq(products.partNumber, "ED-HAZ"));
    expect(after).toMatchObject({ hazard: null, unit: "BX", packQuantity: 1 });
    // The listing tests below count the editor's products.
    await handle().db.delete(products).where(eq(products.partNumber, "ED-HAZ"));
  });

  it("refuses hazard data with what to fix, on its field", () => {
    const parsed = productInputSchema.safeParse({
      ...wheel(),
      stockLevel: "12",
      tiers: [],
      hazard: {
        hazardous: "on",
        signalWord: "Caution",
        hazardStatements: "Flammable",
        regulated: "on",
        unNumber: "1993X",
      },
    });
    expect(parsed.success).toBe(false);
    const problems = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(problems).toMatchObject({
      "hazard.signalWord": "Choose the signal word the label carries: Danger or Warning",
      "hazard.hazardStatements": '"Flammable" is not a H code and its text, e.g. H222 Extremely flammable aerosol.',
      "hazard.physicalState": "Enter its physical state, e.g. Aerosol, Liquid or Paste",
      "hazard.unNumber": "The UN number is UN and 4 digits, e.g. UN1950",
      "hazard.properShippingName": "Enter the proper shipping name, e.g. Aerosols, flammable",
    });
  });

  it("names the problems only the database sees on their fields, and writes nothing", async () => {
    const before = (await auditEntries()).length;
    const saved = await saveProductFromEditor(
      "admin1",
      wheel({ price: "1.00", tiers: [], attributes: { diameter: "4.5 furlongs" }, relatedParts: ["NO-SUCH-9"] }),
      "ED-100",
    );
    expect(saved).toEqual({
      ok: false,
      problems: [
        {
          field: "attributes.diameter",
          message: 'Diameter: "4.5 furlongs" is not a length: write it like 4-1/2 in, 4.5 in or 114.3 mm',
        },
        { field: "relatedParts", message: "There is no part NO-SUCH-9" },
      ],
    });
    expect((await productForEditor("ED-100"))?.price).toBe("9.25");
    expect(await auditEntries()).toHaveLength(before);
  });

  it("says so when the product to edit does not exist", async () => {
    await expect(saveProductFromEditor("admin1", wheel(), "NO-SUCH-1")).rejects.toThrow(
      new StoreError("NotFound", "There is no product NO-SUCH-1."),
    );
  });
});

describe("the back office's product list", () => {
  const list = (query: Record<string, string>) => listProductsForAdmin(productListSchema.parse(query));

  it("finds by part number however it is spelled and by a fragment of the name, and filters", async () => {
    await saveProductFromEditor(
      "admin1",
      wheel({ partNumber: "LS-7", name: "Low Stock Disc", stockLevel: "3", status: "draft", tiers: [] }),
    );
    await saveProductFromEditor(
      "admin1",
      wheel({ partNumber: "OUT-8", name: "Sold Out Disc", stockLevel: "0", status: "discontinued", tiers: [] }),
    );
    const partNumbers = async (query: Record<string, string>) =>
      (await list(query)).products.map((product) => product.partNumber);
    expect(await partNumbers({ q: "ed 100" })).toEqual(["ED-100"]);
    expect(await partNumbers({ q: "disc" })).toEqual(["LS-7", "OUT-8"]);
    expect(await partNumbers({ q: "50%" })).toEqual([]); // "%" is a character to find, not a wildcard
    expect(await partNumbers({ status: "draft" })).toEqual(["LS-7"]);
    expect(await partNumbers({ stock: "low" })).toEqual(["LS-7"]);
    expect(await partNumbers({ stock: "out" })).toEqual(["OUT-8"]);
    expect(await partNumbers({ stock: "in", category: "abrasives" })).toEqual(["ED-100", "LS-7"]);
    expect(await partNumbers({ category: "safety" })).toEqual([]);
    expect(await list({ status: "nonsense", page: "2" })).toMatchObject({ total: 3, page: 2, products: [] });
  });
});
