// PO numbers and ship-tos through order placement, on the driver under test: the account's "PO
// required" enforced by the server, a PO number used again refused until confirmed, both kept on
// the order and in its e-mail, and a new ship-to saved only with the order that ships to it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Address } from "../../domain/addresses/address";
import { NEW_SHIP_TO } from "../../domain/addresses/address-book";
import type { CheckoutInput } from "../../domain/orders/checkout-schema";
import { duplicatePoMessage, poNumberRequiredMessage } from "../../domain/orders/purchase-order";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { addShipTo, listShipTos, shipToNotFound } from "../address-book/address-book";
import { searchCustomers } from "../admin/customers";
import { listOrders } from "../admin/orders";
import { setPoRequired } from "../admin/po-required";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { adminAuditLog, mailQueue, orders, user, userRoles } from "../db/schema";
import { StoreError } from "../errors";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { completeCardPayment, placeTermsOrder, startCardPayment } from "./checkout";
import { checkBeforePlacing } from "./checkout-checks";
import { PurchaseOrderProblem } from "./purchase-order";

const { handle } = withTestDatabase();
const db = () => handle().db;
let productId = "";

beforeAll(async () => {
  productId = await insertProduct({ ...grindingWheel, price: "100.00", stockLevel: 1000 });
  await db().insert(user).values({ id: "po-admin", name: "Admin", email: "po-admin@example.com", emailVerified: true });
  await db().insert(userRoles).values({ userId: "po-admin", role: "admin" });
});

let buyers = 0;
/** A Net 30 buyer (credit for many orders) with one wheel in the cart. */
async function buyer() {
  buyers += 1;
  const id = `po-buyer-${buyers}`;
  const email = `po${buyers}@example.com`;
  await db().insert(user).values({ id, name: "Dana", email, emailVerified: true });
  const profile = await profileWithCompany(id, { creditLimit: "100000" });
  const cartId = await findOrCreateCart({ userId: id });
  await addToCart(cartId, productId, 1, null);
  return { id, email, cartId, companyId: profile.companyId };
}

type Buyer = Awaited<ReturnType<typeof buyer>>;

const net30 = async (who: Buyer, fields: Partial<CheckoutInput> = {}, state: Address["state"] = "OR") =>
  placeTermsOrder(
    await asBuyer(who),
    who.cartId,
    checkoutInput(who.email, { paymentMethod: "net_30", ...fields }, state),
  );

/** Another order: the cart is refilled first (placing empties it). */
async function again(who: Buyer, fields: Partial<CheckoutInput>) {
  await addToCart(who.cartId, productId, 1, null);
  return net30(who, fields);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

async function orderRow(orderNumber: string) {
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return order;
}

describe("an account marked PO required", () => {
  it("is switched by an admin, audit-logged before and after, and shown in the customer list", async () => {
    const dana = await buyer();
    await setPoRequired("po-admin", dana.companyId, true);
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, dana.companyId), eq(adminAuditLog.action, "set_po_required")));
    expect(entry).toMatchObject({ adminId: "po-admin", before: { poRequired: false }, after: { poRequired: true } });
    const { customers } = await searchCustomers({ q: "", page: 1 });
    expect(customers.find((customer) => customer.id === dana.companyId)?.poRequired).toBe(true);
    expect(await refusal(setPoRequired("po-admin", "00000000-0000-4000-8000-000000000000", true))).toBe(
      "404 That customer does not exist.",
    );
  });

  it("cannot place an order without a PO number, by Net 30 or by card, and nothing is taken", async () => {
    const dana = await buyer();
    await setPoRequired("po-admin", dana.companyId, true);
    expect(await refusal(net30(dana))).toBe(`400 ${poNumberRequiredMessage}`);
    const error = await checkBeforePlacing(await asBuyer(dana), checkoutInput(dana.email)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PurchaseOrderProblem);
    expect(await db().select().from(orders).where(eq(orders.userId, dana.id))).toEqual([]);

    const placed = await net30(dana, { poNumber: "4500012345", jobReference: "Pier 3 retrofit" });
    expect(await orderRow(placed.orderNumber)).toMatchObject({
      poNumber: "4500012345",
      jobReference: "Pier 3 retrofit",
    });
    // Off again: optional again.
    await setPoRequired("po-admin", dana.companyId, false);
    expect(await refusal(again(dana, {}))).toBe("ok");
  });

  it("carries the PO number through a card payment to the order", async () => {
    const dana = await buyer();
    await setPoRequired("po-admin", dana.companyId, true);
    const checkout = checkoutInput(dana.email, { poNumber: "CARD-PO-1" });
    const payment = await startCardPayment(await asBuyer(dana), dana.cartId, checkout);
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    const placed = await completeCardPayment(payment.paymentId, dana.id);
    expect((await orderRow(placed.orderNumber))?.poNumber).toBe("CARD-PO-1");
  });
});

