// Putting remembered lines back into the cart (an order reordered, a top product, a saved list) at
// today's prices. Every line asked for is accounted for: added whole (a back-orderable part past
// its stock included), not added (discontinued or unknown, out of stock, or more than the stock
// supplies: never cut to it, docs/decisions/back-orders.md) or added at a price that changed since,
// and the buyer is told each by name (docs/product-rules.md, Reorder and saved lists).
import { and, desc, eq, inArray } from "drizzle-orm";
import { type Day, storeDay } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { orderable, type Supply } from "../../domain/orders/backorderable";
import { notEnoughStock, splitLine } from "../../domain/orders/backorders";
import { formatNumber } from "../../domain/text/numbers";
import { normalizedPartNumber, normalizePartNumber } from "../catalog/products/part-numbers";
import { listedForBuyers } from "../catalog/products/visibility";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import type { CatalogueScope } from "../context";
import { db } from "../db/client";
import { cartItems, orderItems, orders, products } from "../db/schema";
import { StoreError } from "../errors";
import { hasOrderNumber } from "../orders/order-number";
import { buyerSeesOrder } from "../orders/orders";
import { priceStoredCart } from "../pricing/price";
import { addToCart } from "./cart";

/** A line to put back: the product (null once it left the catalogue), as remembered. */
export interface WantedLine {
  productId: string | null;
  partNumber: string | null;
  name: string;
  quantity: number;
  /** The unit price paid (an order line), to name a price that changed since; absent for a list. */
  pricePaid?: string;
}

export interface CatalogueProduct extends Supply {
  id: string;
  name: string;
}

export interface PlannedAdd {
  productId: string;
  name: string;
  quantity: number;
  pricePaid?: string;
}

export interface CartReport {
  added: { name: string; quantity: number }[];
  unavailable: string[];
  outOfStock: string[];
  /** Lines the stock cannot supply, each with what is in stock: "Not added: … Only 7 in stock for …". */
  notSupplied: string[];
  priceChanged: { name: string; was: string; now: string }[];
}

const emptyReport = (): CartReport => ({
  added: [],
  unavailable: [],
  outOfStock: [],
  notSupplied: [],
  priceChanged: [],
});

/** A line the stock cannot supply, named with the quantity asked for and the refusal's reason. */
const notAdded = (name: string, wanted: number, reason: string) =>
  `Not added: ${name} (${formatNumber(wanted)} asked for). ${reason}`;

/**
 * Which lines go into the cart: each whole, when the stock supplies it beside what the cart already
 * holds (a product asked for twice counts once against its stock), else none of it. Pure, for the
 * tests; `today` dates a back-order.
 */
export function planReorder(
  wanted: WantedLine[],
  found: (line: WantedLine) => CatalogueProduct | undefined,
  inCart: ReadonlyMap<string, number>,
  today: Day,
): { adds: PlannedAdd[]; report: CartReport } {
  const report = emptyReport();
  const adds: PlannedAdd[] = [];
  const taken = new Map(inCart);
  for (const line of wanted) {
    const product = found(line);
    if (!product) {
      report.unavailable.push(line.partNumber ? `${line.name} (${line.partNumber})` : line.name);
      continue;
    }
    if (!orderable(product)) {
      report.outOfStock.push(product.name);
      continue;
    }
    const held = taken.get(product.id) ?? 0;
    if (!splitLine(held + line.quantity, product, today)) {
      report.notSupplied.push(notAdded(product.name, line.quantity, notEnoughStock(product, held)));
      continue;
    }
    taken.set(product.id, held + line.quantity);
    adds.push({ productId: product.id, name: product.name, quantity: line.quantity, pricePaid: line.pricePaid });
  }
  return { adds, report };
}

/** The report as the buyer reads it: what was added, then each line that was not as asked, by name. */
export function reportMessages(report: CartReport): { notice?: string; problems: string[] } {
  const count = report.added.length;
  const problems = [
    ...(report.unavailable.length ? [`No longer available: ${report.unavailable.join(", ")}`] : []),
    ...(report.outOfStock.length ? [`Out of stock: ${report.outOfStock.join(", ")}`] : []),
    ...report.notSupplied,
    ...report.priceChanged.map(
      (line) => `Price changed: ${line.name} was ${formatUsd(line.was)}, now ${formatUsd(line.now)}`,
    ),
  ];
  return { notice: count > 0 ? `Added ${count} item(s) to cart` : undefined, problems };
}

