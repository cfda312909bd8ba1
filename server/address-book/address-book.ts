// A company's address book: the ship-to addresses it keeps, each labelled, one the default
// (docs/product-rules.md, Address book). Every query is scoped by the member's company; another
// company's address is answered as one that does not exist. Only the company admin changes it.
import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { type Address, addressColumns, addressFrom } from "../../domain/addresses/address";
import {
  addsAsDefault,
  defaultAfterRemoving,
  MAX_SHIP_TOS,
  type ShipTo,
  shipToLimitMessage,
} from "../../domain/addresses/address-book";
import { type Buyer, buyerNow, inBuyersCompany, requirePermission } from "../companies/buyer";
import { type Database, db } from "../db/client";
import { companies, shipToAddresses } from "../db/schema";
import { StoreError } from "../errors";

export const shipToNotFound = "That address does not exist.";

type Row = typeof shipToAddresses.$inferSelect;

const shipToOf = (row: Row): ShipTo => ({
  id: row.id,
  label: row.label,
  // The columns are not null, so a row always holds an address.
  address: addressFrom("shipping", row) as Address,
  isDefault: row.isDefault,
});

/** The company's ship-tos in the order they were added. */
export async function listShipTos(buyer: Buyer, executor: Database = db()): Promise<ShipTo[]> {
  const rows = await executor
    .select()
    .from(shipToAddresses)
    .where(inBuyersCompany(shipToAddresses.companyId, buyer))
    .orderBy(asc(shipToAddresses.createdAt), asc(shipToAddresses.id));
  return rows.map(shipToOf);
}

/** One of the company's ship-tos; any other id (another company's, made up) is NotFound. */
export async function findShipTo(buyer: Buyer, id: string, executor: Database = db()): Promise<ShipTo> {
  // An id that is not a uuid cannot be one, and the database would refuse to compare it.
  const [row] = z.uuid().safeParse(id).success
    ? await executor
        .select()
        .from(shipToAddresses)
        .where(and(eq(shipToAddresses.id, id), inBuyersCompany(shipToAddresses.companyId, buyer)))
    : [];
  if (!row) throw new StoreError("NotFound", shipToNotFound);
  return shipToOf(row);
}

/**
 * Changes to one company's book wait for each other (the company row is locked), so the limit and
 * the single default hold under concurrent requests. Only a member who manages addresses gets here.
 */
async function lockBook(tx: Database, buyer: Buyer): Promise<string> {
  const { companyId } = requirePermission(await buyerNow(tx, buyer), "manageAddresses");
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
  return companyId;
}

async function clearDefault(tx: Database, companyId: string) {
  await tx
    .update(shipToAddresses)
    .set({ isDefault: false })
    .where(and(eq(shipToAddresses.companyId, companyId), eq(shipToAddresses.isDefault, true)));
}

/** Adds a ship-to inside the caller's transaction (order placement saves one this way). */
export async function addShipToIn(
  tx: Database,
  buyer: Buyer,
  { label, address, makeDefault = false }: { label: string; address: Address; makeDefault?: boolean },
): Promise<ShipTo> {
  const companyId = await lockBook(tx, buyer);
  const [held] = await tx.select({ n: count() }).from(shipToAddresses).where(eq(shipToAddresses.companyId, companyId));
  const existing = held?.n ?? 0;
  if (existing >= MAX_SHIP_TOS) throw new StoreError("Conflict", shipToLimitMessage);
  const isDefault = addsAsDefault(existing, makeDefault);
  if (isDefault) await clearDefault(tx, companyId);
  const [row] = await tx
    .insert(shipToAddresses)
    .values({ companyId, userId: buyer.userId, label, isDefault, ...addressColumns("shipping", address) })
    .returning();
  if (!row) throw new Error("The ship-to row was not written.");
  return shipToOf(row);
}

export function addShipTo(buyer: Buyer, input: { label: string; address: Address; makeDefault?: boolean }) {
  return db().transaction((tx) => addShipToIn(tx, buyer, input));
}

/** Changes a ship-to's label and address; "make default" can make it the default, never take that away. */
export function updateShipTo(
  buyer: Buyer,
  id: string,
  { label, address, makeDefault = false }: { label: string; address: Address; makeDefault?: boolean },
) {
  return db().transaction(async (tx) => {
    const companyId = await lockBook(tx, buyer);
    const current = await findShipTo(buyer, id, tx);
    const isDefault = current.isDefault || makeDefault;
    if (isDefault && !current.isDefault) await clearDefault(tx, companyId);
    const [row] = await tx
      .update(shipToAddresses)
      .set({ label, isDefault, ...addressColumns("shipping", address) })
      .where(eq(shipToAddresses.id, id))
      .returning();
    return shipToOf(row as Row);
  });
}

export function makeDefaultShipTo(buyer: Buyer, id: string) {
  return db().transaction(async (tx) => {
    const companyId = await lockBook(tx, buyer);
    const chosen = await findShipTo(buyer, id, tx);
    if (chosen.isDefault) return chosen;
    await clearDefault(tx, companyId);
    await tx.update(shipToAddresses).set({ isDefault: true }).where(eq(shipToAddresses.id, id));
    return { ...chosen, isDefault: true };
  });
}

/** Deletes a ship-to; when it was the default, the oldest remaining one becomes the default. */
export function deleteShipTo(buyer: Buyer, id: string) {
  return db().transaction(async (tx) => {
    await lockBook(tx, buyer);
    const removed = await findShipTo(buyer, id, tx);
    const next = defaultAfterRemoving(await listShipTos(buyer, tx), id);
    await tx.delete(shipToAddresses).where(eq(shipToAddresses.id, id));
    if (next) await tx.update(shipToAddresses).set({ isDefault: true }).where(eq(shipToAddresses.id, next));
    return removed;
  });
}
