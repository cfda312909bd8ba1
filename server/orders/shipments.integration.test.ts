// Shipments through the order lifecycle: an order shipped in parts (processing, then shipped), each
// shipment with its mail; quantities past what was ordered, what is left or what is in stock
// refused with nothing written; a terms invoice's due date counted from the last shipment; the
// packing slip for the order's company and the store's admin only; the "To Ship Today" list.
import { and, asc, eq, like } from "drizzle-orm";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { dueDay } from "../../domain/terms/terms";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { seededHazard } from "../catalog/seed/hazards";
import { mailQueue, orderItems, orders, shipments, user } from "../db/schema";
import { StoreError } from "../errors";
import { openInvoices } from "../terms/account-terms";
import { updateStoreSettings } from "../terms/settings";
import { cancelOrderLines } from "./cancellations";
import { placeTermsOrder } from "./checkout";
import { moveOrder } from "./lifecycle";
import { ordersToShipToday, packingSlip, recordShipment } from "./shipments";

const { handle } = withTestDatabase();
const db = () => handle().db;
const ids = { wheel: "", disc: "", pump: "" };

let buyers = 0;
async function termsOrder(lines: [string, number][]) {
  buyers += 1;
  const id = `ship-buyer-${buyers}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name: id, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, { creditLimit: "10000" });
  const cartId = await findOrCreateCart({ userId: id });
  for (const [productId, quantity] of lines) await addToCart(cartId, productId, quantity, null);
  const buyer = await asBuyer({ id });
  const { orderNumber } = await placeTermsOrder(buyer, cartId, checkoutInput(email));
  const items = await db()
    .select({ id: orderItems.id, productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNumber, orderNumber));
  const line = (productId: string) => items.find((item) => item.productId === productId)?.id ?? "";
  return { orderNumber, email, buyer, companyId, line };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "recorded",
    (error: unknown) => (error instanceof StoreError ? `${error.kind}: ${error.message}` : String(error)),
  );

async function orderRow(orderNumber: string) {
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const lines = await db()
    .select({ sku: orderItems.productSku, shipped: orderItems.shippedQuantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order?.id ?? ""))
    .orderBy(asc(orderItems.productSku));
  return { order, lines };
}

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  ids.wheel = await insertProduct({ ...grindingWheel, stockLevel: 500 });
  ids.disc = await insertProduct({ partNumber: "FD-80-001", name: "Flap Disc", price: "8.49", stockLevel: 500 });
  ids.pump = await insertProduct({
    partNumber: "PU-1",
    name: "Pump",
    price: "100.00",
    stockLevel: 3,
    backorderable: true,
    leadTimeDays: 5,
  });
});

describe("an order shipped in two parts", () => {
  it("is processing after the first shipment and shipped after the last, each mailed with its tracking link", async () => {
    const { orderNumber, email, line } = await termsOrder([
      [ids.wheel, 4],
      [ids.disc, 2],
    ]);
    const first = new Date(Date.now() + 60_000);
    const afterFirst = await recordShipment(
      "admin",
      orderNumber,
      { carrier: "ups", trackingNumber: "1Z999AA10123456784", lines: [{ orderItemId: line(ids.wheel), quantity: 3 }] },
      first,
    );
    expect(afterFirst).toMatchObject({ status: "processing", shippedAt: null });
    expect((await orderRow(orderNumber)).lines).toEqual([
      { sku: "FD-80-001", shipped: 0 },
      { sku: "GW-45-001", shipped: 3 },
    ]);

    const second = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    const afterSecond = await recordShipment(
      "admin",
      orderNumber,
      {
        carrier: "fedex",
        trackingNumber: "748923456789",
        lines: [
          { orderItemId: line(ids.wheel), quantity: 1 },
          { orderItemId: line(ids.disc), quantity: 2 },
        ],
      },
      second,
    );
    // The invoice's terms run from the last shipment: due 30 days after it, in the credit centre too.
    const due = startOfStoreDay(dueDay(second, 30));
    expect(afterSecond).toMatchObject({ status: "shipped", shippedAt: second, paymentDueDate: due });
    const open = await openInvoices(afterSecond.companyId);
    expect(open.find((invoice) => invoice.orderNumber === orderNumber)?.dueDate).toEqual(due);

    const [confirmation] = await db()
      .select({ text: mailQueue.text })
      .from(mailQueue)
      .where(and(eq(mailQueue.to, email), like(mailQueue.subject, "Order Confirmed!%")));
    expect(confirmation?.text).toMatch(/^Ships (today|next business day)$/m);
    const mails = await db()
      .select({ subject: mailQueue.subject, text: mailQueue.text })
      .from(mailQueue)
      .where(and(eq(mailQueue.to, email), like(mailQueue.subject, "Your order has shipped!%")))
      .orderBy(asc(mailQueue.subject));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your order has shipped! ${orderNumber} (shipment 1)`,
      `Your order has shipped! ${orderNumber} (shipment 2)`,
    ]);
    expect(mails[0]?.text).toContain("Track your package: https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(mails[0]?.text).toContain("- 3 x Grinding Wheel 4.5 in (SKU: GW-45-001)");
    expect(mails[1]?.text).toContain("Track your package: https://www.fedex.com/fedextrack/?trknbr=748923456789");
    expect(mails[1]?.text).toContain(`/account/orders/${orderNumber}/packing-slips/2.pdf`);

    expect(
      await refusal(
        recordShipment("admin", orderNumber, {
          carrier: "other",
          trackingNumber: null,
          lines: [{ orderItemId: line(ids.wheel), quantity: 1 }],
        }),
      ),
    ).toBe("Conflict: An order that is Shipped cannot ship.");
  });
});

