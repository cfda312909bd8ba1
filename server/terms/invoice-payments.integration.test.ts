// Paying terms invoices online, end to end in the domain: one invoice in part, several at once, in
// full; what is not owed is refused before anything is charged; a payment is counted once however
// often the provider says it succeeded; a fully paid invoice moves its order as the admin's "mark
// paid" does; the receipt and the reminders are mailed, each reminder once even when two processes
// run the duty at the same moment.
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, storeDay } from "../../domain/dates/dates";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { cancellationSeen } from "../../domain/orders/cancellations";
import type { ChosenAmount } from "../../domain/terms/invoice-payments";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { findOrderForAdmin } from "../admin/orders";
import { addToCart, findOrCreateCart } from "../cart/cart";
import {
  adminAuditLog,
  companyMembers,
  invoicePaymentAllocations,
  invoicePayments,
  mailQueue,
  orderItems,
  orderStatusHistory,
  orders,
  testProcessorPayments,
  user,
} from "../db/schema";
import { buyerStatement, statementCsv } from "../documents/buyer-documents";
import { StoreError } from "../errors";
import { cancelOrderLines } from "../orders/cancellations";
import { placeTermsOrder } from "../orders/checkout";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { businessReport } from "../reports/business";
import { creditCentre } from "./account-terms";
import { completeInvoicePayment, startInvoicePayment } from "./invoice-payments";
import { sendInvoiceReminders } from "./invoice-reminders";
import { markInvoicePaid } from "./invoices";
import { updateStoreSettings } from "./settings";

const { handle } = withTestDatabase();
const db = () => handle().db;
let wheel = "";

let people = 0;
/** A member (the admin of a company of one) on Net 30 with a $10,000 limit. */
async function buyerOnTerms() {
  people += 1;
  const id = `payer-${people}`;
  const email = `payer${people}@example.com`;
  await db().insert(user).values({ id, name: "Dana", email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, {
    creditLimit: "10000",
    companyName: `Payer ${people} Fab`,
    firstName: "Dana",
    lastName: "Reyes",
  });
  return { id, email, companyId };
}

/** A terms order of `wheels` grinding wheels at $12.99 (Oregon: no tax); its invoice number and total. */
async function invoiceOf(who: { id: string; email: string }, wheels: number) {
  const cartId = await findOrCreateCart({ userId: who.id });
  await addToCart(cartId, wheel, wheels, null);
  const placed = await placeTermsOrder(
    await asBuyer(who),
    cartId,
    checkoutInput(who.email, { paymentMethod: "net_30" }),
  );
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  if (!order?.invoiceNumber) throw new Error("no invoice");
  return order as typeof order & { invoiceNumber: string };
}

/** Pays the amounts with the test card as the buyer's browser does: start, confirm the card, complete. */
async function pay(who: { id: string }, chosen: ChosenAmount[]) {
  const started = await startInvoicePayment(await asBuyer(who), chosen);
  await confirmTestPayment(started.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
  return { started, receipt: await completeInvoicePayment(started.paymentId, who.id) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof StoreError ? error.message : String(error)),
  );

const orderOf = async (orderNumber: string) =>
  (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];

const mailsTo = (to: string, subject: string) =>
  db()
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, to), like(mailQueue.subject, subject)));

beforeAll(async () => {
  wheel = await insertProduct({ ...grindingWheel, stockLevel: 10_000 });
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
});

