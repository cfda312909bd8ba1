// Orders through the API (docs/decisions/api.md): placed on the company's terms by the same code
// as the checkout's terms orders (server/orders/place-order.ts), from lines of part numbers and a
// ship-to of the company's address book. Each POST carries an Idempotency-Key, unique per company
// in the database: the first request with a key claims it inside the order's transaction, and a
// retry (or a twin sent at the same moment, which waits on that claim) gets the first answer back.

import { createHash } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { addressFrom } from "../../domain/addresses/address";
import { carriers, trackingUrl } from "../../domain/orders/carriers";
import type { CheckoutInput } from "../../domain/orders/checkout-schema";
import { jobReferenceField, poNumberField } from "../../domain/orders/purchase-order";
import { findShipTo } from "../address-book/address-book";
import { orderRuleProblems, orderRulesOf } from "../cart/order-rules";
import { findPartNumbers } from "../cart/quick-order";
import { normalizePartNumber } from "../catalog/products/part-numbers";
import { lockedBuyer } from "../companies/buyer";
import type { CatalogueScope } from "../context";
import { type Database, db } from "../db/client";
import { apiIdempotencyKeys, companies, orderItems, orders, profiles, user } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { hasOrderNumber } from "../orders/order-number";
import { placeLinesOrderIn } from "../orders/place-order";
import { PurchaseOrderProblem } from "../orders/purchase-order";
import { shipmentsOf } from "../orders/shipments";
import type { ApiCaller } from "./api-keys";
import { ApiProblem, fromStoreError } from "./http";

export const MAX_ORDER_LINES = 200;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const missingIdempotencyKeyMessage =
  "Send an Idempotency-Key header (a new unique value for each order, e.g. a UUID, at most 255 characters) so that a retried request never places a second order.";
export const reusedIdempotencyKeyMessage =
  "This Idempotency-Key was already used for a different request. A retry must send the same body; use a new key for a new order.";

