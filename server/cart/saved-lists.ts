// Saved (requisition) lists: a company's named lists of parts and quantities. Every read and change
// is scoped by the member's company, so another company's list answers as an unknown one (404);
// changes need a role that edits lists (domain/companies/companies.ts).
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { parsePastedLines, quickOrderLines } from "../../domain/cart/quick-order";
import { MAX_LIST_QUANTITY } from "../../domain/cart/saved-lists";
import { orderQuantityProblem } from "../../domain/catalog/sale-units";
import { shownToBuyers } from "../catalog/products/visibility";
import { type Buyer, buyerNow, inBuyersCompany, requirePermission } from "../companies/buyer";
import { type Database, db } from "../db/client";
import { products, savedListLines, savedLists } from "../db/schema";
import { StoreError } from "../errors";
import { orderRuleColumns } from "./cart";
import { findPartNumbers } from "./quick-order";
import { addLinesToCart } from "./reorder";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listNotFound = () => new StoreError("NotFound", "That list was not found.");

/** The company's lists, most recently changed first, with how many lines each holds. */
export async function listsOf(buyer: Buyer) {
  return db()
    .select({
      id: savedLists.id,
      name: savedLists.name,
      updatedAt: savedLists.updatedAt,
      lines: count(savedListLines.id),
    })
    .from(savedLists)
    .leftJoin(savedListLines, eq(savedListLines.listId, savedLists.id))
    .where(inBuyersCompany(savedLists.companyId, buyer))
    .groupBy(savedLists.id)
    .orderBy(desc(savedLists.updatedAt), asc(savedLists.name));
}

async function ownList(buyer: Buyer, listId: string, executor: Database = db()) {
  // A malformed id (from a URL) is no list of anyone's, without asking the database.
  if (!UUID.test(listId)) throw listNotFound();
  const [list] = await executor
    .select({ id: savedLists.id, name: savedLists.name })
    .from(savedLists)
    .where(and(eq(savedLists.id, listId), inBuyersCompany(savedLists.companyId, buyer)));
  if (!list) throw listNotFound();
  return list;
}

/** The company's list, for a member whose role may change it. */
async function listToChange(buyer: Buyer, listId: string, executor: Database = db()) {
  requirePermission(await buyerNow(executor, buyer), "editLists");
  return ownList(buyer, listId, executor);
}

/** The list with its lines and today's catalogue facts (a line whose product is gone has none). */
export async function findList(buyer: Buyer, listId: string) {
  const list = await ownList(buyer, listId);
  const lines = await db()
    .select({
      id: savedListLines.id,
      partNumber: savedListLines.partNumber,
      name: savedListLines.productName,
      quantity: savedListLines.quantity,
      productId: savedListLines.productId,
      slug: products.slug,
      price: products.price,
      stockLevel: products.stockLevel,
      // A list's quantity counts the part's unit of sale as it is now: the list is what to buy next.
      // Null for a part no longer in the catalogue.
      rule: orderRuleColumns,
    })
    .from(savedListLines)
    .leftJoin(products, eq(products.id, savedListLines.productId))
    .where(eq(savedListLines.listId, list.id))
    .orderBy(asc(savedListLines.addedAt), asc(savedListLines.partNumber));
  return { ...list, lines };
}

const duplicateName = (name: string) => new StoreError("Conflict", `You already have a list named "${name}".`);

/** A unique index on (company, lower(name)) keeps names apart, also when two members create at once. */
async function insertList(executor: Database, buyer: Buyer, name: string) {
  const { userId } = buyer;
  const { companyId } = requirePermission(await buyerNow(executor, buyer), "editLists");
  const [created] = await executor
    .insert(savedLists)
    .values({ companyId, userId, name })
    .onConflictDoNothing()
    .returning({ id: savedLists.id, name: savedLists.name });
  if (!created) throw duplicateName(name);
  return created;
}

export async function createList(buyer: Buyer, name: string) {
  return insertList(db(), buyer, name);
}

export async function renameList(buyer: Buyer, listId: string, name: string) {
  const list = await listToChange(buyer, listId);
  const [same] = await db()
    .select({ id: savedLists.id })
    .from(savedLists)
    .where(and(inBuyersCompany(savedLists.companyId, buyer), sql`lower(${savedLists.name}) = lower(${name})`));
  if (same && same.id !== list.id) throw duplicateName(name);
  await db().update(savedLists).set({ name, updatedAt: new Date() }).where(eq(savedLists.id, list.id));
}

export async function deleteList(buyer: Buyer, listId: string) {
  const list = await listToChange(buyer, listId);
  await db().delete(savedLists).where(eq(savedLists.id, list.id));
  return list;
}

interface NewLine {
  productId: string;
  partNumber: string;
  name: string;
  quantity: number;
}

/** Adds lines; a part already on the list adds up, to at most 9,999 (docs/product-rules.md). */
async function putLines(executor: Database, listId: string, lines: NewLine[]) {
  if (lines.length === 0) return;
  await executor
    .insert(savedListLines)
    .values(
      lines.map((line) => ({
        listId,
        ...line,
        productName: line.name,
        quantity: Math.min(line.quantity, MAX_LIST_QUANTITY),
      })),
    )
    .onConflictDoUpdate({
      target: [savedListLines.listId, savedListLines.partNumber],
      set: {
        quantity: sql`least(${savedListLines.quantity} + excluded.quantity, ${MAX_LIST_QUANTITY})`,
        productId: sql`excluded.product_id`,
        productName: sql`excluded.product_name`,
      },
    });
  await executor.update(savedLists).set({ updatedAt: new Date() }).where(eq(savedLists.id, listId));
}