describe("a PO number used again by the same account", () => {
  it("is refused, naming the earlier order, until the buyer confirms that number", async () => {
    const dana = await buyer();
    const first = await net30(dana, { poNumber: "PO-17" });
    const message = duplicatePoMessage("po-17", first.orderNumber);
    expect(await refusal(again(dana, { poNumber: "po-17" }))).toBe(`409 ${message}`);
    const warned = await checkBeforePlacing(
      await asBuyer(dana),
      checkoutInput(dana.email, { poNumber: "po-17" }),
    ).catch((error: unknown) => error);
    expect(warned).toMatchObject({ message, usedOn: first.orderNumber });
    // Confirming another number does not confirm this one.
    expect(await refusal(net30(dana, { poNumber: "po-17", poDuplicateConfirmed: "PO-18" }))).toBe(`409 ${message}`);
    const second = await net30(dana, { poNumber: "po-17", poDuplicateConfirmed: "po-17" });
    expect((await orderRow(second.orderNumber))?.poNumber).toBe("po-17");
  });

  it("is not one when another account used it", async () => {
    const dana = await buyer();
    const lee = await buyer();
    await net30(dana, { poNumber: "SHARED-1" });
    expect(await refusal(net30(lee, { poNumber: "SHARED-1" }))).toBe("ok");
  });
});

describe("the order's PO number and job reference", () => {
  it("are in the confirmation e-mail and found by the admin's order search", async () => {
    const dana = await buyer();
    const placed = await net30(dana, { poNumber: "FIND-ME-77", jobReference: "Dock 4 lighting" });
    const [mail] = await db().select().from(mailQueue).where(eq(mailQueue.to, dana.email));
    expect(mail?.text).toContain("PO Number: FIND-ME-77\nJob Reference: Dock 4 lighting\n");
    const found = await listOrders({ q: "find-me", page: 1 });
    expect(found.orders.map((order) => [order.orderNumber, order.poNumber])).toEqual([
      [placed.orderNumber, "FIND-ME-77"],
    ]);
  });
});

describe("a ship-to at checkout", () => {
  it("saves a new address to the book only when asked, and only with the order placed", async () => {
    const dana = await buyer();
    await setPoRequired("po-admin", dana.companyId, true);
    const saving = { shipTo: NEW_SHIP_TO, saveShipTo: true, shipToLabel: "Austin plant" };
    // Refused (no PO number): nothing is saved.
    expect(await refusal(net30(dana, saving, "TX"))).toBe(`400 ${poNumberRequiredMessage}`);
    expect(await listShipTos(await asBuyer(dana))).toEqual([]);

    const placed = await net30(dana, { ...saving, poNumber: "PO-1" }, "TX");
    const [saved] = await listShipTos(await asBuyer(dana));
    expect(saved).toMatchObject({ label: "Austin plant", isDefault: true, address: { state: "TX", city: "Portland" } });
    expect((await orderRow(placed.orderNumber))?.shippingState).toBe("TX");
    // Not asked: not saved.
    await again(dana, { shipTo: NEW_SHIP_TO, poNumber: "PO-2" });
    expect(await listShipTos(await asBuyer(dana))).toHaveLength(1);
  });

  it("answers another buyer's saved address as not found", async () => {
    const dana = await buyer();
    const lee = await buyer();
    const leesYard = await addShipTo(await asBuyer(lee), { label: "Yard", address: checkoutInput(lee.email).shipping });
    expect(
      await refusal(checkBeforePlacing(await asBuyer(dana), checkoutInput(dana.email, { shipTo: leesYard.id }))),
    ).toBe(`404 ${shipToNotFound}`);
    expect(
      await refusal(checkBeforePlacing(await asBuyer(lee), checkoutInput(lee.email, { shipTo: leesYard.id }))),
    ).toBe("ok");
  });
});
