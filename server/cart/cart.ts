// The server-side cart: lines keyed by product, quantities from 1 up to the stock level, or past
// it for a back-orderable part (docs/decisions/back-orders.md); a quantity the stock cannot supply
// is refused with what is in stock, never cut.
// A guest's cart is found through a signed cookie; a signed-in buyer's through their user id.
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { MAX_LINE_QUANTITY } from "../../domain/cart/cart-schemas";
import { notBuyableReason } from "../../domain/catalog/product-status";
import { orderQuantityProblem } from "../../domain/catalog/sale-units";
import { storeDay } from "../../domain/dates/dates";
import { canBackorder, orderable } from "../../domain/orders/backorderable";
import { notEnoughStock, splitLine } from "../../domain/orders/backorders";
import { productCardColumns } from "../catalog/pages/card-columns";
import { hazmatColumn } from "../catalog/products/hazmat";
import { inCatalogue } from "../catalog/products/visibility";
import type { CatalogueScope } from "../context";
import { type Database, db } from "../db/client";
import { cartItems, carts, productBulkTiers, products, promoCodes } from "../db/schema";
import { StoreError } from "../errors";

/** The buyer's cart id: their own when signed in, else the guest cart named by the cookie, else a new one. */
export async function findOrCreateCart({ userId, guestCartId }: { userId?: string; guestCartId?: string }) {
  if (userId) {
    // Read first: the header asks for the buyer's cart on every page they open, and a buyer has one.
    const kept = async () => (await db().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)))[0];
    const found = await kept();
    if (found) return found.id;
    const [created] = await db().insert(carts).values({ userId }).onConflictDoNothing().returning({ id: carts.id });
    if (created) return created.id;
    const existing = await kept();
    if (!existing) throw new Error(`The cart of user ${userId} vanished.`);
    return existing.id;
  }
  // A tampered or stale cookie names no cart of ours: the guest simply starts a new one.
  if (guestCartId && z.uuid().safeParse(guestCartId).success) {
    const [guest] = await db()
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, guestCartId), isNull(carts.userId)));
    if (guest) return guest.id;
  }
  const [created] = await db().insert(carts).values({}).returning({ id: carts.id });
  return created?.id ?? "";
}

/** Reads a cart for pricing; with `lock`, inside an order's transaction, what it reads is locked. */
export interface CartRead {
  executor?: Database;
  /**
   * Locks the products (in id order, so that concurrent orders wait for each other instead of
   * deadlocking) and then the promo code, until the transaction ends.
   */
  lock?: boolean;
  /** The buyer's company catalogue: a line outside it is marked `outsideCatalogue` (null or absent: none). */
  catalogue?: CatalogueScope | null;
}

/** Whether a product is outside `catalogue`, as a column: the checkout refuses such a line by name. */
const outsideOf = (catalogue: CatalogueScope | null | undefined) => {
  const within = inCatalogue(catalogue ?? null);
  return within ? sql<boolean>`not ${within}` : sql<boolean>`false`;
};

/** How a part is sold and what quantities of it may be ordered (domain/catalog/sale-units.ts). */
export const orderRuleColumns = {
  unit: products.unit,
  packQuantity: products.packQuantity,
  minOrderQuantity: products.minOrderQuantity,
  orderMultiple: products.orderMultiple,
};

// What pricing needs of a product: list price, what a contract price can match (category,
// subcategory, brand) and its supply (stock, back-orders; its bulk tiers come with withTiers).
const pricedColumns = {
  productId: products.id,
  slug: products.slug,
  name: products.name,
  partNumber: products.partNumber,
  image: productCardColumns.image,
  category: products.category,
  subcategory: products.subcategory,
  brand: products.brand,
  price: products.price,
  stockLevel: products.stockLevel,
  backorderable: products.backorderable,
  leadTimeDays: products.leadTimeDays,
  status: products.status,
  // How a hazardous part ships (ground only), said on its line at checkout.
  hazmat: hazmatColumn,
  ...orderRuleColumns,
};

async function withTiers<Line extends { productId: string }>(lines: Line[], executor: Database) {
  const tiers = lines.length
    ? await executor
        .select()
        .from(productBulkTiers)
        .where(
          inArray(
            productBulkTiers.productId,
            lines.map((line) => line.productId),
          ),
        )
    : [];
  return lines.map((line) => ({ ...line, tiers: tiers.filter((tier) => tier.productId === line.productId) }));
}