describe("paying invoices online", () => {
  let dana: Awaited<ReturnType<typeof buyerOnTerms>>;
  let first: Awaited<ReturnType<typeof invoiceOf>>;
  let second: Awaited<ReturnType<typeof invoiceOf>>;
  let third: Awaited<ReturnType<typeof invoiceOf>>;

  beforeAll(async () => {
    dana = await buyerOnTerms();
    first = await invoiceOf(dana, 10); // $129.90
    second = await invoiceOf(dana, 3); // $38.97
    third = await invoiceOf(dana, 1); // $12.99
  });

  it("pays part of one invoice: the balance, the credit and the aging drop, and the invoice stays open", async () => {
    expect(first.totalAmount).toBe("129.90");
    const before = await creditCentre(await asBuyer(dana));
    expect(before.used).toBe("181.86");
    const { receipt } = await pay(dana, [{ invoiceNumber: first.invoiceNumber, amount: "29.91" }]);
    expect(receipt.amount).toBe("29.91");
    expect(receipt.lines).toEqual([
      { invoiceNumber: first.invoiceNumber, orderNumber: first.orderNumber, paid: "29.91", balance: "99.99" },
    ]);
    expect(receipt.remainingBalance).toBe("151.95");
    const after = await creditCentre(await asBuyer(dana));
    expect(after.used).toBe("151.95");
    expect(after.available).toBe("9848.05");
    expect(after.aging.current).toBe("151.95");
    expect(after.open.find((invoice) => invoice.invoiceNumber === first.invoiceNumber)).toMatchObject({
      total: "129.90",
      balance: "99.99",
    });
    const order = await orderOf(first.orderNumber);
    expect(order?.status).toBe("pending_payment");
    expect(order?.paidAt).toBeNull();
    // The statement shows the part payment on its day, and the invoice open for the rest.
    const today = storeDay(new Date());
    const statement = await buyerStatement(await asBuyer(dana), addDays(today, -1), today);
    expect(statementCsv(statement).content.toString()).toContain(
      `${today},Payment,${first.invoiceNumber},${first.orderNumber},${storeDay(first.paymentDueDate ?? today)},,29.91,99.99`,
    );
    expect(statement.statement.open.find((open) => open.invoiceNumber === first.invoiceNumber)?.owed).toBe("99.99");
    // The admin's order page and reports read the same balance.
    expect((await findOrderForAdmin(first.orderNumber))?.balance).toBe("99.99");
    expect((await businessReport()).aging.current).toBe("151.95");
  });

  it("refuses more than is owed, zero, a negative amount, and an unknown invoice, charging nothing", async () => {
    const buyer = await asBuyer(dana);
    const payments = async () => (await db().select().from(invoicePayments)).length;
    const count = await payments();
    expect(await refusal(startInvoicePayment(buyer, [{ invoiceNumber: first.invoiceNumber, amount: "100.00" }]))).toBe(
      `Invoice ${first.invoiceNumber} has $99.99 left to pay, so $100.00 is more than is owed. Enter $99.99 or less.`,
    );
    expect(await refusal(startInvoicePayment(buyer, [{ invoiceNumber: first.invoiceNumber, amount: "0" }]))).toBe(
      `The amount to pay on invoice ${first.invoiceNumber} must be more than $0.00 and at most $99.99.`,
    );
    expect(await refusal(startInvoicePayment(buyer, [{ invoiceNumber: first.invoiceNumber, amount: "-5" }]))).toBe(
      `The amount to pay on invoice ${first.invoiceNumber} must be more than $0.00 and at most $99.99.`,
    );
    // A good line beside a bad one: the whole payment is refused.
    expect(
      await refusal(
        startInvoicePayment(buyer, [
          { invoiceNumber: third.invoiceNumber, amount: "12.99" },
          { invoiceNumber: second.invoiceNumber, amount: "38.98" },
        ]),
      ),
    ).toBe(
      `Invoice ${second.invoiceNumber} has $38.97 left to pay, so $38.98 is more than is owed. Enter $38.97 or less.`,
    );
    expect(await payments()).toBe(count);
  });

  it("refuses another company's invoice as none of the account's", async () => {
    const other = await buyerOnTerms();
    const theirs = await invoiceOf(other, 1);
    expect(
      await refusal(
        startInvoicePayment(await asBuyer(dana), [{ invoiceNumber: theirs.invoiceNumber, amount: "1.00" }]),
      ),
    ).toBe(`There is no invoice ${theirs.invoiceNumber} on your account.`);
  });

  it("refuses a member whose role does not allow paying invoices", async () => {
    await db().insert(user).values({ id: "viewer", name: "Vic", email: "vic@example.com", emailVerified: true });
    await db().insert(companyMembers).values({ userId: "viewer", companyId: dana.companyId, role: "viewer" });
    expect(
      await refusal(
        startInvoicePayment(await asBuyer({ id: "viewer" }), [{ invoiceNumber: third.invoiceNumber, amount: "1.00" }]),
      ),
    ).toBe("Your role in this company does not allow paying invoices. Ask your company admin.");
  });

  it("pays several at once, allocated exactly as chosen: the rest of one, all of another, part of a third", async () => {
    const fourth = await invoiceOf(dana, 2); // $25.98
    const { started, receipt } = await pay(dana, [
      { invoiceNumber: first.invoiceNumber, amount: "99.99" },
      { invoiceNumber: second.invoiceNumber, amount: "$38.97" },
      { invoiceNumber: fourth.invoiceNumber, amount: "0.98" },
    ]);
    expect(started.amount).toBe("139.94");
    const [payment] = await db()
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.providerPaymentId, started.paymentId));
    expect(payment).toMatchObject({ status: "recorded", amount: "139.94", userId: dana.id });
    const allocations = await db()
      .select({ orderId: invoicePaymentAllocations.orderId, amount: invoicePaymentAllocations.amount })
      .from(invoicePaymentAllocations)
      .where(eq(invoicePaymentAllocations.paymentId, payment?.id ?? ""));
    expect(new Map(allocations.map((row) => [row.orderId, row.amount]))).toEqual(
      new Map([
        [first.id, "99.99"],
        [second.id, "38.97"],
        [fourth.id, "0.98"],
      ]),
    );
    expect(receipt.lines.map((line) => [line.invoiceNumber, line.paid, line.balance])).toEqual(
      [
        [first.invoiceNumber, "99.99", "0.00"],
        [second.invoiceNumber, "38.97", "0.00"],
        [fourth.invoiceNumber, "0.98", "25.00"],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // third $12.99 + fourth's $25.00 left
    expect(receipt.remainingBalance).toBe("37.99");

    // Paid in full, the invoice moves its order as the admin's "mark paid" does, through the lifecycle.
    for (const paid of [first, second]) {
      const order = await orderOf(paid.orderNumber);
      expect(order?.status).toBe("paid");
      expect(order?.paidAt).not.toBeNull();
      const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, paid.id));
      expect(history.at(-1)).toMatchObject({ status: "paid", note: "Invoice paid online by card", byAdminId: null });
      const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, paid.orderNumber));
      expect(audit).toMatchObject([{ action: "mark_invoice_paid", adminId: dana.id }]);
    }
    expect((await orderOf(fourth.orderNumber))?.paidAt).toBeNull();
    expect(
      await refusal(startInvoicePayment(await asBuyer(dana), [{ invoiceNumber: first.invoiceNumber, amount: "1.00" }])),
    ).toBe(`Invoice ${first.invoiceNumber} is already paid.`);
    expect(await refusal(markInvoicePaid("admin", first.orderNumber))).toBe(
      `The invoice for ${first.orderNumber} is already paid.`,
    );

    const [mail] = await mailsTo(dana.email, "Payment received: $139.94");
    expect(mail?.text).toContain("we received your card payment of $139.94");
    expect(mail?.text).toContain(`Payment reference: ${started.paymentId}`);
    expect(mail?.text).toContain(`- ${first.invoiceNumber} (order ${first.orderNumber}): paid $99.99, paid in full`);
    expect(mail?.text).toContain(`- ${fourth.invoiceNumber} (order ${fourth.orderNumber}): paid $0.98, balance $25.00`);
    expect(mail?.text).toContain("Remaining balance on your account: $37.99");
    expect(mail?.text).toContain("/account/credit");
  });

  it("counts a payment once when the provider says twice, at once, that it succeeded (a webhook delivered twice)", async () => {
    const started = await startInvoicePayment(await asBuyer(dana), [
      { invoiceNumber: third.invoiceNumber, amount: "2.99" },
    ]);
    await confirmTestPayment(started.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    const [one, two] = await Promise.all([
      completeInvoicePayment(started.paymentId),
      completeInvoicePayment(started.paymentId),
    ]);
    const again = await completeInvoicePayment(started.paymentId, dana.id);
    expect(one).toEqual(two);
    expect(again).toEqual(one);
    expect(one.lines).toMatchObject([{ invoiceNumber: third.invoiceNumber, paid: "2.99", balance: "10.00" }]);
    const open = (await creditCentre(await asBuyer(dana))).open;
    expect(open.find((invoice) => invoice.invoiceNumber === third.invoiceNumber)?.balance).toBe("10.00");
    expect(await mailsTo(dana.email, "Payment received: $2.99")).toHaveLength(1);
  });

  it("refunds a payment that can no longer be applied: the invoice was marked paid while the buyer paid", async () => {
    const started = await startInvoicePayment(await asBuyer(dana), [
      { invoiceNumber: third.invoiceNumber, amount: "10.00" },
    ]);
    await confirmTestPayment(started.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    await markInvoicePaid("admin", third.orderNumber);
    expect(await refusal(completeInvoicePayment(started.paymentId, dana.id))).toBe(
      `Invoice ${third.invoiceNumber} was paid or changed while you paid, so this payment could not be applied as you chose. Your payment of $10.00 has been refunded.`,
    );
    const [provider] = await db()
      .select()
      .from(testProcessorPayments)
      .where(eq(testProcessorPayments.id, started.paymentId));
    expect(provider?.refundedAt).not.toBeNull();
    const [payment] = await db()
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.providerPaymentId, started.paymentId));
    expect(payment?.status).toBe("refunded");
  });

  it("refunds a payment that would pay more than is owed: the buyer cancelled part of the invoice while paying", async () => {
    const who = await buyerOnTerms();
    const invoice = await invoiceOf(who, 2);
    const started = await startInvoicePayment(await asBuyer(who), [
      { invoiceNumber: invoice.invoiceNumber, amount: "25.98" },
    ]);
    await confirmTestPayment(started.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, invoice.id));
    await cancelOrderLines(await asBuyer(who), {
      orderNumber: invoice.orderNumber,
      lines: [{ orderItemId: items[0]?.id ?? "", quantity: 1 }],
      seen: cancellationSeen(items),
    });
    // $25.98 paid against the $12.99 still owed: the invoice's balance would be below zero.
    expect(await refusal(completeInvoicePayment(started.paymentId, who.id))).toBe(
      `Invoice ${invoice.invoiceNumber} was paid or changed while you paid, so this payment could not be applied as you chose. Your payment of $25.98 has been refunded.`,
    );
    expect((await orderOf(invoice.orderNumber))?.paidAt).toBeNull();
  });

  it("does not record a payment whose card was declined", async () => {
    const open = await invoiceOf(dana, 1);
    const started = await startInvoicePayment(await asBuyer(dana), [
      { invoiceNumber: open.invoiceNumber, amount: "1.00" },
    ]);
    await expect(
      confirmTestPayment(started.clientSecret, { number: TEST_CARDS.declined, expiry: "12/34", cvc: "123" }),
    ).rejects.toThrow("Your card was declined.");
    expect(await refusal(completeInvoicePayment(started.paymentId, dana.id))).toBe("Your card was declined.");
  });
});

