// The product editor's page as the browser posts it: admin only, Conform's field names (list rows
// included) read, problems shown on their fields, a list row added without JavaScript.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../app/routes/admin/product-editor";
import { loader as listLoader } from "../app/routes/admin/products";
import { type SignedInUser, userContext } from "../server/context";
import { attributes, products, user } from "../server/db/schema";
import { withTestDatabase } from "./database";

const { handle } = withTestDatabase();

const adminUser: SignedInUser = {
  id: "editor-admin",
  email: "editor-admin@example.com",
  name: "Admin",
  isAdmin: true,
  twoFactorEnabled: false,
  twoFactorVerified: false,
};
const customer: SignedInUser = { ...adminUser, id: "customer", isAdmin: false };

function args(path: string, who: SignedInUser | undefined, params: Record<string, string> = {}, form?: FormData) {
  const context = new RouterContextProvider();
  if (who) context.set(userContext, who);
  const url = new URL(`http://store.test${path}`);
  const request = form
    ? new Request(url, { method: "POST", body: new URLSearchParams(form as never) })
    : new Request(url);
  return { request, url, pattern: path, context, params } as never;
}

const newProductForm = (fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    partNumber: "RT-1",
    name: "Route Wheel",
    category: "abrasives",
    subcategory: "grinding-wheels",
    brand: "Own Brand",
    price: "12.00",
    stockLevel: "5",
    status: "draft",
    description: "",
    "tiers[0].minQuantity": "10",
    "tiers[0].unitPrice": "11.00",
    "oemNumbers[0]": "OEM-77",
    "attributes.diameter": "4-1/2 in",
    ...fields,
  }))
    form.append(name, value);
  return form;
};

const thrown = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof Response ? error.status : error;
  }
  return "nothing thrown";
};

beforeAll(async () => {
  await handle().db.insert(user).values({ id: adminUser.id, name: "Admin", email: adminUser.email });
  await handle().db.insert(attributes).values({
    subcategorySlug: "grinding-wheels",
    slug: "diameter",
    name: "Diameter",
    kind: "number",
    unitFamily: "length",
    displayUnit: "in",
  });
});

describe("the product pages of the back office", () => {
  it("answer 401 to a guest and 403 to a customer, reading or writing", async () => {
    for (const [who, status] of [
      [undefined, 401],
      [customer, 403],
    ] as const) {
      expect(await thrown(listLoader(args("/admin/products", who)))).toBe(status);
      expect(await thrown(loader(args("/admin/products/new", who)))).toBe(status);
      expect(await thrown(action(args("/admin/products/new", who, {}, newProductForm())))).toBe(status);
    }
    expect(await handle().db.select().from(products)).toEqual([]);
  });

  it("create a product from the posted form, its tiers, lists and attributes included", async () => {
    const answer = (await action(args("/admin/products/new", adminUser, {}, newProductForm()))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/products/RT-1/edit");
    const [row] = await handle().db.select().from(products).where(eq(products.partNumber, "RT-1"));
    expect(row).toMatchObject({ status: "draft", price: "12.00", oemNumbers: ["OEM-77"] });
    const page = await loader(args("/admin/products/rt-1/edit", adminUser, { partNumber: "rt-1" }));
    expect(page.product).toMatchObject({
      tiers: [{ minQuantity: "10", unitPrice: "11.00" }],
      attributes: { diameter: "4-1/2 in" },
    });
    expect(page.attributes.map((attribute) => attribute.name)).toEqual(["Diameter"]);
  });

  it("show the schema's and the database's problems on their fields, and save nothing", async () => {
    const schema = await action(
      args("/admin/products/new", adminUser, {}, newProductForm({ partNumber: "RT-2", price: "12,00" })),
    );
    expect(schema).toMatchObject({
      init: { status: 400 },
      data: {
        reply: { error: { price: ["The price must be an amount in dollars with at most 2 decimals, e.g. 12.99"] } },
      },
    });
    const database = await action(
      args(
        "/admin/products/new",
        adminUser,
        {},
        newProductForm({ partNumber: "RT-2", "attributes.diameter": "wide", "relatedParts[0]": "NO-SUCH-5" }),
      ),
    );
    expect(database).toMatchObject({
      init: { status: 400 },
      data: {
        reply: {
          error: {
            "attributes.diameter": [expect.stringContaining("Diameter:")],
            relatedParts: ["There is no part NO-SUCH-5"],
          },
        },
      },
    });
    expect(await handle().db.select().from(products).where(eq(products.partNumber, "RT-2"))).toEqual([]);
  });

  it("add a tier row without JavaScript (the form comes back with the row) and save nothing", async () => {
    const form = newProductForm({ partNumber: "RT-3" });
    form.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "tiers" } }));
    const answer = await action(args("/admin/products/new", adminUser, {}, form));
    expect(answer).toMatchObject({ init: { status: 200 } });
    expect(await handle().db.select().from(products).where(eq(products.partNumber, "RT-3"))).toEqual([]);
  });

  it("save a product moved to another subcategory without JavaScript, dropping the old subcategory's attributes", async () => {
    const form = newProductForm({ subcategory: "flap-discs" });
    const answer = (await action(
      args("/admin/products/rt-1/edit", adminUser, { partNumber: "rt-1" }, form),
    )) as Response;
    expect(answer.status).toBe(302);
    const page = await loader(args("/admin/products/RT-1/edit", adminUser, { partNumber: "RT-1" }));
    expect(page.product).toMatchObject({ subcategory: "flap-discs", attributes: {} });
    expect(page.attributes).toEqual([]);
  });

  it("refuse a button that is not one of the form's own, before reading the form", async () => {
    for (const intent of ["x", "null", "{}", '{"type":"update","payload":{"name":"tiers[99999999]","value":"1"}}']) {
      const form = newProductForm({ partNumber: "RT-4", __intent__: intent });
      expect(await thrown(action(args("/admin/products/new", adminUser, {}, form)))).toBe(400);
    }
  });

  it("say there is no such product to edit", async () => {
    const missing = loader(args("/admin/products/NOPE-1/edit", adminUser, { partNumber: "NOPE-1" }));
    await expect(missing).rejects.toMatchObject({ init: { status: 404 }, data: "There is no product NOPE-1." });
  });
});
