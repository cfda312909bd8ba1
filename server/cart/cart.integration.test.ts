import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { carts, products, user } from "../db/schema";
import { StoreError } from "../errors";
import { addToCart, cartLines, clearCart, findOrCreateCart, mergeGuestCart, removeLine, setLineQuantity } from "./cart";

const { handle } = withTestDatabase();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const rows = await handle()
    .db.insert(products)
    .values([
      {
        slug: "wheel",
        partNumber: "GW-45-001",
        name: "Grinding Wheel 4.5 in",
        brand: "B",
        category: "abrasives",
        subcategory: "grinding-wheels",
        price: "12.99",
        stockLevel: 10,
      },
      {
        slug: "disc",
        partNumber: "FD-80-001",
        name: "Flap Disc 80 Grit 4.5 in",
        brand: "B",
        category: "abrasives",
        subcategory: "flap-discs",
        price: "8.49",
        stockLevel: 3,
      },
      {
        slug: "gone",
        partNumber: "XX-1",
        name: "Sold Out Saw",
        brand: "B",
        category: "cutting-tools",
        subcategory: "hole-saws",
        price: "20.00",
        stockLevel: 0,
      },
      {
        slug: "ordered-in",
        partNumber: "BO-10-001",
        name: "Ordered-In Wheel",
        brand: "B",
        category: "abrasives",
        subcategory: "grinding-wheels",
        price: "5.00",
        stockLevel: 0,
        backorderable: true,
        leadTimeDays: 10,
      },
    ])
    .returning({ id: products.id, slug: products.slug });
  for (const row of rows) ids[row.slug] = row.id;
  await handle().db.insert(user).values({ id: "buyer", name: "Dana", email: "dana@example.com" });
});

const quantities = async (cartId: string) =>
  Object.fromEntries((await cartLines(cartId)).map((line) => [line.partNumber, line.quantity]));

const storeError = (promise: Promise<unknown>) =>
  promise.then(
    () => "no error",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

describe("the cart", () => {
  it("adds to one line per product and refuses a quantity past the stock level, naming the stock", async () => {
    const cart = await findOrCreateCart({});
    await addToCart(cart, ids.wheel ?? "", 2, null);
    await addToCart(cart, ids.wheel ?? "", 3, null);
    expect(await quantities(cart)).toEqual({ "GW-45-001": 5 });
    expect(await storeError(addToCart(cart, ids.wheel ?? "", 6, null))).toBe(
      "Only 10 in stock for GW-45-001 and your cart has 5; add 5 or fewer.",
    );
    expect(await storeError(addToCart(cart, ids.wheel ?? "", 11, null))).toBe(
      "Only 10 in stock for GW-45-001 and your cart has 5; add 5 or fewer.",
    );
    expect(await storeError(addToCart(cart, ids.disc ?? "", 1000, null))).toBe(
      "Only 3 in stock for FD-80-001; ask for 3 or fewer.",
    );
    expect(await storeError(addToCart(cart, ids.gone ?? "", 1, null))).toBe("Sold Out Saw is out of stock.");
    expect(await storeError(addToCart(cart, "00000000-0000-4000-8000-000000000000", 1, null))).toBe(
      "That product is no longer available.",
    );
    expect(await quantities(cart)).toEqual({ "GW-45-001": 5 });
  });

  it("never passes the stock level when the same add arrives twice at once", async () => {
    const cart = await findOrCreateCart({});
    const results = await Promise.allSettled([
      addToCart(cart, ids.disc ?? "", 2, null),
      addToCart(cart, ids.disc ?? "", 2, null),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await quantities(cart)).toEqual({ "FD-80-001": 2 });
  });

  it("sets a quantity, removes the line at zero or less, and removes on request", async () => {
    const cart = await findOrCreateCart({});
    await addToCart(cart, ids.wheel ?? "", 1, null);
    await addToCart(cart, ids.disc ?? "", 1, null);
    await setLineQuantity(cart, ids.wheel ?? "", 4);
    expect(await storeError(setLineQuantity(cart, ids.disc ?? "", 4))).toBe(
      "Only 3 in stock for FD-80-001; ask for 3 or fewer.",
    );
    await setLineQuantity(cart, ids.disc ?? "", 0);
    expect(await quantities(cart)).toEqual({ "GW-45-001": 4 });
    await setLineQuantity(cart, ids.wheel ?? "", -1);
    expect(await quantities(cart)).toEqual({});
    await addToCart(cart, ids.wheel ?? "", 1, null);
    await removeLine(cart, ids.wheel ?? "");
    expect(await quantities(cart)).toEqual({});
    expect(await storeError(removeLine(cart, ids.wheel ?? ""))).toBe("That item is no longer in your cart.");
    expect(await storeError(setLineQuantity(cart, ids.wheel ?? "", 0))).toBe("That item is no longer in your cart.");
  });

  it("keeps one cart per signed-in buyer and ignores a cookie naming someone else's cart", async () => {
    const mine = await findOrCreateCart({ userId: "buyer" });
    expect(await findOrCreateCart({ userId: "buyer" })).toBe(mine);
    const guest = await findOrCreateCart({ guestCartId: mine });
    expect(guest).not.toBe(mine);
    const fresh = await findOrCreateCart({ guestCartId: "'; drop table carts; --" });
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(await quantities(fresh)).toEqual({});
  });

  it("takes any quantity of a back-orderable part, out of stock or not", async () => {
    const cart = await findOrCreateCart({});
    await addToCart(cart, ids["ordered-in"] ?? "", 30, null);
    await addToCart(cart, ids["ordered-in"] ?? "", 20, null);
    expect(await quantities(cart)).toEqual({ "BO-10-001": 50 });
    await setLineQuantity(cart, ids["ordered-in"] ?? "", 400);
    expect(await quantities(cart)).toEqual({ "BO-10-001": 400 });
  });

  it("merges a guest cart at sign-in: same products add up, never cut to the stock, and the guest cart is gone", async () => {
    const account = await findOrCreateCart({ userId: "buyer" });
    await clearCart(account);
    await addToCart(account, ids.disc ?? "", 2, null);
    const guest = await findOrCreateCart({});
    await addToCart(guest, ids.disc ?? "", 2, null);
    await addToCart(guest, ids.wheel ?? "", 1, null);
    expect(await mergeGuestCart(guest, "buyer")).toBe(account);
    // 4 discs of the 3 in stock: the cart keeps what the buyer asked for, and its checkout says why it cannot be ordered.
    expect(await quantities(account)).toEqual({ "FD-80-001": 4, "GW-45-001": 1 });
    expect(await handle().db.select().from(carts).where(eq(carts.id, guest))).toEqual([]);
  });
});