/** The cart's lines with what pricing needs: list price, bulk tiers and stock. */
export async function cartLines(cartId: string, { executor = db(), lock = false, catalogue }: CartRead = {}) {
  const query = executor
    .select({ ...pricedColumns, outsideCatalogue: outsideOf(catalogue), quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .$dynamic();
  const lines = lock
    ? await query.orderBy(asc(products.id)).for("no key update", { of: products })
    : await query.orderBy(asc(cartItems.addedAt), asc(products.name));
  return withTiers(lines, executor);
}

/**
 * Lines given outright (an order through the API) read as a cart's lines are, in the order given;
 * one line per product. With `lock`, the products are locked in id order, as a cart's are.
 */
export async function productLines(
  items: readonly { productId: string; quantity: number }[],
  { executor = db(), lock = false, catalogue }: CartRead = {},
) {
  const ids = items.map((item) => item.productId);
  const query = ids.length
    ? executor
        .select({ ...pricedColumns, outsideCatalogue: outsideOf(catalogue) })
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .$dynamic()
    : undefined;
  const rows = query ? await (lock ? query.for("no key update", { of: products }) : query) : [];
  const byId = new Map(rows.map((row) => [row.productId, row]));
  const lines = items.flatMap(({ productId, quantity }) => {
    const row = byId.get(productId);
    return row ? [{ ...row, quantity }] : [];
  });
  return withTiers(lines, executor);
}

/**
 * The products named by part number, drafts left out, as pricing reads them (list price, what a
 * contract price can match, stock and bulk tiers): the storefront's member prices.
 */
export async function pricedProducts(partNumbers: readonly string[], { executor = db() }: CartRead = {}) {
  const rows = partNumbers.length
    ? await executor
        .select(pricedColumns)
        .from(products)
        .where(and(inArray(products.partNumber, [...partNumbers]), ne(products.status, "draft")))
    : [];
  return withTiers(rows, executor);
}

/** A promo code by id (a submission's), locked with `lock`; null when it is gone. */
export async function promoById(promoCodeId: string | null, { executor = db(), lock = false }: CartRead = {}) {
  if (!promoCodeId) return null;
  const query = executor.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).$dynamic();
  const [promo] = lock ? await query.for("no key update") : await query;
  return promo ?? null;
}

/** The promo code applied to the cart, or null. */
export async function cartPromo(cartId: string, { executor = db(), lock = false }: CartRead = {}) {
  const query = executor
    .select({ promo: promoCodes })
    .from(carts)
    .innerJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId))
    .where(eq(carts.id, cartId))
    .$dynamic();
  const [row] = lock ? await query.for("no key update", { of: promoCodes }) : await query;
  return row?.promo ?? null;
}

async function productFor(productId: string, catalogue: CatalogueScope | null) {
  const [product] = await db()
    .select({
      name: products.name,
      partNumber: products.partNumber,
      stockLevel: products.stockLevel,
      backorderable: products.backorderable,
      leadTimeDays: products.leadTimeDays,
      status: products.status,
      ...orderRuleColumns,
    })
    .from(products)
    .where(and(eq(products.id, productId), inCatalogue(catalogue)));
  if (!product || product.status === "draft") throw new StoreError("NotFound", "That product is no longer available.");
  const notBuyable = notBuyableReason(product);
  if (notBuyable) throw new StoreError("Conflict", notBuyable);
  if (!orderable(product)) throw new StoreError("Conflict", `${product.name} is out of stock.`);
  return product;
}

type CartProduct = Awaited<ReturnType<typeof productFor>>;

/** Whether the stock supplies `quantity` of the product, all now or the rest back-ordered. */
const supplies = (product: CartProduct, quantity: number) =>
  splitLine(quantity, product, storeDay(new Date())) !== null;

/** The refusal of a quantity past the stock, naming what the cart already holds of it. */
async function notSupplied(product: CartProduct, cartId: string, productId: string) {
  return new StoreError("Conflict", notEnoughStock(product, await lineQuantity(cartId, productId)));
}

/**
 * Refuses a quantity the part's minimum or multiple does not allow, with the nearest that it does.
 * Added to a line that holds some already, the minimum is met: what is added only keeps the multiple.
 */