/** The catalogue's products for these lines: by product id, else (a product re-created) by part number. */
async function lookUp(wanted: WantedLine[], catalogue: CatalogueScope | null) {
  const ids = [...new Set(wanted.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const keys = [
    ...new Set(
      wanted.flatMap((line) => (!line.productId && line.partNumber ? [normalizePartNumber(line.partNumber)] : [])),
    ),
  ].filter(Boolean);
  const columns = {
    id: products.id,
    name: products.name,
    partNumber: products.partNumber,
    stockLevel: products.stockLevel,
    backorderable: products.backorderable,
    leadTimeDays: products.leadTimeDays,
    key: normalizedPartNumber,
  };
  // A discontinued or draft product is no longer in the catalogue as far as a reorder goes.
  const [byId, byKey] = await Promise.all([
    ids.length
      ? db()
          .select(columns)
          .from(products)
          .where(and(inArray(products.id, ids), listedForBuyers(catalogue)))
      : [],
    keys.length
      ? db()
          .select(columns)
          .from(products)
          .where(and(inArray(normalizedPartNumber, keys), listedForBuyers(catalogue)))
      : [],
  ]);
  const ofId = new Map(byId.map((product) => [product.id, product]));
  const ofKey = new Map(byKey.map((product) => [product.key, product]));
  return (line: WantedLine) =>
    line.productId
      ? ofId.get(line.productId)
      : line.partNumber
        ? ofKey.get(normalizePartNumber(line.partNumber))
        : undefined;
}

/**
 * Adds the lines to the cart through the cart's own `addToCart` (its stock rule holds even if
 * stock moved since the plan), then prices the cart with `priceCart` to compare today's unit
 * price with the one paid.
 */
export async function addLinesToCart(buyer: Buyer | null, cartId: string, wanted: WantedLine[]): Promise<CartReport> {
  const inCart = await db()
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  const { adds, report } = planReorder(
    wanted,
    await lookUp(wanted, buyer?.catalogue ?? null),
    new Map(inCart.map((line) => [line.productId, line.quantity])),
    storeDay(new Date()),
  );
  const addedIds = new Set<string>();
  for (const add of adds) {
    try {
      await addToCart(cartId, add.productId, add.quantity, buyer?.catalogue ?? null);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      // Sold, or made unavailable, between the plan and the add.
      report.notSupplied.push(notAdded(add.name, add.quantity, error.message));
      continue;
    }
    addedIds.add(add.productId);
    report.added.push({ name: add.name, quantity: add.quantity });
  }
  const today = new Map(
    (await priceStoredCart(cartId, { buyer })).lines.map((line) => [line.productId, line.unitPriceCents]),
  );
  for (const add of adds) {
    const now = today.get(add.productId);
    if (!addedIds.has(add.productId) || add.pricePaid === undefined || now === undefined) continue;
    if (now !== toCents(add.pricePaid))
      report.priceChanged.push({ name: add.name, was: add.pricePaid, now: fromCents(now) });
  }
  return report;
}

const orderLineColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  partNumber: orderItems.productSku,
  name: orderItems.productName,
  quantity: orderItems.quantity,
  pricePaid: orderItems.unitPrice,
};

/**
 * The company's order (or the lines of it chosen, by order-line id) into the cart. Another company's
 * order answers as an unknown one; a line id not of this order is ignored.
 */
export async function reorder(buyer: Buyer, cartId: string, orderNumber: string, itemIds?: string[]) {
  const [order] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(hasOrderNumber(orderNumber), buyerSeesOrder(buyer)));
  if (!order) throw new StoreError("NotFound", `There is no order ${orderNumber}.`);
  const lines = await db()
    .select(orderLineColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.productName);
  const chosen = itemIds ? lines.filter((line) => itemIds.includes(line.id)) : lines;
  if (chosen.length === 0) throw new StoreError("Invalid", "Choose at least one item to add to the cart.");
  return addLinesToCart(buyer, cartId, chosen);
}

/**
 * One product of My Account's top 10 (which are summed per product name), as the company last
 * bought it: that line's product and quantity, compared with the price paid then.
 */
export async function reorderTopProduct(buyer: Buyer, cartId: string, productName: string) {
  const [last] = await db()
    .select(orderLineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inBuyersCompany(orders.companyId, buyer), eq(orderItems.productName, productName)))
    .orderBy(desc(orders.orderDate))
    .limit(1);
  if (!last) throw new StoreError("NotFound", `You have not ordered ${productName}.`);
  return addLinesToCart(buyer, cartId, [last]);
}