describe("invoice reminders", () => {
  it("mails a reminder days before the due day and once overdue, each once, even from two processes at once", async () => {
    const lee = await buyerOnTerms();
    const invoice = await invoiceOf(lee, 4);
    await updateStoreSettings("admin", { invoiceReminderDays: 5 });
    const due = storeDay(invoice.paymentDueDate ?? new Date());
    const at = (day: string) => new Date(startOfStoreDay(day).getTime() + 10 * 60 * 60_000);

    // Six days before: nothing yet.
    await sendInvoiceReminders(at(addDays(due, -6)));
    expect(await mailsTo(lee.email, `Invoice ${invoice.invoiceNumber}%`)).toHaveLength(0);

    // Five days before, two processes run the duty at the same moment: one mail.
    await Promise.all([sendInvoiceReminders(at(addDays(due, -5))), sendInvoiceReminders(at(addDays(due, -5)))]);
    await sendInvoiceReminders(at(addDays(due, -1)));
    const soon = await mailsTo(lee.email, `Invoice ${invoice.invoiceNumber} is due on %`);
    expect(soon).toHaveLength(1);
    expect(soon[0]?.text).toContain(`Invoice ${invoice.invoiceNumber} of Payer`);
    expect(soon[0]?.text).toContain("with $51.96 still open");
    expect(soon[0]?.text).toContain("/account/credit");

    // Part paid, then overdue: the reminder names what is still open, once.
    await pay(lee, [{ invoiceNumber: invoice.invoiceNumber, amount: "50.00" }]);
    await Promise.all([sendInvoiceReminders(at(addDays(due, 1))), sendInvoiceReminders(at(addDays(due, 1)))]);
    await sendInvoiceReminders(at(addDays(due, 2)));
    const overdue = await mailsTo(lee.email, `Invoice ${invoice.invoiceNumber} is overdue%`);
    expect(overdue).toHaveLength(1);
    expect(overdue[0]?.subject).toBe(`Invoice ${invoice.invoiceNumber} is overdue: $1.96`);

    // A paid invoice is not reminded about.
    const paid = await invoiceOf(lee, 1);
    await pay(lee, [{ invoiceNumber: paid.invoiceNumber, amount: "12.99" }]);
    await sendInvoiceReminders(at(addDays(storeDay(paid.paymentDueDate ?? new Date()), 3)));
    expect(await mailsTo(lee.email, `Invoice ${paid.invoiceNumber} is%`)).toHaveLength(0);
  });
});