const orderLineSchema = z.strictObject({
  partNumber: z
    .string({ message: "partNumber must be the part number as text" })
    .trim()
    .min(1, "partNumber must not be empty")
    .max(40, "partNumber has at most 40 characters"),
  quantity: z
    .number({ message: "quantity must be a whole number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(1_000_000, "quantity must be at most 1,000,000"),
});

export const orderBodySchema = z
  .strictObject(
    {
      lines: z
        .array(orderLineSchema, { message: "lines must be a list of { partNumber, quantity }" })
        .min(1, "Order at least one line")
        .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines`),
      shipToId: z.uuid({
        message: "shipToId must be the id of an address in your company's address book (My Account → Addresses)",
      }),
      poNumber: poNumberField,
      jobReference: jobReferenceField,
      /** Place the order although the company used this PO number before (the checkout asks to confirm). */
      allowDuplicatePo: z.boolean({ message: "allowDuplicatePo must be true or false" }).optional(),
    },
    { message: "The body must be a JSON object: { lines, shipToId, poNumber }" },
  )
  .superRefine(({ lines }, context) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const key = normalizePartNumber(line.partNumber);
      if (seen.has(key))
        context.addIssue({
          code: "custom",
          path: ["lines", index, "partNumber"],
          message: `${line.partNumber} is on an earlier line: give each part once, with its whole quantity`,
        });
      seen.add(key);
    });
  });

export type OrderBody = z.output<typeof orderBodySchema>;

/** The Idempotency-Key header, or a 422 saying what to send. */
export function idempotencyKeyOf(request: Request): string {
  const key = request.headers.get("idempotency-key");
  if (key && IDEMPOTENCY_KEY.test(key)) return key;
  throw new ApiProblem(
    422,
    "validation_failed",
    key ? "Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID." : missingIdempotencyKeyMessage,
    { field: "Idempotency-Key" },
  );
}

/** What the API answers about an order: what it shows a member on the order page, as JSON. */
export function orderResource(order: typeof orders.$inferSelect, items: (typeof orderItems.$inferSelect)[]) {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    orderDate: order.orderDate.toISOString(),
    placedBy: order.email,
    poNumber: order.poNumber,
    jobReference: order.jobReference,
    paymentMethod: order.paymentMethod === "on_terms" ? "terms" : "card",
    termsDays: order.termsDays,
    invoiceNumber: order.invoiceNumber,
    paymentDueDate: order.paymentDueDate?.toISOString() ?? null,
    currency: "USD",
    subtotal: order.subtotalAmount,
    discount: order.discountAmount,
    tax: order.taxAmount,
    total: order.totalAmount,
    shipTo: addressFrom("shipping", order),
    lines: items.map((item) => ({
      partNumber: item.productSku,
      name: item.productName,
      quantity: item.quantity,
      unit: item.unit,
      packQuantity: item.packQuantity,
      shipNow: item.allocatedQuantity,
      backordered: item.backorderedQuantity,
      expectedOn: item.backorderExpectedOn,
      shipped: item.shippedQuantity,
      cancelled: item.cancelledQuantity,
      unitPrice: item.unitPrice,
      lineTotal: item.totalPrice,
    })),
  };
}

async function itemsOf(executor: Database, orderId: string) {
  return executor.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.productName);
}

/** The company's order with this number; any other (another company's, made up) is NotFound. */
export async function findApiOrder(caller: ApiCaller, orderNumber: string, executor: Database = db()) {
  const [order] = await executor
    .select()
    .from(orders)
    .where(and(hasOrderNumber(orderNumber), eq(orders.companyId, caller.companyId)));
  if (!order) throw new StoreError("NotFound", `Your company has no order ${orderNumber.slice(0, 40)}.`);
  const shipments = (await shipmentsOf(order.id, executor)).map(
    ({ number, shippedAt, carrier, trackingNumber, lines }) => ({
      number,
      shippedAt: shippedAt.toISOString(),
      carrier,
      carrierName: carriers[carrier].name,
      trackingNumber,
      trackingUrl: trackingUrl(carrier, trackingNumber) ?? null,
      lines: lines.map(({ part, name, quantity }) => ({ partNumber: part, name, quantity })),
    }),
  );
  return { ...orderResource(order, await itemsOf(executor, order.id)), shipments };
}

/** The company's orders, newest first, a page at a time. */
export async function listApiOrders(caller: ApiCaller, { page, perPage }: { page: number; perPage: number }) {
  const mine = eq(orders.companyId, caller.companyId);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        orderDate: orders.orderDate,
        poNumber: orders.poNumber,
        paymentMethod: orders.paymentMethod,
        total: orders.totalAmount,
      })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db().select({ total: count() }).from(orders).where(mine),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      orderDate: row.orderDate.toISOString(),
      paymentMethod: row.paymentMethod === "on_terms" ? "terms" : "card",
      currency: "USD",
    })),
    page,
    perPage,
    total: total?.total ?? 0,
    totalPages: Math.ceil((total?.total ?? 0) / perPage),
  };
}

/**
 * The products of the caller's catalogue for the lines' part numbers; an unknown one (or one outside
 * their company's catalogue) is a 422 naming its line.
 */
async function productsFor(lines: OrderBody["lines"], catalogue: CatalogueScope | null) {
  const find = await findPartNumbers(
    lines.map((line) => line.partNumber),
    catalogue,
  );
  const details = lines.flatMap((line, index) =>
    find(line.partNumber)
      ? []
      : [{ field: `lines[${index}].partNumber`, message: `No product has the part number ${line.partNumber}` }],
  );
  const [first] = details;
  if (first)
    throw new ApiProblem(422, "validation_failed", `${first.field}: ${first.message}`, { field: first.field, details });
  const items = lines.map((line) => ({ productId: find(line.partNumber)?.id ?? "", quantity: line.quantity }));
  // A quantity off the part's minimum or multiple is a field to fix, so a 422 as every field of the
  // body is; its own code tells an integration that the message offers the quantities that would do.
  const rules = await orderRulesOf(items.map((item) => item.productId));
  const refused = items.flatMap((item, index) => {
    const [message] = orderRuleProblems([item], rules);
    return message ? [{ field: `lines[${index}].quantity`, message }] : [];
  });
  const [firstRefused] = refused;
  if (firstRefused)
    throw new ApiProblem(422, "invalid_quantity", `${firstRefused.field}: ${firstRefused.message}`, {
      field: firstRefused.field,
      details: refused,
    });
  return items;
}

/**
 * The order's contact and addresses: the key's admin (their name, phone, billing address from
 * their profile, else the ship-to), the company's name, and the chosen ship-to.
 */
async function apiCheckout(tx: Database, caller: ApiCaller, body: OrderBody): Promise<CheckoutInput> {
  const shipTo = await findShipTo(caller.buyer, body.shipToId, tx).catch((error: unknown) => {
    throw error instanceof StoreError && error.kind === "NotFound"
      ? new ApiProblem(422, "validation_failed", `shipToId: ${error.message} (see your company's address book)`, {
          field: "shipToId",
        })
      : error;
  });
  const [who] = await tx
    .select({ email: user.email, name: user.name, profile: profiles, companyName: companies.name })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .innerJoin(companies, eq(companies.id, caller.companyId))
    .where(eq(user.id, caller.userId));
  if (!who) throw new StoreError("Unauthorized", "This API key's account no longer exists. Create a new key.");
  const [firstName = who.name, ...rest] = who.name.split(" ");
  const billing = who.profile ? addressFrom("billing", who.profile) : null;
  return {
    email: who.email,
    firstName: who.profile?.firstName || firstName,
    lastName: who.profile?.lastName || rest.join(" ") || firstName,
    companyName: who.companyName ?? undefined,
    phone: who.profile?.phone ?? "",
    paymentMethod: "net_30",
    sameAsShipping: billing === null,
    shipping: shipTo.address,
    billing: billing ?? shipTo.address,
    shipTo: shipTo.id,
    saveShipTo: false,
    shipToLabel: undefined,
    poNumber: body.poNumber,
    jobReference: body.jobReference,
    poDuplicateConfirmed: body.allowDuplicatePo ? body.poNumber : undefined,
  };
}

