// Terms end to end in the domain: an account granted Net 60 orders on terms and gets a numbered
// invoice due 60 store days later, as a PDF attached to its e-mail and downloadable by that buyer
// only; the credit centre ages what is open; the statement adds it up; an invoice long overdue
// holds new terms orders while the card still works.
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, storeDay } from "../../domain/dates/dates";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { adminAuditLog, mailQueue, orders, user } from "../db/schema";
import { buyerOrderDocument, buyerStatement, statementCsv } from "../documents/buyer-documents";
import { orderDocument } from "../documents/order-document";
import { renderPartsDocument } from "../documents/parts-document";
import { StoreError } from "../errors";
import { completeCardPayment, placeTermsOrder, startCardPayment } from "../orders/checkout";
import { findOrder } from "../orders/orders";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { checkoutTerms, creditCentre } from "./account-terms";
import { approveTerms } from "./grants";
import { markInvoicePaid } from "./invoices";
import { readStoreSettings, settingsRow, updateStoreSettings } from "./settings";

const { handle } = withTestDatabase();
const db = () => handle().db;
let wheel = "";

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

let buyers = 0;
/** A buyer with a profile, granted `terms` (Net 30/60/90) and `creditLimit` by an admin, and a cart of `wheels`. */
async function buyerOnTerms(termsDays: 30 | 60 | 90, creditLimit: string, wheels: number) {
  buyers += 1;
  const id = `terms-buyer-${buyers}`;
  const email = `terms${buyers}@example.com`;
  await db().insert(user).values({ id, name: "Dana", email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, { firstName: "Dana", lastName: "Reyes" });
  await approveTerms("admin", companyId, creditLimit, { termsDays });
  const cartId = await findOrCreateCart({ userId: id });
  await addToCart(cartId, wheel, wheels, null);
  return { id, email, cartId };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "placed",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  wheel = await insertProduct({ ...grindingWheel, stockLevel: 10_000 });
});