/** Repeated parts in one batch are one line with their quantities summed (one insert cannot touch a row twice). */
function mergeLines(lines: NewLine[]): NewLine[] {
  const byPart = new Map<string, NewLine>();
  for (const line of lines) {
    const seen = byPart.get(line.partNumber);
    byPart.set(line.partNumber, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...byPart.values()];
}

/**
 * "Add to List": products (from the product page, a card, the cart or an order) onto one of the
 * buyer's lists, or onto a new one named here.
 */
export async function addToList(
  buyer: Buyer,
  target: { listId?: string; newName?: string },
  items: { productId: string; quantity: number }[],
) {
  const found = await db()
    .select({ productId: products.id, partNumber: products.partNumber, name: products.name })
    .from(products)
    .where(
      and(inArray(products.id, [...new Set(items.map((item) => item.productId))]), shownToBuyers(buyer.catalogue)),
    );
  const byId = new Map(found.map((product) => [product.productId, product]));
  const lines = items.flatMap((item) => {
    const product = byId.get(item.productId);
    return product ? [{ ...product, quantity: item.quantity }] : [];
  });
  if (lines.length === 0) throw new StoreError("NotFound", "That product is no longer available.");
  return db().transaction(async (tx) => {
    const list = target.listId
      ? await listToChange(buyer, target.listId, tx)
      : await insertList(tx, buyer, target.newName ?? "");
    await putLines(tx, list.id, mergeLines(lines));
    return { ...list, added: lines.length };
  });
}

/** A new list from `PART, QTY` lines, read by Quick Order's parser; unknown part numbers are named, not kept. */
export async function createListFromText(buyer: Buyer, name: string, text: string) {
  const { lines: parsed, problems } = quickOrderLines(parsePastedLines(text));
  // A quantity of 0, -4 or 2.5 is not made into another: the line is named with why.
  const [problem] = problems;
  if (problem) throw new StoreError("Invalid", `${problem.partNumber}: ${problem.problem}`);
  if (parsed.length === 0) throw new StoreError("Invalid", "Please enter at least one part number.");
  const find = await findPartNumbers(
    parsed.map((line) => line.partNumber),
    buyer.catalogue,
  );
  const notFound: string[] = [];
  const lines: NewLine[] = [];
  for (const line of parsed) {
    const product = find(line.partNumber);
    if (product)
      lines.push({
        productId: product.id,
        partNumber: product.partNumber,
        name: product.name,
        quantity: line.quantity,
      });
    else notFound.push(line.partNumber);
  }
  const missing = notFound.length
    ? `Part number${notFound.length > 1 ? "s" : ""} not found: ${notFound.join(", ")}`
    : undefined;
  if (lines.length === 0) throw new StoreError("Invalid", missing ?? "No items to add");
  const merged = mergeLines(lines);
  const capped = merged.filter((line) => line.quantity > MAX_LIST_QUANTITY).map((line) => line.partNumber);
  const list = await db().transaction(async (tx) => {
    const created = await insertList(tx, buyer, name);
    await putLines(tx, created.id, merged);
    return created;
  });
  return { ...list, added: merged.length, notFound, capped };
}

/** A quantity the part's minimum or multiple does not allow is refused, with the nearest that are. */
export async function setListLineQuantity(buyer: Buyer, listId: string, lineId: string, quantity: number) {
  const list = await listToChange(buyer, listId);
  const [line] = await db()
    .select({ name: savedListLines.productName, rule: orderRuleColumns })
    .from(savedListLines)
    .leftJoin(products, eq(products.id, savedListLines.productId))
    .where(and(eq(savedListLines.id, lineId), eq(savedListLines.listId, list.id)));
  const problem = line?.rule && orderQuantityProblem(line.rule, quantity, MAX_LIST_QUANTITY);
  if (problem) throw new StoreError("Invalid", `${line.name}: ${problem}`);
  const rows = await db()
    .update(savedListLines)
    .set({ quantity })
    .where(and(eq(savedListLines.id, lineId), eq(savedListLines.listId, list.id)))
    .returning({ id: savedListLines.id });
  if (rows.length === 0) throw new StoreError("NotFound", "That item is no longer on this list.");
}

export async function removeListLine(buyer: Buyer, listId: string, lineId: string) {
  const list = await listToChange(buyer, listId);
  const rows = await db()
    .delete(savedListLines)
    .where(and(eq(savedListLines.id, lineId), eq(savedListLines.listId, list.id)))
    .returning({ id: savedListLines.id });
  if (rows.length === 0) throw new StoreError("NotFound", "That item is no longer on this list.");
}

/** The whole list, or the lines chosen, into the cart: the same function and report as a reorder. */
export async function addListToCart(buyer: Buyer, listId: string, cartId: string, lineIds?: string[]) {
  const list = await findList(buyer, listId);
  const chosen = lineIds ? list.lines.filter((line) => lineIds.includes(line.id)) : list.lines;
  if (chosen.length === 0)
    throw new StoreError("Invalid", lineIds ? "Choose at least one item to add to the cart." : "This list is empty.");
  return addLinesToCart(buyer, cartId, chosen);
}
