// Saved lists: create (empty, from a paste), add, change, remove, rename, delete, into the cart;
// another buyer's list answers as an unknown one.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../test/catalog-fixtures";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { exportAccountData } from "../accounts/account-data";
import { cartItems, products, user } from "../db/schema";
import { StoreError } from "../errors";
import { findOrCreateCart } from "./cart";
import { reportMessages } from "./reorder";
import {
  addListToCart,
  addToList,
  createList,
  createListFromText,
  deleteList,
  findList,
  listsOf,
  removeListLine,
  renameList,
  setListLineQuantity,
} from "./saved-lists";

const { handle } = withTestDatabase();
const db = () => handle().db;
const ids: Record<string, string> = {};

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

beforeAll(async () => {
  for (const [partNumber, stockLevel] of [
    ["GW-45-001", 100],
    ["FD-80-001", 0],
    ["CW-45-045", 3],
  ] as const) {
    ids[partNumber] = await insertProduct({ partNumber, price: "5.00", stockLevel });
  }
  for (const id of ["pat", "sam"]) {
    await db()
      .insert(user)
      .values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
    await profileWithCompany(id);
  }
});

describe("saved lists", () => {
  it("creates a list from pasted lines with Quick Order's parser, naming unknown part numbers", async () => {
    const list = await createListFromText(
      await asBuyer({ id: "pat" }),
      "Weekly shop",
      "gw 45-001, 10\nNOPE-1, 2\nFD-80-001\t4\ncw-45-045, 12000\nGW-45-001, 5",
    );
    expect(list).toMatchObject({ name: "Weekly shop", added: 3, notFound: ["NOPE-1"], capped: ["CW-45-045"] });
    const { lines } = await findList(await asBuyer({ id: "pat" }), list.id);
    // One batch: the lines read in part-number order.
    expect(lines.map((line) => [line.partNumber, line.quantity])).toEqual([
      ["CW-45-045", 9999],
      ["FD-80-001", 4],
      ["GW-45-001", 15],
    ]);
    expect(await messageOf(createListFromText(await asBuyer({ id: "pat" }), "Other", "NOPE-1, 2"))).toBe(
      "400 Part number not found: NOPE-1",
    );
    // A quantity of 0 or less is refused with its line, not made into 1.
    expect(
      await messageOf(createListFromText(await asBuyer({ id: "pat" }), "Other", "FD-80-001, 2\nGW-45-001, 0")),
    ).toBe("400 GW-45-001: Quantity must be at least 1.");
    expect(await messageOf(createListFromText(await asBuyer({ id: "pat" }), "weekly SHOP", "GW-45-001"))).toBe(
      '409 You already have a list named "weekly SHOP".',
    );
  });

  it("reads each line in its part's unit of sale, and refuses a quantity off the part's multiple", async () => {
    const box = await insertProduct({
      partNumber: "CW-45-025",
      unit: "BX",
      packQuantity: 25,
      orderMultiple: 2,
      price: "35.75",
      stockLevel: 50,
    });
    const list = await addToList(await asBuyer({ id: "pat" }), { newName: "Boxes" }, [{ productId: box, quantity: 4 }]);
    const [line] = (await findList(await asBuyer({ id: "pat" }), list.id)).lines;
    expect(line?.rule).toEqual({ unit: "BX", packQuantity: 25, minOrderQuantity: 1, orderMultiple: 2 });
    expect(await messageOf(setListLineQuantity(await asBuyer({ id: "pat" }), list.id, line?.id ?? "", 5))).toBe(
      "400 Part CW-45-025: Sold in multiples of 2 boxes: 4 or 6?",
    );
    expect((await findList(await asBuyer({ id: "pat" }), list.id)).lines[0]?.quantity).toBe(4);
    await setListLineQuantity(await asBuyer({ id: "pat" }), list.id, line?.id ?? "", 6);
    expect((await findList(await asBuyer({ id: "pat" }), list.id)).lines[0]?.quantity).toBe(6);
    await deleteList(await asBuyer({ id: "pat" }), list.id);
  });

  it("adds products to an existing or a new list, adding up a part already on it, and changes and removes lines", async () => {
    const empty = await createList(await asBuyer({ id: "pat" }), "Shop floor");
    await addToList(await asBuyer({ id: "pat" }), { listId: empty.id }, [
      { productId: ids["GW-45-001"] ?? "", quantity: 2 },
    ]);
    await addToList(await asBuyer({ id: "pat" }), { listId: empty.id }, [
      { productId: ids["GW-45-001"] ?? "", quantity: 3 },
    ]);
    const created = await addToList(await asBuyer({ id: "pat" }), { newName: "From an order" }, [
      { productId: ids["GW-45-001"] ?? "", quantity: 1 },
      { productId: ids["CW-45-045"] ?? "", quantity: 2 },
    ]);
    expect(created).toMatchObject({ name: "From an order", added: 2 });
    const [line] = (await findList(await asBuyer({ id: "pat" }), empty.id)).lines;
    expect(line?.quantity).toBe(5);
    await setListLineQuantity(await asBuyer({ id: "pat" }), empty.id, line?.id ?? "", 40);
    expect((await findList(await asBuyer({ id: "pat" }), empty.id)).lines[0]?.quantity).toBe(40);
    await renameList(await asBuyer({ id: "pat" }), empty.id, "Shop floor (2nd shift)");
    expect(await messageOf(renameList(await asBuyer({ id: "pat" }), empty.id, "weekly shop"))).toBe(
      '409 You already have a list named "weekly shop".',
    );
    await removeListLine(await asBuyer({ id: "pat" }), empty.id, line?.id ?? "");
    expect((await findList(await asBuyer({ id: "pat" }), empty.id)).lines).toEqual([]);
    expect((await listsOf(await asBuyer({ id: "pat" }))).map((list) => list.name).sort()).toEqual([
      "From an order",
      "Shop floor (2nd shift)",
      "Weekly shop",
    ]);
    await deleteList(await asBuyer({ id: "pat" }), empty.id);
    expect(await messageOf(findList(await asBuyer({ id: "pat" }), empty.id))).toBe("404 That list was not found.");
  });

  it("adds the list to the cart with the same report as a reorder", async () => {
    const list = await createListFromText(
      await asBuyer({ id: "pat" }),
      "Into the cart",
      "GW-45-001, 2\nFD-80-001, 1\nCW-45-045, 5",
    );
    await db().delete(products).where(eq(products.partNumber, "GW-45-001"));
    const cartId = await findOrCreateCart({ userId: "pat" });
    expect(reportMessages(await addListToCart(await asBuyer({ id: "pat" }), list.id, cartId))).toEqual({
      notice: undefined,
      problems: [
        "No longer available: Part GW-45-001 (GW-45-001)",
        "Out of stock: Part FD-80-001",
        "Not added: Part CW-45-045 (5 asked for). Only 3 in stock for CW-45-045; ask for 3 or fewer.",
      ],
    });
    // Nothing cut to the stock: the line the stock cannot supply is left out whole.
    expect(await db().select().from(cartItems).where(eq(cartItems.cartId, cartId))).toEqual([]);
  });

  it("answers another buyer's list, or a made-up id, as not found", async () => {
    const list = await createList(await asBuyer({ id: "pat" }), "Private");
    const [first] = (
      await findList(await asBuyer({ id: "pat" }), (await listsOf(await asBuyer({ id: "pat" })))[1]?.id ?? "")
    ).lines;
    const samCart = await findOrCreateCart({ userId: "sam" });
    const notFound = "404 That list was not found.";
    // One at a time: each refusal is awaited as it is made, so none is left unhandled.
    for (const attempt of [
      async () => findList(await asBuyer({ id: "sam" }), list.id),
      async () => renameList(await asBuyer({ id: "sam" }), list.id, "Mine now"),
      async () => deleteList(await asBuyer({ id: "sam" }), list.id),
      async () =>
        addToList(await asBuyer({ id: "sam" }), { listId: list.id }, [
          { productId: ids["CW-45-045"] ?? "", quantity: 1 },
        ]),
      async () => setListLineQuantity(await asBuyer({ id: "sam" }), list.id, first?.id ?? "", 2),
      async () => removeListLine(await asBuyer({ id: "sam" }), list.id, first?.id ?? ""),
      async () => addListToCart(await asBuyer({ id: "sam" }), list.id, samCart),
      async () => findList(await asBuyer({ id: "pat" }), "not-a-uuid"),
    ])
      expect(await messageOf(attempt())).toBe(notFound);
    expect(await messageOf(setListLineQuantity(await asBuyer({ id: "pat" }), list.id, first?.id ?? "", 2))).toBe(
      "404 That item is no longer on this list.",
    );
    expect(await listsOf(await asBuyer({ id: "sam" }))).toEqual([]);
  });

  it("are part of the buyer's data download", async () => {
    const { savedLists } = await exportAccountData(await asBuyer({ id: "pat" }));
    expect(savedLists.find((list) => list.name === "Weekly shop")?.lines).toEqual([
      { partNumber: "CW-45-045", productName: "Part CW-45-045", quantity: 9999 },
      { partNumber: "FD-80-001", productName: "Part FD-80-001", quantity: 4 },
      // Gone from the catalogue since (an earlier test), still on the list as it was saved.
      { partNumber: "GW-45-001", productName: "Part GW-45-001", quantity: 15 },
    ]);
    expect((await exportAccountData(await asBuyer({ id: "sam" }))).savedLists).toEqual([]);
  });
});
