// A cXML OrderRequest (docs/punchout.md): a purchase order from a procurement system, placed for
// the connection's company on its terms by the checkout's own order placement
// (placeLinesOrderIn), as its member. The PO number is the request's orderID; the ship-to and
// bill-to come from the request; lines are found by SupplierPartID in the company's catalogue.
// Prices are compared with the company's own inside the order's transaction: a difference is
// refused, or accepted and noted on the order, as the connection says. Each payloadID is placed
// once: the first request claims it in the order's transaction, and a retry (or a twin waiting on
// that claim) gets the same order number back. An accepted order's ConfirmationRequest is queued in
// its transaction (./document-push.ts).
import { and, eq } from "drizzle-orm";
import { type Address, addressSchema } from "../../domain/addresses/address";
import { saleUnitLabel } from "../../domain/catalog/sale-units";
import { type Cents, fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import type { CheckoutInput } from "../../domain/orders/checkout-schema";
import { placedStatus } from "../../domain/orders/lifecycle";
import { poNumberField } from "../../domain/orders/purchase-order";
import { orderRulesOf } from "../cart/order-rules";
import { findPartNumbers } from "../cart/quick-order";
import { normalizePartNumber } from "../catalog/products/part-numbers";
import { buyerOf, lockedBuyer } from "../companies/buyer";
import { db } from "../db/client";
import { orderItems, orders, procurementOrders, profiles } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { placeLinesOrderIn } from "../orders/place-order";
import { recordOrderStatus } from "../orders/status-history";
import type { Connection } from "./connections";
import { at, attributeOf, childrenOf, textOf, type XmlNode } from "./cxml";
import { queueConfirmation } from "./document-push";

const MAX_LINES = 500;
const invalid = (message: string) => new StoreError("Invalid", message);

export interface OrderLine {
  lineNumber: string;
  partNumber: string;
  quantity: number;
  /** The unit price the purchase order states, in cents. */
  unitPriceCents: Cents;
  /** The UnitOfMeasure the line states, upper case; empty when it states none. */
  unitOfMeasure: string;
}

export interface ParsedOrder {
  orderId: string;
  shipTo: ParsedAddress;
  billTo: ParsedAddress | null;
  lines: OrderLine[];
}

interface ParsedAddress {
  address: Address;
  name: string;
  email: string;
  phone: string;
  deliverTo: string;
}

/** "12.99", "12.9", "12.990" in cents; Invalid for anything that is not an amount. */
export function amountCents(text: string, what: string): Cents {
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw invalid(`${what} must be an amount such as 12.99, not "${text.slice(0, 40)}".`);
  const [, dollars = "0", fraction = ""] = match;
  if (/[1-9]/.test(fraction.slice(2))) throw invalid(`${what} has fractions of a cent: ${text.slice(0, 40)}.`);
  return toCents(`${dollars}.${fraction.slice(0, 2) || "0"}`);
}

function addressOf(party: XmlNode | undefined, what: "ShipTo" | "BillTo"): ParsedAddress | null {
  const address = at(party, "Address");
  if (!address) return null;
  const postal = at(address, "PostalAddress");
  if (!postal) throw invalid(`${what} has no PostalAddress.`);
  const streets = childrenOf(postal, "Street").map(textOf).filter(Boolean);
  const country = at(postal, "Country");
  const isoCountry = attributeOf(country, "isoCountryCode").toUpperCase();
  if (isoCountry && isoCountry !== "US")
    throw invalid(`${what}: the store ships within the United States only (isoCountryCode="US"), not ${isoCountry}.`);
  const parsed = addressSchema.safeParse({
    line1: streets[0] ?? "",
    line2: streets.slice(1).join(", ") || undefined,
    city: textOf(postal.City),
    state: textOf(postal.State).toUpperCase(),
    zip: textOf(postal.PostalCode),
    country: "United States",
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? "address")}: ${issue.message}`);
    throw invalid(`${what} address is incomplete: ${problems.join("; ")} (State is the two-letter US code).`);
  }
  const telephone = at(address, "Phone", "TelephoneNumber");
  const phone = [textOf(telephone?.AreaOrCityCode), textOf(telephone?.Number)].join("").replace(/[^\d]/g, "");
  return {
    address: parsed.data,
    name: textOf(address.Name),
    email: textOf(address.Email).trim(),
    phone,
    deliverTo: textOf(childrenOf(postal, "DeliverTo")[0]),
  };
}

/** The order as the request states it: Invalid, naming the line or field, for anything missing or wrong. */
export function parseOrderRequest(node: XmlNode): ParsedOrder {
  const header = at(node, "OrderRequestHeader");
  if (!header) throw invalid("The OrderRequest has no OrderRequestHeader.");
  const type = attributeOf(header, "type") || "new";
  if (type !== "new")
    throw invalid(
      `Only new orders are accepted here (type="${type.slice(0, 20)}"); change or cancel an order by contacting us.`,
    );
  const orderId = poNumberField.safeParse(attributeOf(header, "orderID"));
  if (!orderId.success || !orderId.data)
    throw invalid(
      `OrderRequestHeader orderID (the PO number) is required: ${orderId.error?.issues[0]?.message ?? "it was empty"}.`,
    );
  const shipTo = addressOf(at(header, "ShipTo"), "ShipTo");
  if (!shipTo) throw invalid("The OrderRequestHeader has no ShipTo address.");
  const items = childrenOf(node, "ItemOut");
  if (items.length === 0) throw invalid("The OrderRequest has no ItemOut lines.");
  if (items.length > MAX_LINES) throw invalid(`An order has at most ${MAX_LINES} lines; this one has ${items.length}.`);
  const seen = new Map<string, string>();
  const lines = items.map((item, index) => {
    const lineNumber = attributeOf(item, "lineNumber") || String(index + 1);
    const partNumber = textOf(at(item, "ItemID", "SupplierPartID")).trim();
    const what = `Line ${lineNumber}${partNumber ? ` (${partNumber.slice(0, 40)})` : ""}`;
    if (!partNumber) throw invalid(`${what}: ItemID has no SupplierPartID.`);
    const quantityText = attributeOf(item, "quantity").trim();
    const quantity = Number(quantityText);
    if (!/^\d+$/.test(quantityText) || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > 1_000_000)
      throw invalid(
        `${what}: quantity must be a whole number from 1 to 1,000,000, not "${quantityText.slice(0, 20)}".`,
      );
    const earlier = seen.get(normalizePartNumber(partNumber));
    if (earlier) throw invalid(`${what}: the part is also on line ${earlier}; order each part on one line.`);
    seen.set(normalizePartNumber(partNumber), lineNumber);
    const price = textOf(at(item, "ItemDetail", "UnitPrice", "Money"));
    if (!price) throw invalid(`${what}: ItemDetail has no UnitPrice.`);
    const currency = attributeOf(at(item, "ItemDetail", "UnitPrice", "Money"), "currency") || "USD";
    if (currency !== "USD") throw invalid(`${what}: prices are in USD, not ${currency.slice(0, 10)}.`);
    return {
      lineNumber,
      partNumber,
      quantity,
      unitPriceCents: amountCents(price, `${what}: UnitPrice`),
      unitOfMeasure: textOf(at(item, "ItemDetail", "UnitOfMeasure"))
        .trim()
        .toUpperCase(),
    };
  });
  return { orderId: orderId.data, shipTo, billTo: addressOf(at(header, "BillTo"), "BillTo"), lines };
}

/** The order's contact and addresses: the request's, the member's where it gives none. */
async function checkoutOf(connection: Connection, order: ParsedOrder, member: { email: string; name: string }) {
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, connection.memberUserId));
  const contact = order.shipTo.deliverTo || order.shipTo.name || member.name;
  const [firstName = contact, ...rest] = contact.split(" ");
  const billTo = order.billTo ?? order.shipTo;
  return {
    email: order.shipTo.email || billTo.email || member.email,
    firstName: firstName.slice(0, 100),
    lastName: (rest.join(" ") || profile?.lastName || firstName).slice(0, 100),
    companyName: order.shipTo.name || undefined,
    phone: order.shipTo.phone || billTo.phone || profile?.phone || "",
    paymentMethod: "net_30",
    sameAsShipping: order.billTo === null,
    shipping: order.shipTo.address,
    billing: billTo.address,
    shipTo: undefined,
    saveShipTo: false,
    shipToLabel: undefined,
    poNumber: order.orderId,
    jobReference: undefined,
    poDuplicateConfirmed: undefined,
  } satisfies CheckoutInput;
}

export interface AcceptedOrder {
  orderNumber: string;
  replayed: boolean;
  priceDifferences: { partNumber: string; sent: string; ours: string }[];
}

async function earlierOrder(connectionId: string, payloadId: string) {
  const [row] = await db()
    .select()
    .from(procurementOrders)
    .where(and(eq(procurementOrders.connectionId, connectionId), eq(procurementOrders.payloadId, payloadId)));
  return row;
}

const replayOf = (row: typeof procurementOrders.$inferSelect): AcceptedOrder => ({
  orderNumber: row.orderNumber,
  replayed: true,
  priceDifferences: row.priceDifferences,
});

/** Places the OrderRequest once per payloadID; a refusal leaves nothing behind, so a fixed request may come again. */
export async function acceptOrderRequest(
  connection: Connection,
  payloadId: string,
  node: XmlNode,
  now = new Date(),
): Promise<AcceptedOrder> {
  if (!payloadId)
    throw invalid("The cXML document has no payloadID; it is what keeps a resent order from being placed twice.");
  const earlier = await earlierOrder(connection.id, payloadId);
  if (earlier) return replayOf(earlier);
  const order = parseOrderRequest(node);
  const buyer = await buyerOf(connection.memberUserId);
  if (!buyer?.company || buyer.company.id !== connection.companyId)
    throw new StoreError("Forbidden", "This connection's member no longer belongs to the company. Ask the supplier.");
  const find = await findPartNumbers(
    order.lines.map((line) => line.partNumber),
    buyer.catalogue,
  );
  const unknown = order.lines.filter((line) => !find(line.partNumber));
  if (unknown.length)
    throw invalid(
      `Unknown part${unknown.length > 1 ? "s" : ""}: ${unknown.map((line) => `line ${line.lineNumber} SupplierPartID ${line.partNumber.slice(0, 40)}`).join(", ")}. Use the part numbers of the PunchOut cart.`,
    );
  const lines = order.lines.map((line) => ({ ...line, productId: find(line.partNumber)?.id ?? "" }));
  // The quantity counts the part's unit of sale: an order in another unit would be read 25 times off.
  const rules = await orderRulesOf(lines.map((line) => line.productId));
  const otherUnit = lines.flatMap((line) => {
    const rule = rules.get(line.productId);
    return rule && line.unitOfMeasure && line.unitOfMeasure !== rule.unit
      ? [
          `line ${line.lineNumber} (${rule.partNumber}) is sold per ${rule.unit}${rule.packQuantity > 1 ? ` (${saleUnitLabel(rule)})` : ""}, not ${line.unitOfMeasure.slice(0, 10)}`,
        ]
      : [];
  });
  if (otherUnit.length)
    throw invalid(`Units of measure differ: ${otherUnit.join("; ")}. Send the quantity in the part's unit of sale.`);
  const checkout = await checkoutOf(connection, order, buyer);

  const placed = await db().transaction(async (tx) => {
    // The member's row first, as every order's transaction takes it before the company's rows.
    await lockedBuyer(tx, buyer.userId);
    const [claimed] = await tx
      .insert(procurementOrders)
      .values({ connectionId: connection.id, payloadId, orderNumber: "", createdAt: now })
      .onConflictDoNothing()
      .returning({ payloadId: procurementOrders.payloadId });
    // The same payloadID committed while this one waited on the claim: its order stands.
    if (!claimed) return null;
    const result = await placeLinesOrderIn(tx, { buyer, lines, checkout, now });
    const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, result.orderNumber));
    if (!row) throw new Error(`Order ${result.orderNumber} vanished in its own transaction.`);
    const items = await tx
      .select({ id: orderItems.id, productId: orderItems.productId, unitPrice: orderItems.unitPrice })
      .from(orderItems)
      .where(eq(orderItems.orderId, row.id));
    const priceDifferences = lines.flatMap((line) => {
      const ours = items.find((item) => item.productId === line.productId)?.unitPrice;
      return ours && toCents(ours) !== line.unitPriceCents
        ? [{ partNumber: line.partNumber, sent: formatUsd(fromCents(line.unitPriceCents)), ours: formatUsd(ours) }]
        : [];
    });
    if (priceDifferences.length && connection.pricesMustMatch)
      throw new StoreError(
        "Conflict",
        `Prices differ from your company's: ${priceDifferences.map((d) => `${d.partNumber} is ${d.ours}, not ${d.sent}`).join("; ")}. Update the purchase order, or punch out again for current prices.`,
      );
    if (priceDifferences.length)
      await recordOrderStatus(tx, {
        orderId: row.id,
        status: placedStatus.on_terms,
        at: now,
        note: `Purchase order prices differ; the order is at the store's prices: ${priceDifferences.map((d) => `${d.partNumber} ${d.ours} (PO ${d.sent})`).join("; ")}`,
      });
    // The documents sent back name each line by the purchase order's own lineNumber.
    const lineNumbers = Object.fromEntries(
      items.flatMap((item) => {
        const line = lines.find((each) => each.productId === item.productId);
        return line ? [[item.id, line.lineNumber]] : [];
      }),
    );
    await tx
      .update(procurementOrders)
      .set({ orderId: row.id, orderNumber: result.orderNumber, priceDifferences, lineNumbers })
      .where(and(eq(procurementOrders.connectionId, connection.id), eq(procurementOrders.payloadId, payloadId)));
    await queueConfirmation(tx, row.id, now);
    return { orderNumber: result.orderNumber, productIds: result.productIds, priceDifferences };
  });
  if (!placed) {
    const stored = await earlierOrder(connection.id, payloadId);
    if (!stored) throw new Error(`The procurement order ${payloadId} vanished.`);
    return replayOf(stored);
  }
  announce("stockChanged", { productIds: placed.productIds });
  return { orderNumber: placed.orderNumber, replayed: false, priceDifferences: placed.priceDifferences };
}