describe("a Net 60 order", () => {
  let dana: Awaited<ReturnType<typeof buyerOnTerms>>;
  let orderNumber = "";
  let invoiceNumber = "";

  it("is due 60 store days after its day and gets the next invoice number", async () => {
    dana = await buyerOnTerms(60, "1000", 3);
    expect(await checkoutTerms(await asBuyer(dana))).toEqual({
      termsDays: 60,
      creditLimit: "1000.00",
      available: "1000.00",
      hold: null,
    });
    const placed = await placeTermsOrder(
      await asBuyer(dana),
      dana.cartId,
      checkoutInput(dana.email, { paymentMethod: "net_30" }),
    );
    expect(placed.termsDays).toBe(60);
    const order = await findOrder(placed.orderNumber, await asBuyer(dana));
    orderNumber = placed.orderNumber;
    invoiceNumber = order?.invoiceNumber ?? "";
    expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(order?.termsDays).toBe(60);
    expect(order?.paymentDueDate).toEqual(startOfStoreDay(addDays(storeDay(order?.orderDate ?? new Date()), 60)));

    // The next terms order takes the next number.
    await addToCart(dana.cartId, wheel, 1, null);
    const next = await placeTermsOrder(
      await asBuyer(dana),
      dana.cartId,
      checkoutInput(dana.email, { paymentMethod: "net_30" }),
    );
    const nextOrder = await findOrder(next.orderNumber, await asBuyer(dana));
    expect(Number(nextOrder?.invoiceNumber?.slice(4))).toBe(Number(invoiceNumber.slice(4)) + 1);
  });

  it("is mailed with its invoice attached, a PDF naming the number, lines, total, terms and due date", async () => {
    const mails = await db().select().from(mailQueue).where(eq(mailQueue.to, dana.email));
    const mail = mails.find((m) => m.subject.includes(orderNumber));
    expect(mail?.text).toContain("Net 60 Terms: payment of $38.97 is due by");
    expect(mail?.text).toContain(`Invoice ${invoiceNumber} is attached.`);
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${invoiceNumber}.pdf`, "application/pdf"],
    ]);
    const text = await pdfText(Buffer.from(mail?.attachments[0]?.content ?? "", "base64"));
    const order = await findOrder(orderNumber, await asBuyer(dana));
    const due = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/New_York" }).format(
      order?.paymentDueDate ?? new Date(),
    );
    for (const expected of [
      "INVOICE",
      `Invoice Number: ${invoiceNumber}`,
      "Terms: Net 60",
      `Due Date: ${due}`,
      `Order Number: ${orderNumber}`,
      "Remit To",
      "PO Box 4410",
      "Bill To",
      "GW-45-001",
      "Grinding Wheel 4.5 in",
      "$12.99",
      "$38.97",
      `Amount Due by ${due}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the buyer's PO number and job reference when the order has them", async () => {
    const order = await findOrder(orderNumber, await asBuyer(dana));
    if (!order) throw new Error("no order");
    const withReferences = orderDocument({ ...order, poNumber: "PO-4711", jobReference: "Dock 3 rebuild" });
    const text = await pdfText(await renderPartsDocument(withReferences));
    expect(text).toContain("PO Number: PO-4711");
    expect(text).toContain("Job Reference: Dock 3 rebuild");
    expect(await pdfText(await renderPartsDocument(orderDocument(order)))).not.toContain("PO Number");
  });

  it("is downloadable by its buyer only; another buyer gets nothing, as for a made-up number", async () => {
    const own = await buyerOrderDocument(await asBuyer(dana), "invoice", `${invoiceNumber}.pdf`);
    expect(own?.filename).toBe(`${invoiceNumber}.pdf`);
    expect(await pdfText(own?.content ?? Buffer.alloc(0))).toContain(invoiceNumber);
    const lee = await buyerOnTerms(30, "100", 1);
    expect(await buyerOrderDocument(await asBuyer(lee), "invoice", `${invoiceNumber}.pdf`)).toBeNull();
    expect(await buyerOrderDocument(await asBuyer(dana), "invoice", "INV-999999.pdf")).toBeNull();
    expect(await buyerOrderDocument(await asBuyer(dana), "invoice", `${invoiceNumber}`)).toBeNull();
    // A terms order has an invoice, not a receipt.
    expect(await buyerOrderDocument(await asBuyer(dana), "receipt", `${orderNumber}.pdf`)).toBeNull();
  });

  it("uses credit: the credit centre shows limit, used, available and the invoices aged by store day", async () => {
    const today = new Date();
    const centre = await creditCentre(await asBuyer(dana), today);
    expect(centre).toMatchObject({
      approved: true,
      termsDays: 60,
      creditLimit: "1000.00",
      used: "51.96",
      available: "948.04",
      hold: null,
    });
    expect(centre.open.map((invoice) => invoice.bucket)).toEqual(["current", "current"]);
    expect(centre.aging).toMatchObject({ current: "51.96", "1-30": "0.00" });
    // 75 days on, both are 15 days past due; 160 days on, 100.
    const later = (days: number) => new Date(today.getTime() + days * 86_400_000);
    expect((await creditCentre(await asBuyer(dana), later(75))).aging).toMatchObject({
      current: "0.00",
      "1-30": "51.96",
    });
    expect((await creditCentre(await asBuyer(dana), later(160))).aging).toMatchObject({
      "1-30": "0.00",
      "over-90": "51.96",
    });
  });

  it("adds up in the statement CSV: each invoice, the payment, and the running balance", async () => {
    await markInvoicePaid("admin", orderNumber);
    const today = storeDay(new Date());
    const csv = statementCsv(await buyerStatement(await asBuyer(dana), addDays(today, -30), today)).content.toString();
    const rows = csv.trim().split("\n");
    expect(rows[0]).toBe("Date,Type,Invoice,Order,Due Date,Charges,Payments,Balance");
    expect(rows[1]).toBe(`${addDays(today, -30)},Opening balance,,,,,,0.00`);
    expect(rows.slice(2, -1).map((row) => row.split(",").slice(1, 3).concat(row.split(",").slice(5)))).toEqual([
      ["Invoice", invoiceNumber, "38.97", "", "38.97"],
      ["Payment", invoiceNumber, "", "38.97", "0.00"],
      ["Invoice", `INV-${String(Number(invoiceNumber.slice(4)) + 1).padStart(6, "0")}`, "12.99", "", "12.99"],
    ]);
    expect(rows.at(-1)).toBe(`${today},Closing balance,,,,51.96,38.97,12.99`);
    expect((await creditCentre(await asBuyer(dana))).available).toBe("987.01");
  });
});

