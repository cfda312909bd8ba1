// Minimums and multiples held by the server wherever a quantity is taken (docs/decisions/units-of-sale.md):
// the cart's add and set, Quick Order, a saved list into the cart, a request for quote, checkout after
// the rule changed under a cart line, and the catalogue import; and the unit kept on the order line.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { quoteRequestSchema } from "../../domain/quotes/quote-request";
import { insertProducts } from "../../test/catalog-fixtures";
import { withTestDatabase } from "../../test/database";
import { asBuyer, cardOrder, profileWithCompany, signedUpBuyer } from "../../test/store-fixtures";
import { importCatalogFile } from "../catalog/import/import-catalog";
import { orderItems, orders, products, quoteRequestLines, user } from "../db/schema";
import { StoreError } from "../errors";
import { priceStoredCart } from "../pricing/price";
import { PROFILE_SHIP_TO, requestQuote } from "../quotes/requests";
import { addToCart, cartLines, findOrCreateCart, setLineQuantity } from "./cart";
import { addPartNumbers } from "./quick-order";
import { reportMessages } from "./reorder";
import { addListToCart, addToList, createList } from "./saved-lists";

const { handle } = withTestDatabase();
const db = () => handle().db;
const id: Record<string, string> = {};

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

beforeAll(async () => {
  const rows = await insertProducts([
    // Each, in multiples of 25 (the example), and a box of 25 wheels bought by the box.
    { partNumber: "RV-25", name: "Push Pin Rivet", price: "0.18", stockLevel: 5000, orderMultiple: 25 },
    { partNumber: "CW-BX", name: "Cut-Off Wheel", price: "29.50", stockLevel: 40, unit: "BX", packQuantity: 25 },
    { partNumber: "LM-FT", name: "Split Loom", price: "0.39", stockLevel: 900, unit: "FT", minOrderQuantity: 10 },
  ]);
  for (const row of rows) id[row.partNumber] = row.id;
  await db().insert(user).values({ id: "rita", name: "Rita", email: "rita@example.com", emailVerified: true });
  await profileWithCompany("rita", {
    shippingAddressLine1: "100 Main St",
    shippingCity: "Portland",
    shippingState: "OR",
    shippingZip: "97201",
  });
});

describe("the cart", () => {
  it("refuses a quantity off the multiple with the nearest ones, then takes one on it", async () => {
    const cartId = await findOrCreateCart({});
    expect(await messageOf(addToCart(cartId, id["RV-25"] ?? "", 30, null))).toBe(
      "400 Sold in multiples of 25: 25 or 50?",
    );
    expect(await cartLines(cartId)).toEqual([]);
    await addToCart(cartId, id["RV-25"] ?? "", 50, null);
    // Added to a line that holds some: what is added keeps the multiple.
    expect(await messageOf(addToCart(cartId, id["RV-25"] ?? "", 10, null))).toBe("400 Sold in multiples of 25: 25?");
    await addToCart(cartId, id["RV-25"] ?? "", 25, null);
    expect(await messageOf(setLineQuantity(cartId, id["RV-25"] ?? "", 60))).toBe(
      "400 Sold in multiples of 25: 50 or 75?",
    );
    // Never cut: the line keeps what it held.
    expect((await cartLines(cartId)).map((line) => line.quantity)).toEqual([75]);
  });

  it("refuses less than the minimum, and a line of it may grow by any amount", async () => {
    const cartId = await findOrCreateCart({});
    expect(await messageOf(addToCart(cartId, id["LM-FT"] ?? "", 4, null))).toBe("400 Minimum order is 10 feet: 10?");
    await addToCart(cartId, id["LM-FT"] ?? "", 12, null);
    await addToCart(cartId, id["LM-FT"] ?? "", 3, null);
    expect(await messageOf(setLineQuantity(cartId, id["LM-FT"] ?? "", 9))).toBe("400 Minimum order is 10 feet: 10?");
    expect((await cartLines(cartId)).map((line) => line.quantity)).toEqual([15]);
  });

  it("names each Quick Order line it refuses by its part number, and adds the rest", async () => {
    const cartId = await findOrCreateCart({});
    const report = await addPartNumbers(
      cartId,
      [
        { partNumber: "rv-25", quantity: 30 },
        { partNumber: "CW-BX", quantity: 3 },
        { partNumber: "LM-FT", quantity: 2 },
      ],
      null,
    );
    expect(report.refused).toEqual([
      "RV-25: Sold in multiples of 25: 25 or 50?",
      "LM-FT: Minimum order is 10 feet: 10?",
    ]);
    expect(report.added).toEqual([{ name: "Cut-Off Wheel", quantity: 3 }]);
  });

  it("names a saved list's line it cannot add whole", async () => {
    const buyer = await asBuyer({ id: "rita" });
    const list = await createList(buyer, "Rivets");
    await addToList(buyer, { listId: list.id }, [{ productId: id["RV-25"] ?? "", quantity: 40 }]);
    const cartId = await findOrCreateCart({ userId: "rita" });
    const { problems } = reportMessages(await addListToCart(buyer, list.id, cartId));
    expect(problems).toEqual(["Not added: Push Pin Rivet (40 asked for). Sold in multiples of 25: 25 or 50?"]);
  });
});

