// Back-orders through the store's own code, on the driver under test (docs/decisions/back-orders.md):
// the operator marks a part back-orderable in the editor and the catalogue file; a buyer orders it
// past its stock and every place the line appears says what ships now and what is back-ordered; a
// part that is not back-orderable is refused, with what is in stock, on every path that adds to a
// cart or places an order, and never cut.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productInputSchema } from "../domain/catalog/product-input";
import { productForEditor, saveProductFromEditor } from "../server/admin/products";
import { orderResource } from "../server/api/orders";
import { addToCart, cartLines, findOrCreateCart, setLineQuantity } from "../server/cart/cart";
import { addPartNumbers } from "../server/cart/quick-order";
import { reorder, reportMessages } from "../server/cart/reorder";
import { addListToCart, createListFromText } from "../server/cart/saved-lists";
import { exportCatalog } from "../server/catalog/import/export-catalog";
import { importCatalogFile } from "../server/catalog/import/import-catalog";
import { adminAuditLog, mailQueue, orderItems, orders, products, user } from "../server/db/schema";
import { orderDocument } from "../server/documents/order-document";
import { StoreError } from "../server/errors";
import { moveOrder } from "../server/orders/lifecycle";
import { orderItemsView } from "../server/orders/messages";
import { findOrder } from "../server/orders/orders";
import { placeOrder } from "../server/orders/place-order";
import { cartSummary } from "../server/pricing/price";
import { insertProduct } from "./catalog-fixtures";
import { checkoutInput } from "./checkout-input";
import { withTestDatabase } from "./database";
import { asBuyer, profileWithCompany, shipAll } from "./store-fixtures";

const { handle } = withTestDatabase();
const db = () => handle().db;

// Tuesday, December 1, 2026, 10 AM in New York: 10 business days on is Tuesday, December 15.
const now = new Date("2026-12-01T15:00:00Z");
const ids: Record<string, string> = {};
let folder = "";

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

const stockOf = async (partNumber: string) =>
  (await db().select({ stock: products.stockLevel }).from(products).where(eq(products.partNumber, partNumber)))[0]
    ?.stock;

/** Saves the part as the product editor's form would, with `changes` typed over what it shows. */
async function saveInEditor(partNumber: string, changes: Record<string, string>) {
  const stored = await productForEditor(partNumber);
  if (!stored) throw new Error(`no product ${partNumber}`);
  const written = productInputSchema.parse({ ...stored, tiers: [], attributes: {}, ...changes });
  return saveProductFromEditor("admin", written, partNumber);
}