describe("a shipment the order cannot make", () => {
  it("is refused saying how many may ship, and writes nothing", async () => {
    // 5 pumps against 3 in stock: 3 ship now, 2 are back-ordered.
    const { orderNumber, line, buyer } = await termsOrder([
      [ids.pump, 5],
      [ids.disc, 1],
    ]);
    const ship = (orderItemId: string, quantity: number) =>
      refusal(
        recordShipment("admin", orderNumber, {
          carrier: "other",
          trackingNumber: null,
          lines: [{ orderItemId, quantity }],
        }),
      );
    expect(await ship(line(ids.disc), 2)).toBe(
      "Invalid: FD-80-001: 1 ordered and 0 shipped, so 1 is left to ship. Ship 1 or fewer.",
    );
    expect(await ship(line(ids.pump), 4)).toBe(
      "Invalid: PU-1: only 3 of the 5 left to ship are in stock; the rest are back-ordered. Ship 3 or fewer, or wait for the back-order.",
    );
    expect(await ship(ids.pump, 1)).toBe(
      "Invalid: Reload the order: a line of this shipment is not one of the order's.",
    );
    const before = await orderRow(orderNumber);
    expect(before.order?.status).toBe("pending_payment");
    expect(before.lines.every((each) => each.shipped === 0)).toBe(true);
    expect(
      await db()
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, before.order?.id ?? "")),
    ).toEqual([]);

    // What is in stock ships; the back-order keeps the order processing.
    expect(await ship(line(ids.pump), 3)).toBe("recorded");
    expect(await ship(line(ids.pump), 1)).toBe(
      "Invalid: PU-1: the 2 left to ship are back-ordered and not in stock yet. Wait for the back-order.",
    );
    expect((await orderRow(orderNumber)).order?.status).toBe("processing");

    // Something has shipped: the order cannot be cancelled whole, only what has not shipped of it.
    expect(
      await refusal(moveOrder({ actor: "admin", id: "admin" }, orderNumber, { on: "statusAsked", to: "cancelled" })),
    ).toBe(
      "Conflict: Some of order " +
        `${orderNumber} has shipped (3 × PU-1), so it cannot be cancelled whole. Once a line has shipped, it can only be returned.`,
    );
    await cancelOrderLines(buyer, {
      orderNumber,
      seen: 3,
      lines: [
        { orderItemId: line(ids.pump), quantity: 2 },
        { orderItemId: line(ids.disc), quantity: 1 },
      ],
    });
    expect((await orderRow(orderNumber)).order?.status).toBe("shipped");
    expect(await ship(line(ids.disc), 1)).toBe("Conflict: An order that is Shipped cannot ship.");
  });
});