describe("a request for quote", () => {
  it("refuses a line off its part's rule, and keeps the unit the buyer asked in", async () => {
    const buyer = await asBuyer({ id: "rita" });
    const ask = (lines: string) =>
      requestQuote(buyer, quoteRequestSchema.parse({ shipTo: PROFILE_SHIP_TO, source: "paste", lines }));
    expect(await messageOf(ask("RV-25, 30\nLM-FT, 5"))).toBe(
      "400 RV-25: Sold in multiples of 25: 25 or 50? LM-FT: Minimum order is 10 feet: 10?",
    );
    await ask("CW-BX, 4\nRV-25, 100");
    const lines = await db().select().from(quoteRequestLines).orderBy(quoteRequestLines.position);
    expect(
      lines.map(({ partNumber, unit, packQuantity, quantity }) => ({ partNumber, unit, packQuantity, quantity })),
    ).toEqual([
      { partNumber: "CW-BX", unit: "BX", packQuantity: 25, quantity: 4 },
      { partNumber: "RV-25", unit: "EA", packQuantity: 1, quantity: 100 },
    ]);
  });
});

describe("checkout", () => {
  it("refuses a cart line whose part's minimum rose since it was added, and keeps the unit on the order", async () => {
    const buyer = await signedUpBuyer("units@example.com");
    const cartId = await findOrCreateCart({ userId: buyer.id });
    await addToCart(cartId, id["LM-FT"] ?? "", 10, null);
    await db()
      .update(products)
      .set({ minOrderQuantity: 20 })
      .where(eq(products.id, id["LM-FT"] ?? ""));
    const priced = await priceStoredCart(cartId, { buyer: await asBuyer(buyer) });
    expect(priced.problems).toEqual(["Split Loom: Minimum order is 20 feet: 20?"]);
    await db()
      .update(products)
      .set({ minOrderQuantity: 10 })
      .where(eq(products.id, id["LM-FT"] ?? ""));
    await setLineQuantity(cartId, id["LM-FT"] ?? "", 0);

    const { orderNumber } = await cardOrder(buyer, [["CW-BX", 2]]);
    const [placed] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
    const lineOf = async () =>
      (
        await db()
          .select()
          .from(orderItems)
          .where(eq(orderItems.orderId, placed?.id ?? ""))
      )[0];
    const line = await lineOf();
    expect(line).toMatchObject({ productSku: "CW-BX", unit: "BX", packQuantity: 25, quantity: 2, unitPrice: "29.50" });
    // A later change of the part does not rewrite the order.
    await db()
      .update(products)
      .set({ unit: "CS", packQuantity: 100 })
      .where(eq(products.id, id["CW-BX"] ?? ""));
    expect(await lineOf()).toMatchObject({ unit: "BX", packQuantity: 25 });
  });
});

describe("the catalogue import", () => {
  it("refuses an unknown unit naming the allowed codes, and a minimum off the multiple", async () => {
    const folder = process.env.TMPDIR ?? "/tmp";
    const file = path.join(folder, `units-${process.pid}.csv`);
    await writeFile(
      file,
      [
        "part_number,name,category,subcategory,brand,price,stock_level,description,unit,pack_quantity,min_order_quantity,order_multiple",
        "IM-1,Wheel,abrasives,grinding-wheels,Own,9.99,5,,BOX,25,,",
        "IM-2,Rivet,abrasives,grinding-wheels,Own,0.10,5,,ea,,30,25",
        "IM-3,Tape,abrasives,grinding-wheels,Own,3.10,5,,ro,,,",
        "IM-4,Pad,abrasives,grinding-wheels,Own,3.10,5,,,,0,",
      ].join("\n"),
    );
    const report = await importCatalogFile(db(), { path: file, name: "units.csv" });
    expect(report).toMatchObject({ created: 1, rejected: 3 });
    expect(report.problems).toEqual([
      {
        row: 2,
        column: "unit",
        message:
          "The unit must be one of EA, PR, PK, BX, CS, SET, KT, BG, RO, DR, FT, MTR, GLL, LTR, LBR (FOT is read as FT; empty: EA)",
      },
      {
        row: 3,
        column: "min_order_quantity",
        message: "The minimum order quantity must be a multiple of the order multiple (25), e.g. 25",
      },
      {
        row: 5,
        column: "min_order_quantity",
        message: "The minimum order quantity must be from 1 to 10,000,000, or empty",
      },
    ]);
    const [tape] = await db().select().from(products).where(eq(products.partNumber, "IM-3"));
    expect(tape).toMatchObject({ unit: "RO", packQuantity: 1, minOrderQuantity: 1, orderMultiple: 1 });
  });
});