let people = 0;
/** A buyer whose company is on Net 30 terms, with an empty cart. */
async function buyer() {
  people += 1;
  const id = `bo-buyer-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name: id, email, emailVerified: true });
  await profileWithCompany(id, { creditLimit: "100000" });
  return { id, email, cartId: await findOrCreateCart({ userId: id }) };
}

type Who = Awaited<ReturnType<typeof buyer>>;

const termsOrder = async (who: Who, at = now) =>
  placeOrder({
    buyer: await asBuyer(who),
    cartId: who.cartId,
    checkout: checkoutInput(who.email, { paymentMethod: "net_30" }),
    now: at,
  });

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "backorders-"));
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  ids["GW-45-001"] = await insertProduct({ partNumber: "GW-45-001", price: "12.99", stockLevel: 640 });
  ids["BO-45-010"] = await insertProduct({
    partNumber: "BO-45-010",
    name: "Ordered-In Wheel",
    price: "5.00",
    stockLevel: 12,
    backorderable: true,
    leadTimeDays: 10,
  });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("a back-orderable part ordered past its stock", () => {
  const note = "12 ship now, 8 back-ordered, expected Tue, Dec 15";

  it("ships the stock now, back-orders the rest and takes only the stock; the cart, order, mail, invoice and API say so", async () => {
    const dana = await buyer();
    await addToCart(dana.cartId, ids["BO-45-010"] ?? "", 20, null);
    const cart = await cartSummary(dana.cartId, { buyer: await asBuyer(dana), now });
    expect(cart.lines[0]).toMatchObject({ quantity: 20, backorderable: true, backorder: note, problem: undefined });
    // The whole quantity is priced and charged: 20 × $5.00.
    expect(cart.subtotal).toBe("100.00");

    const { orderNumber } = await termsOrder(dana);
    expect(await stockOf("BO-45-010")).toBe(0);
    const order = await findOrder(orderNumber, await asBuyer(dana));
    if (!order) throw new Error("no order");
    expect(order.items).toEqual([
      expect.objectContaining({
        quantity: 20,
        allocatedQuantity: 12,
        backorderedQuantity: 8,
        backorderExpectedOn: "2026-12-15",
        totalPrice: "100.00",
      }),
    ]);
    // The confirmation page, the buyer's and the admin's order pages.
    expect(orderItemsView(order).items[0]?.backorder).toBe(note);
    const [mail] = await db()
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.to, dana.email))
      .orderBy(desc(mailQueue.createdAt));
    expect(mail?.text).toContain(`- Ordered-In Wheel (SKU: BO-45-010): 20 x $5.00 = $100.00\n  ${note}`);
    expect(orderDocument(order).lines[0]?.[1]).toBe(`Ordered-In Wheel\n${note}`);
    expect(orderResource(order, order.items).lines[0]).toMatchObject({
      quantity: 20,
      shipNow: 12,
      backordered: 8,
      expectedOn: "2026-12-15",
    });

    // Cancelled, it returns only what it took from stock.
    await moveOrder({ actor: "admin", id: "admin" }, orderNumber, { on: "statusAsked", to: "cancelled" });
    expect(await stockOf("BO-45-010")).toBe(12);
  });

  it("back-orders all of it when none is in stock, and never takes the stock below zero", async () => {
    const lee = await buyer();
    await db()
      .update(products)
      .set({ stockLevel: 0 })
      .where(eq(products.id, ids["BO-45-010"] ?? ""));
    await addToCart(lee.cartId, ids["BO-45-010"] ?? "", 5, null);
    // Ordered on a Saturday: the Monday after is the first business day, so the tenth is Friday, December 18.
    const { orderNumber } = await termsOrder(lee, new Date("2026-12-05T15:00:00Z"));
    expect(await stockOf("BO-45-010")).toBe(0);
    const [item] = await db()
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.orderNumber, orderNumber));
    expect(item?.order_items).toMatchObject({ quantity: 5, allocatedQuantity: 0, backorderedQuantity: 5 });
    const order = await findOrder(orderNumber, await asBuyer(lee));
    expect(order && orderItemsView(order).items[0]?.backorder).toBe("All 5 back-ordered, expected Fri, Dec 18");
    await db()
      .update(products)
      .set({ stockLevel: 12 })
      .where(eq(products.id, ids["BO-45-010"] ?? ""));
  });
});

describe("stock that arrives for a back-ordered part", () => {
  it("fills the back-orders first, oldest order first, from the editor and from a cancellation, so that they ship", async () => {
    const id = await insertProduct({
      partNumber: "BO-45-020",
      name: "Waited-For Wheel",
      price: "4.00",
      stockLevel: 2,
      backorderable: true,
      leadTimeDays: 5,
    });
    let placed = 0;
    const order = async (quantity: number) => {
      const who = await buyer();
      await addToCart(who.cartId, id, quantity, null);
      placed += 1;
      return (await termsOrder(who, new Date(now.getTime() + placed * 60_000))).orderNumber;
    };
    const lineOf = async (orderNumber: string) =>
      (
        await db()
          .select({
            allocated: orderItems.allocatedQuantity,
            backordered: orderItems.backorderedQuantity,
            expected: orderItems.backorderExpectedOn,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(eq(orders.orderNumber, orderNumber))
      )[0];
    // The shelf's 2 go to the first order; the next two wait for all they asked.
    const shelf = await order(2);
    const first = await order(3);
    const second = await order(4);
    expect(await lineOf(second)).toMatchObject({ allocated: 0, backordered: 4 });

    // The operator records 5 more in the editor: 3 fill the first, 2 go to the second, none to the shelf.
    expect(await saveInEditor("BO-45-020", { backorderable: "on", stockLevel: "5" })).toMatchObject({ ok: true });
    expect(await stockOf("BO-45-020")).toBe(0);
    expect(await lineOf(first)).toEqual({ allocated: 3, backordered: 0, expected: null });
    expect(await lineOf(second)).toMatchObject({ allocated: 2, backordered: 2, expected: expect.any(String) });

    // The first order cancelled gives its 2 back, and they go to the second at once.
    await moveOrder({ actor: "admin", id: "admin" }, shelf, { on: "statusAsked", to: "cancelled" });
    expect(await lineOf(second)).toEqual({ allocated: 4, backordered: 0, expected: null });
    expect(await stockOf("BO-45-020")).toBe(0);
    for (const orderNumber of [first, second]) {
      const shipped = await shipAll("admin", orderNumber);
      expect(shipped.status).toBe("shipped");
    }
  });
});

describe("a quantity past the stock of a part that is not back-orderable", () => {
  const refusal = "Only 640 in stock for GW-45-001; ask for 640 or fewer.";

  it("is refused with what is in stock, never cut: the cart, Quick Order, a reorder and a saved list", async () => {
    const sam = await buyer();
    const wheel = ids["GW-45-001"] ?? "";
    expect(await messageOf(addToCart(sam.cartId, wheel, 1000, null))).toBe(refusal);
    await addToCart(sam.cartId, wheel, 1, null);
    expect(await messageOf(setLineQuantity(sam.cartId, wheel, 1000))).toBe(refusal);
    expect(await addPartNumbers(sam.cartId, [{ partNumber: "gw 45-001", quantity: 1000 }], null)).toEqual({
      added: [],
      notFound: [],
      refused: ["Only 640 in stock for GW-45-001 and your cart has 1; add 639 or fewer."],
    });

    // An order of 700 placed while there were more, reordered now that 640 are left.
    await db().update(products).set({ stockLevel: 1000 }).where(eq(products.id, wheel));
    await setLineQuantity(sam.cartId, wheel, 700);
    const { orderNumber } = await termsOrder(sam);
    expect(await stockOf("GW-45-001")).toBe(300);
    await db().update(products).set({ stockLevel: 640 }).where(eq(products.id, wheel));
    expect(reportMessages(await reorder(await asBuyer(sam), sam.cartId, orderNumber)).problems).toEqual([
      `Not added: Part GW-45-001 (700 asked for). ${refusal}`,
    ]);

    const list = await createListFromText(await asBuyer(sam), "Monthly", "GW-45-001, 1000");
    expect(reportMessages(await addListToCart(await asBuyer(sam), list.id, sam.cartId)).problems).toEqual([
      `Not added: Part GW-45-001 (1,000 asked for). ${refusal}`,
    ]);
    expect(await cartLines(sam.cartId)).toEqual([]);
    expect(await stockOf("GW-45-001")).toBe(640);
  });

  it("refuses the order when the stock fell below the cart's quantity since, and takes nothing", async () => {
    const kim = await buyer();
    await addToCart(kim.cartId, ids["GW-45-001"] ?? "", 600, null);
    await db()
      .update(products)
      .set({ stockLevel: 500 })
      .where(eq(products.id, ids["GW-45-001"] ?? ""));
    const cart = await cartSummary(kim.cartId, { buyer: await asBuyer(kim) });
    expect(cart.lines[0]).toMatchObject({
      quantity: 600,
      backorder: undefined,
      problem: "Only 500 in stock for GW-45-001; ask for 500 or fewer.",
    });
    expect(await messageOf(termsOrder(kim))).toBe("Only 500 in stock for GW-45-001; ask for 500 or fewer.");
    expect(await stockOf("GW-45-001")).toBe(500);
    expect((await cartLines(kim.cartId)).map((line) => line.quantity)).toEqual([600]);
    expect(await db().select().from(orders).where(eq(orders.userId, kim.id))).toEqual([]);
    await db()
      .update(products)
      .set({ stockLevel: 640 })
      .where(eq(products.id, ids["GW-45-001"] ?? ""));
  });
});

describe("the operator marks a part back-orderable", () => {
  it("in the product editor, with its lead time, recorded in the audit log", async () => {
    expect(await saveInEditor("GW-45-001", { backorderable: "on", leadTimeDays: "14" })).toMatchObject({
      ok: true,
      outcome: "updated",
    });
    expect(await productForEditor("GW-45-001")).toMatchObject({ backorderable: true, leadTimeDays: "14" });
    const [entry] = await db().select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({
      action: "update_product",
      before: { backorderable: "no", leadTimeDays: "" },
      after: { backorderable: "yes", leadTimeDays: "14" },
    });
    // Now 1,000 of the 640 may be ordered.
    const ann = await buyer();
    expect((await addToCart(ann.cartId, ids["GW-45-001"] ?? "", 1000, null)).quantity).toBe(1000);
  });

  it("in the catalogue file's backorderable column, yes or no, which the export writes back", async () => {
    const file = path.join(folder, "backorders.csv");
    await writeFile(
      file,
      [
        "part_number,name,category,subcategory,brand,price,stock_level,description,lead_time_days,backorderable",
        "BO-1,Back-Order Wheel,abrasives,grinding-wheels,Own Brand,9.50,0,,21,yes",
        "BO-2,Stock Wheel,abrasives,grinding-wheels,Own Brand,9.50,5,,21,No",
        "BO-3,Plain Wheel,abrasives,grinding-wheels,Own Brand,9.50,5,,,",
        "BO-4,Maybe Wheel,abrasives,grinding-wheels,Own Brand,9.50,5,,21,maybe",
        "BO-5,No Lead Wheel,abrasives,grinding-wheels,Own Brand,9.50,5,,,yes",
      ].join("\n"),
    );
    const report = await importCatalogFile(db(), { path: file, name: "backorders.csv" });
    expect(report).toMatchObject({ created: 3, rejected: 2 });
    expect(report.problems).toEqual([
      { row: 5, column: "backorderable", message: "Write yes or no (empty: no)" },
      { row: 6, column: "lead_time_days", message: "A back-orderable part needs its lead time, e.g. 14" },
    ]);
    const stored = await db()
      .select({ partNumber: products.partNumber, backorderable: products.backorderable })
      .from(products)
      .where(like(products.partNumber, "BO-_"))
      .orderBy(products.partNumber);
    expect(stored).toEqual([
      { partNumber: "BO-1", backorderable: true },
      { partNumber: "BO-2", backorderable: false },
      { partNumber: "BO-3", backorderable: false },
    ]);

    let csv = "";
    await exportCatalog(
      db(),
      "csv",
      new Writable({
        write(chunk, _encoding, done) {
          csv += chunk;
          done();
        },
      }),
    );
    const [header = "", ...lines] = csv.trim().split("\n");
    const columns = header.split(",");
    expect(columns.indexOf("backorderable")).toBe(columns.indexOf("lead_time_days") + 1);
    const cellOf = (part: string) =>
      lines.find((line) => line.startsWith(`${part},`))?.split(",")[columns.indexOf("backorderable")];
    expect([cellOf("BO-1"), cellOf("BO-2"), cellOf("GW-45-001")]).toEqual(["yes", "no", "yes"]);
    // The exported file imports as it is: nothing changes.
    await writeFile(file, csv);
    expect(await importCatalogFile(db(), { path: file, name: "backorders.csv" })).toMatchObject({
      created: 0,
      updated: 0,
      rejected: 0,
    });
  });
});