describe("a packing slip", () => {
  it("is the order's company's and the store admin's, and no one else's", async () => {
    const { orderNumber, buyer, line } = await termsOrder([[ids.wheel, 2]]);
    await recordShipment("admin", orderNumber, {
      carrier: "usps",
      trackingNumber: "9400111899223197428490",
      lines: [{ orderItemId: line(ids.wheel), quantity: 2 }],
    });
    const slip = await packingSlip(buyer, orderNumber, "1.pdf");
    expect(slip?.filename).toBe(`packing-slip-${orderNumber}-1.pdf`);
    const text = await pdfText(slip?.content ?? Buffer.alloc(0));
    for (const expected of [
      "PACKING SLIP",
      orderNumber,
      "USPS",
      "9400111899223197428490",
      "GW-45-001",
      "This Shipment",
    ])
      expect(text).toContain(expected);
    expect(await packingSlip("admin", orderNumber, "1.pdf")).not.toBeNull();

    const other = await termsOrder([[ids.disc, 1]]);
    expect(await packingSlip(other.buyer, orderNumber, "1.pdf")).toBeNull();
    expect(await packingSlip(buyer, orderNumber, "2.pdf")).toBeNull();
    expect(await packingSlip(buyer, orderNumber, "../1.pdf")).toBeNull();
  });
});

describe("To Ship Today", () => {
  it("lists orders placed before the cut-off with stock waiting, and not those shipped or all back-ordered", async () => {
    const waiting = await termsOrder([[ids.disc, 1]]);
    const shipped = await termsOrder([[ids.disc, 1]]);
    await recordShipment("admin", shipped.orderNumber, {
      carrier: "other",
      trackingNumber: null,
      lines: [{ orderItemId: shipped.line(ids.disc), quantity: 1 }],
    });
    const partly = await termsOrder([[ids.disc, 2]]);
    await recordShipment("admin", partly.orderNumber, {
      carrier: "other",
      trackingNumber: null,
      lines: [{ orderItemId: partly.line(ids.disc), quantity: 1 }],
    });
    // A week on, every order placed now is due to ship.
    const later = await ordersToShipToday(new Date(Date.now() + 7 * 24 * 60 * 60_000));
    const numbers = later.orders.map((order) => order.orderNumber);
    expect(numbers).toContain(waiting.orderNumber);
    expect(numbers).not.toContain(shipped.orderNumber);
    expect(later.orders.find((order) => order.orderNumber === partly.orderNumber)?.partlyShipped).toBe(true);
    expect(later.orders.find((order) => order.orderNumber === waiting.orderNumber)?.partlyShipped).toBe(false);
    expect(later.cutoff).toBe("15:00");
    await updateStoreSettings("admin", { shipCutoff: "16:30" });
    expect((await ordersToShipToday()).cutoff).toBe("16:30");
    await updateStoreSettings("admin", { shipCutoff: "15:00" });
    // Yesterday, nothing placed now was due yet.
    const before = await ordersToShipToday(new Date(Date.now() - 24 * 60 * 60_000));
    expect(before.orders.map((order) => order.orderNumber)).not.toContain(waiting.orderNumber);
  });
});

describe("a hazardous part's shipment", () => {
  it("goes by ground: an air carrier is refused for it, naming the part, and nothing is written", async () => {
    const aerosol = await insertProduct({
      partNumber: "AER-1",
      name: "Penetrating Oil Aerosol, 16 oz",
      subcategory: "aerosol",
      category: "chemicals",
      price: "5.09",
      stockLevel: 50,
      hazard: seededHazard("aerosol", { Product: "Penetrating Oil", Size: "16 oz" }),
    });
    const { orderNumber, line } = await termsOrder([
      [aerosol, 2],
      [ids.disc, 1],
    ]);
    const ship = (carrier: "dhl_express" | "ups", trackingNumber: string, orderItemIds: string[]) =>
      refusal(
        recordShipment("admin", orderNumber, {
          carrier,
          trackingNumber,
          lines: orderItemIds.map((orderItemId) => ({ orderItemId, quantity: 1 })),
        }),
      );
    expect(await ship("dhl_express", "1234567890", [line(aerosol), line(ids.disc)])).toBe(
      "Invalid: AER-1 ships by ground only (hazardous material), and DHL Express carries parcels by air. Ship it by a ground service (UPS, FedEx or USPS ground, OnTrac, Freight/LTL).",
    );
    expect((await orderRow(orderNumber)).lines.every((each) => each.shipped === 0)).toBe(true);
    // The rest of the order may fly; the aerosol goes by UPS.
    expect(await ship("dhl_express", "1234567890", [line(ids.disc)])).toBe("recorded");
    expect(await ship("ups", "1Z999AA10123456784", [line(aerosol)])).toBe("recorded");
  });
});