/** The answer given to a request with this key, and the body it was given for. */
async function storedAnswer(companyId: string, key: string) {
  const [row] = await db()
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.companyId, companyId), eq(apiIdempotencyKeys.key, key)));
  return row;
}

export interface ApiAnswer {
  status: number;
  /** The JSON text, byte for byte what the first request was sent. */
  body: string;
  replayed: boolean;
}

function replay(stored: { requestHash: string; status: number; response: string }, requestHash: string): ApiAnswer {
  if (stored.requestHash !== requestHash)
    throw new ApiProblem(422, "idempotency_key_reused", reusedIdempotencyKeyMessage, { field: "Idempotency-Key" });
  return { status: stored.status, body: stored.response, replayed: true };
}

/** A refusal of order placement, naming the PO number field when it is about that. */
function orderRefusal(error: unknown): unknown {
  if (error instanceof PurchaseOrderProblem) return fromStoreError(error, "poNumber");
  return error;
}

/**
 * Places the order once per Idempotency-Key. Only a placed order is remembered: a refused request
 * (credit, stock, a field) leaves no trace, so it may be sent again with the same key once fixed.
 */
export async function placeApiOrder(
  caller: ApiCaller,
  idempotencyKey: string,
  body: OrderBody,
  now = new Date(),
): Promise<ApiAnswer> {
  // The body as understood, its fields in the schema's order: the same order sent with other spacing is the same.
  const requestHash = createHash("sha256").update(JSON.stringify(body)).digest("hex");
  const earlier = await storedAnswer(caller.companyId, idempotencyKey);
  if (earlier) return replay(earlier, requestHash);
  const lines = await productsFor(body.lines, caller.buyer.catalogue);

  const placed = await db()
    .transaction(async (tx) => {
      // The buyer's member row first, as every order's transaction takes it before the company (the
      // key's row below refers to the company): a checkout by the same person at the same moment
      // then waits for this order, or this for it, and neither deadlocks.
      await lockedBuyer(tx, caller.userId);
      const [claimed] = await tx
        .insert(apiIdempotencyKeys)
        .values({
          companyId: caller.companyId,
          key: idempotencyKey,
          requestHash,
          status: 0,
          response: "",
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ key: apiIdempotencyKeys.key });
      // A request with the same key committed while this one waited on the claim: its answer stands.
      if (!claimed) return null;
      const checkout = await apiCheckout(tx, caller, body);
      const order = await placeLinesOrderIn(tx, { buyer: caller.buyer, lines, checkout, now });
      const answer = JSON.stringify(await findApiOrder(caller, order.orderNumber, tx));
      await tx
        .update(apiIdempotencyKeys)
        .set({ status: 201, response: answer })
        .where(and(eq(apiIdempotencyKeys.companyId, caller.companyId), eq(apiIdempotencyKeys.key, idempotencyKey)));
      return { answer, productIds: order.productIds };
    })
    .catch((error: unknown) => {
      throw orderRefusal(error);
    });
  if (!placed) {
    const stored = await storedAnswer(caller.companyId, idempotencyKey);
    if (!stored) throw new Error(`The idempotency record ${idempotencyKey} vanished.`);
    return replay(stored, requestHash);
  }
  announce("stockChanged", { productIds: placed.productIds });
  return { status: 201, body: placed.answer, replayed: false };
}