function checkOrderRule(product: CartProduct, quantity: number, inCart = 0) {
  const rule = inCart > 0 ? { ...product, minOrderQuantity: 1 } : product;
  const problem = orderQuantityProblem(rule, quantity, MAX_LINE_QUANTITY - inCart);
  if (problem) throw new StoreError("Invalid", problem);
}

/**
 * Adds `quantity` of a product of `catalogue` (the buyer's company's; null: any part) to the cart
 * (or starts its line); the total on the line may not pass what the stock supplies.
 */
export async function addToCart(cartId: string, productId: string, quantity: number, catalogue: CatalogueScope | null) {
  const product = await productFor(productId, catalogue);
  checkOrderRule(product, quantity, await lineQuantity(cartId, productId));
  if (!supplies(product, quantity)) throw await notSupplied(product, cartId, productId);
  // One statement, so two quick clicks cannot together pass the stock level.
  const rows = await db()
    .insert(cartItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      setWhere: canBackorder(product)
        ? undefined
        : sql`${cartItems.quantity} + excluded.quantity <= ${product.stockLevel}`,
    })
    .returning({ quantity: cartItems.quantity });
  if (rows.length === 0) throw await notSupplied(product, cartId, productId);
  await touch(cartId);
  return { name: product.name, quantity: rows[0]?.quantity ?? quantity };
}

/** What the cart holds of the product (0 when it has no line of it). */
async function lineQuantity(cartId: string, productId: string) {
  const [line] = await db()
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return line?.quantity ?? 0;
}

export const noLongerInCart = "That item is no longer in your cart.";

/** Sets a line's quantity; zero or less removes the line (docs/product-rules.md, Cart). */
export async function setLineQuantity(cartId: string, productId: string, quantity: number) {
  if (quantity <= 0) return removeLine(cartId, productId);
  // A line outside the buyer's catalogue is refused at checkout by name; its quantity may still change.
  const product = await productFor(productId, null);
  checkOrderRule(product, quantity);
  // The quantity replaces the line's: what the cart holds does not count beside it.
  if (!supplies(product, quantity)) throw new StoreError("Conflict", notEnoughStock(product));
  const rows = await db()
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ quantity: cartItems.quantity });
  if (rows.length === 0) throw new StoreError("NotFound", noLongerInCart);
  await touch(cartId);
}

export async function removeLine(cartId: string, productId: string) {
  const rows = await db()
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  if (rows.length === 0) throw new StoreError("NotFound", noLongerInCart);
  await touch(cartId);
}

/** Removes a cart and its lines. */
export async function deleteCart(cartId: string) {
  await db().delete(carts).where(eq(carts.id, cartId));
}

/** Empties the cart and drops its promo code. */
export async function clearCart(cartId: string) {
  await db().transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    await tx.update(carts).set({ promoCodeId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
  });
}

/**
 * At sign-in the guest's lines move into the account's cart: the same product adds up, and the
 * guest cart is deleted. Nothing is cut to the stock: a line the stock cannot supply shows why in
 * the cart, and checkout refuses it until the buyer changes it.
 */
export async function mergeGuestCart(guestCartId: string, userId: string) {
  const userCartId = await findOrCreateCart({ userId });
  if (userCartId === guestCartId) return userCartId;
  await db().transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: carts.id, promoCodeId: carts.promoCodeId })
      .from(carts)
      .where(and(eq(carts.id, guestCartId), isNull(carts.userId)))
      .for("update");
    if (!guest) return;
    await tx.execute(sql`
      insert into cart_items (cart_id, product_id, quantity, added_at)
      select ${userCartId}, g.product_id, g.quantity, g.added_at
      from cart_items g
      where g.cart_id = ${guestCartId}
      on conflict (cart_id, product_id) do update set quantity = cart_items.quantity + excluded.quantity`);
    if (guest.promoCodeId) {
      await tx
        .update(carts)
        .set({ promoCodeId: guest.promoCodeId })
        .where(and(eq(carts.id, userCartId), isNull(carts.promoCodeId)));
    }
    await tx.delete(carts).where(eq(carts.id, guestCartId));
  });
  await touch(userCartId);
  return userCartId;
}

async function touch(cartId: string) {
  await db().update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}