describe("an invoice past due", () => {
  it("holds new terms orders once it is more than the grace days late, and says why; the card still works", async () => {
    expect(await readStoreSettings()).toEqual({
      overdueGraceDays: 15,
      invitationDays: 7,
      certificateReminderDays: 30,
      invoiceReminderDays: 3,
      shipCutoff: "15:00",
      returnWindowDays: 30,
    });
    const sam = await buyerOnTerms(30, "500", 1);
    const first = await placeTermsOrder(
      await asBuyer(sam),
      sam.cartId,
      checkoutInput(sam.email, { paymentMethod: "net_30" }),
    );
    const order = await findOrder(first.orderNumber, await asBuyer(sam));
    // Its due day moved back: 16 days ago, so 16 days past due.
    await db()
      .update(orders)
      .set({ paymentDueDate: startOfStoreDay(addDays(storeDay(new Date()), -16)) })
      .where(eq(orders.orderNumber, first.orderNumber));

    await addToCart(sam.cartId, wheel, 1, null);
    const message = `Terms orders are on hold: invoice ${order?.invoiceNumber} was due`;
    expect(
      await refusal(
        placeTermsOrder(await asBuyer(sam), sam.cartId, checkoutInput(sam.email, { paymentMethod: "net_30" })),
      ),
    ).toContain(message);
    expect((await checkoutTerms(await asBuyer(sam)))?.hold).toContain(
      "is 16 days past due. Please pay it, or pay for this order by card.",
    );

    // With 16 days allowed it is not held; with 0 it is again.
    await updateStoreSettings("admin", { overdueGraceDays: 16 });
    expect((await checkoutTerms(await asBuyer(sam)))?.hold).toBeNull();
    await updateStoreSettings("admin", { overdueGraceDays: 0 });
    expect((await creditCentre(await asBuyer(sam))).hold).toContain(message);

    const payment = await startCardPayment(await asBuyer(sam), sam.cartId, checkoutInput(sam.email));
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    const paid = await completeCardPayment(payment.paymentId, sam.id);
    expect(paid.created).toBe(true);
    // The card order has a receipt, downloadable by its buyer and mailed with its confirmation.
    const receipt = await buyerOrderDocument(await asBuyer(sam), "receipt", `${paid.orderNumber}.pdf`);
    const text = await pdfText(receipt?.content ?? Buffer.alloc(0));
    expect(text).toContain("RECEIPT");
    expect(text).toContain("Paid by card on");
    expect(text).toContain("Amount Paid");
    const [mail] = await db()
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.subject, `Order Confirmed! ${paid.orderNumber}`));
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`receipt-${paid.orderNumber}.pdf`]);

    // Paying the late invoice lifts the hold.
    await markInvoicePaid("admin", first.orderNumber);
    expect((await checkoutTerms(await asBuyer(sam)))?.hold).toBeNull();
  });
});

describe("the store settings", () => {
  it("are saved over the version the admin saw, with an audit entry; a stale form changes nothing", async () => {
    const { updatedAt } = await settingsRow();
    await updateStoreSettings("admin", { overdueGraceDays: 20, savedAt: updatedAt ?? undefined });
    expect(await refusal(updateStoreSettings("admin", { overdueGraceDays: 5, savedAt: updatedAt ?? undefined }))).toBe(
      "These settings were changed by another admin meanwhile. Reload the page to see them, then save again.",
    );
    expect(await readStoreSettings()).toEqual({
      overdueGraceDays: 20,
      invitationDays: 7,
      certificateReminderDays: 30,
      invoiceReminderDays: 3,
      shipCutoff: "15:00",
      returnWindowDays: 30,
    });
    const entries = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "change_store_settings"));
    expect(entries.at(-1)).toMatchObject({ before: { overdueGraceDays: 0 }, after: { overdueGraceDays: 20 } });
  });
});
