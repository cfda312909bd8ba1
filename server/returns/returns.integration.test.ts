// Returns end to end on the database (docs/decisions/returns.md): a buyer asks, the store approves
// with an RMA number and its authorisation, and receives the parts with or without restocking; the
// credit memo lowers a terms invoice's balance (then the oldest open ones, then free credit), or
// refunds the card exactly the credit. Every bad request is refused with its message and writes nothing.
import { asc, count, eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { toCents } from "../../domain/money/cents";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { aMoment, holdingRefunds } from "../../test/held-refunds";
import { asBuyer, profileWithCompany, shipAll } from "../../test/store-fixtures";
import { addToCart, findOrCreateCart } from "../cart/cart";
import type { Buyer } from "../companies/buyer";
import {
  adminAuditLog,
  creditMemos,
  mailQueue,
  orderCancellations,
  orderItems,
  orders,
  products,
  returnLines,
  returns,
  testProcessorRefunds,
  user,
} from "../db/schema";
import { buyerOrderDocument, buyerStatement } from "../documents/buyer-documents";
import { returnDocument } from "../documents/return-documents";
import { StoreError } from "../errors";
import { onStoreEvent } from "../events";
import { cancelOrderLines } from "../orders/cancellations";
import { completeCardPayment, placeTermsOrder, startCardPayment } from "../orders/checkout";
import { moveOrder } from "../orders/lifecycle";
import { setPaymentProvider } from "../payments/configured";
import { confirmTestPayment, TEST_CARDS } from "../payments/test-processor";
import { businessReport } from "../reports/business";
import { creditCentre, openInvoices } from "../terms/account-terms";
import { markInvoicePaid } from "../terms/invoices";
import { approveReturn, receiveReturn, refuseReturn, requestReturn } from "./returns";

const { handle } = withTestDatabase();
const db = () => handle().db;
const ids = { wheel: "", disc: "" };
const DAY = 24 * 60 * 60_000;

let buyers = 0;
async function newBuyer(creditLimit = "10000") {
  buyers += 1;
  const id = `return-buyer-${buyers}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name: id, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, { creditLimit });
  return { id, email, companyId };
}

/** A terms order shipped to Texas (6.25% tax), each line's id by product. */
async function order(who: { id: string; email: string }, lines: [string, number][], by: "terms" | "card" = "terms") {
  const cartId = await findOrCreateCart({ userId: who.id });
  for (const [productId, quantity] of lines) await addToCart(cartId, productId, quantity, null);
  const buyer = await asBuyer(who);
  const checkout = checkoutInput(who.email, {}, "TX");
  let orderNumber: string;
  if (by === "terms") orderNumber = (await placeTermsOrder(buyer, cartId, checkout)).orderNumber;
  else {
    const payment = await startCardPayment(buyer, cartId, checkout);
    await confirmTestPayment(payment.clientSecret, { number: TEST_CARDS.approved, expiry: "12/34", cvc: "123" });
    orderNumber = (await completeCardPayment(payment.paymentId, who.id)).orderNumber;
  }
  const items = await db()
    .select({ id: orderItems.id, productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNumber, orderNumber));
  const line = (productId: string) => items.find((item) => item.productId === productId)?.id ?? "";
  return { orderNumber, buyer, line };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "done",
    (error: unknown) => (error instanceof StoreError ? `${error.kind}: ${error.message}` : String(error)),
  );

const stockOf = async (productId: string) =>
  (await db().select({ stock: products.stockLevel }).from(products).where(eq(products.id, productId)))[0]?.stock;

const written = async () => ({
  returns: (await db().select({ n: count() }).from(returns))[0]?.n,
  lines: (await db().select({ n: count() }).from(returnLines))[0]?.n,
  memos: (await db().select({ n: count() }).from(creditMemos))[0]?.n,
});

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

/** The buyer's download of the order's invoice. */
async function invoicePdf(buyer: Buyer, orderNumber: string) {
  const [row] = await db()
    .select({ invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return (await buyerOrderDocument(buyer, "invoice", `${row?.invoiceNumber}.pdf`))?.content;
}

const balanceOf = async (companyId: string, orderNumber: string) =>
  (await openInvoices(companyId)).find((invoice) => invoice.orderNumber === orderNumber)?.balance;

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  ids.wheel = await insertProduct({ ...grindingWheel, stockLevel: 500 });
  ids.disc = await insertProduct({ partNumber: "FD-80-001", name: "Flap Disc", price: "8.49", stockLevel: 500 });
});

describe("a return of a terms order", () => {
  it("is asked, approved with an RMA and its authorisation, received with restock, and credited to the invoice", async () => {
    const who = await newBuyer();
    // 3 × $12.99 + 2 × $8.49 = $55.95, tax 6.25% $3.50: $59.45.
    const { orderNumber, buyer, line } = await order(who, [
      [ids.wheel, 3],
      [ids.disc, 2],
    ]);
    const shippedAt = new Date(Date.now() - 2 * DAY);
    await shipAll("admin", orderNumber, undefined, shippedAt);
    expect(await balanceOf(who.companyId, orderNumber)).toBe("59.45");

    const asked = await requestReturn(buyer, orderNumber, {
      reason: "damaged",
      note: "Box crushed",
      lines: [
        { orderItemId: line(ids.disc), quantity: 1 },
        { orderItemId: line(ids.wheel), quantity: 0 },
      ],
    });
    expect(asked).toMatchObject({ status: "requested", rmaNumber: null, lines: [{ part: "FD-80-001", quantity: 1 }] });

    const approved = await approveReturn("admin", asked.id);
    expect(approved.rmaNumber).toMatch(/^RMA-\d{6}$/);
    expect(await refusal(approveReturn("admin", asked.id))).toBe(
      "Conflict: A return that is Approved cannot be approved.",
    );
    const rma = await returnDocument(buyer, "rma", `${approved.rmaNumber}.pdf`);
    const rmaText = await pdfText(rma?.content ?? Buffer.from(""));
    expect(rmaText).toContain("RETURN AUTHORISATION");
    expect(rmaText).toContain(`Attn: ${approved.rmaNumber}`);
    expect(rmaText).toContain("Returns Department");
    expect(rmaText).toContain("FD-80-001");

    const stockBefore = await stockOf(ids.disc);
    const heard: string[][] = [];
    const stop = onStoreEvent("stockChanged", ({ productIds }) => heard.push(productIds));
    const received = await receiveReturn("admin", asked.id, [line(ids.disc)]).finally(stop);
    expect(await stockOf(ids.disc)).toBe((stockBefore ?? 0) + 1);
    expect(heard).toEqual([[ids.disc]]);
    // $8.49 + 6.25% ($0.530625, $0.53) = $9.02, off the invoice's balance.
    expect(received.creditMemo).toMatchObject({
      number: expect.stringMatching(/^CM-\d{6}$/),
      linesAmount: "8.49",
      taxAmount: "0.53",
      amount: "9.02",
      refundedAmount: "0.00",
    });
    expect(await balanceOf(who.companyId, orderNumber)).toBe("50.43");
    const invoiceText = await pdfText((await invoicePdf(buyer, orderNumber)) ?? Buffer.from(""));
    expect(invoiceText).toContain(`Credit memo ${received.creditMemo?.number} -$9.02`);
    expect(invoiceText).toMatch(/Amount Due by \w+ \d{1,2}, \d{4} \$50\.43/);
    const centre = await creditCentre(buyer);
    expect(centre.used).toBe("50.43");
    expect(centre.aging.current).toBe("50.43");

    const statement = await buyerStatement(buyer, "2000-01-01", "2100-01-01");
    expect(statement.statement.lines.map((each) => [each.kind, each.invoiceNumber, each.charge])).toContainEqual([
      "credit",
      received.creditMemo?.number,
      "-9.02",
    ]);
    expect(statement.statement.closing).toBe("50.43");
    const memo = await returnDocument(buyer, "credit-memo", `${received.creditMemo?.number}.pdf`);
    const memoText = await pdfText(memo?.content ?? Buffer.from(""));
    expect(memoText).toContain("CREDIT MEMO");
    expect(memoText).toContain("$9.02");

    const mails = await db()
      .select({ subject: mailQueue.subject, html: mailQueue.html, text: mailQueue.text })
      .from(mailQueue)
      .where(eq(mailQueue.to, who.email))
      .orderBy(asc(mailQueue.createdAt));
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects).toContain(`We received your return request for order ${orderNumber}`);
    expect(subjects).toContain(`Return approved: ${approved.rmaNumber} for order ${orderNumber}`);
    const approval = mails.find((mail) => mail.subject.startsWith("Return approved"));
    expect(approval?.html).toContain(`/account/rma/${approved.rmaNumber}.pdf`);
    expect(approval?.text).toContain("Returns Department");
    const credited = mails.find((mail) => mail.subject.startsWith("Credit memo"));
    expect(credited?.text).toContain("$9.02 is credited to your account");
    expect(credited?.html).toContain(`/account/credit-memos/${received.creditMemo?.number}.pdf`);

    const audit = await db()
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, asked.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["approve_return", "receive_return", "request_return"]);

    // All of the one disc asked back: the other may still be returned, no more.
    expect(
      await refusal(
        requestReturn(buyer, orderNumber, {
          reason: "not_needed",
          lines: [{ orderItemId: line(ids.disc), quantity: 2 }],
        }),
      ),
    ).toBe(
      "Invalid: FD-80-001: 2 shipped and 1 already returned or asked to return, so 1 can be returned. Return 1 or fewer.",
    );
  });

  it("goes to the oldest open invoice when its own is paid, and stays as free credit when none is open", async () => {
    const who = await newBuyer();
    // 1 × $12.99 + $0.81 tax = $13.80; 3 × $12.99 + $2.44 tax = $41.41.
    const first = await order(who, [[ids.wheel, 1]]);
    const second = await order(who, [[ids.wheel, 3]]);
    await shipAll("admin", first.orderNumber);
    await markInvoicePaid("admin", first.orderNumber);
    const asked = await requestReturn(first.buyer, first.orderNumber, {
      reason: "wrong_part",
      lines: [{ orderItemId: first.line(ids.wheel), quantity: 1 }],
    });
    await approveReturn("admin", asked.id);
    const stockBefore = await stockOf(ids.wheel);
    await receiveReturn("admin", asked.id, []);
    expect(await stockOf(ids.wheel)).toBe(stockBefore);
    expect(await balanceOf(who.companyId, second.orderNumber)).toBe("27.61");

    // The second paid too: a third credit has no invoice to go to.
    await markInvoicePaid("admin", second.orderNumber);
    await shipAll("admin", second.orderNumber);
    const again = await requestReturn(second.buyer, second.orderNumber, {
      reason: "defective",
      lines: [{ orderItemId: second.line(ids.wheel), quantity: 1 }],
    });
    await approveReturn("admin", again.id);
    const storeAging = async () => toCents((await businessReport()).aging.current);
    const storeCurrent = await storeAging();
    await receiveReturn("admin", again.id, [second.line(ids.wheel)]);
    // The store's own aging report counts the free credit too.
    expect(await storeAging()).toBe(storeCurrent - 1380);
    const centre = await creditCentre(second.buyer);
    expect(centre.used).toBe("0.00");
    expect(centre.aging.current).toBe("-13.80");
    expect(centre.credits.map((credit) => credit.unapplied)).toEqual(["13.80"]);

    // The next invoice takes it once its order has shipped in full (until then it could be cancelled).
    const next = await order(who, [[ids.wheel, 1]]);
    expect(await balanceOf(who.companyId, next.orderNumber)).toBe("13.80");
    await shipAll("admin", next.orderNumber);
    const [paid] = await db()
      .select({ status: orders.status, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.orderNumber, next.orderNumber));
    expect(paid).toMatchObject({ status: "shipped", paidAt: expect.any(Date) });
    expect((await creditCentre(next.buyer)).credits).toEqual([]);
    const [memo] = await db()
      .select({ number: creditMemos.number })
      .from(creditMemos)
      .innerJoin(orders, eq(orders.id, creditMemos.orderId))
      .where(eq(orders.orderNumber, second.orderNumber));
    const text = await pdfText((await invoicePdf(next.buyer, next.orderNumber)) ?? Buffer.from(""));
    expect(text).toContain(`Credit memo ${memo?.number} -$13.80`);
    expect(text).toContain("Amount Due $0.00");
  });
});

describe("a return of a card order", () => {
  it("refunds the card exactly the credit, once, and restocks nothing unless asked", async () => {
    const who = await newBuyer();
    // 2 × $12.99 = $25.98, tax $1.62: $27.60.
    const { orderNumber, buyer, line } = await order(who, [[ids.wheel, 2]], "card");
    await shipAll("admin", orderNumber);
    const asked = await requestReturn(buyer, orderNumber, {
      reason: "not_needed",
      lines: [{ orderItemId: line(ids.wheel), quantity: 1 }],
    });
    expect(await refusal(receiveReturn("admin", asked.id, []))).toBe(
      "Conflict: A return that is Requested cannot be received. Approve it first.",
    );
    await approveReturn("admin", asked.id);
    // A line to restock that is not the return's is refused before the card is refunded.
    expect(await refusal(receiveReturn("admin", asked.id, ["3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f"]))).toBe(
      "Invalid: A line chosen to restock is not in this return. Reload the return and try again.",
    );
    expect(await db().select().from(testProcessorRefunds)).toEqual([]);
    const stockBefore = await stockOf(ids.wheel);
    const received = await receiveReturn("admin", asked.id, []);
    expect(await stockOf(ids.wheel)).toBe(stockBefore);
    // $12.99 + $0.81 = $13.80.
    expect(received.creditMemo).toMatchObject({
      amount: "13.80",
      refundedAmount: "13.80",
      paymentMethod: "credit_card",
    });
    const [{ paymentId } = { paymentId: null }] = await db()
      .select({ paymentId: orders.paymentId })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber));
    const refunds = await db()
      .select()
      .from(testProcessorRefunds)
      .where(eq(testProcessorRefunds.paymentId, paymentId ?? ""));
    expect(refunds.map((refund) => refund.amount)).toEqual(["13.80"]);
    expect(await refusal(receiveReturn("admin", asked.id, []))).toBe(
      "Conflict: A return that is Received cannot be received.",
    );
    expect(
      (
        await db()
          .select()
          .from(testProcessorRefunds)
          .where(eq(testProcessorRefunds.paymentId, paymentId ?? ""))
      ).length,
    ).toBe(1);
  });
});

describe("a return received while the order is cancelled from", () => {
  it("refunds one after the other, each what it records: the card's refunds add up to the memo and the cancellation", async () => {
    const who = await newBuyer();
    const { orderNumber, buyer, line } = await order(
      who,
      [
        [ids.wheel, 2],
        [ids.disc, 3],
      ],
      "card",
    );
    await moveOrder({ actor: "admin", id: "admin" }, orderNumber, {
      on: "shipmentRecorded",
      shipment: { carrier: "other", trackingNumber: null, lines: [{ orderItemId: line(ids.wheel), quantity: 2 }] },
    });
    const asked = await requestReturn(buyer, orderNumber, {
      reason: "not_needed",
      lines: [{ orderItemId: line(ids.wheel), quantity: 1 }],
    });
    await approveReturn("admin", asked.id);

    // The provider takes its time over the return's refund; the buyer cancels a disc meanwhile.
    const slow = holdingRefunds("return-");
    setPaymentProvider(slow.provider);
    try {
      const received = receiveReturn("admin", asked.id, []);
      await slow.held;
      const cancelled = cancelOrderLines(buyer, {
        orderNumber,
        lines: [{ orderItemId: line(ids.disc), quantity: 1 }],
        seen: 2, // the two wheels shipped
      });
      await aMoment();
      expect(slow.log).toEqual(["return refund asked"]);
      slow.release();
      await Promise.all([received, cancelled]);
    } finally {
      setPaymentProvider(undefined);
    }
    expect(slow.log).toEqual(["return refund asked", "return refunded", "cancel refund asked", "cancel refunded"]);

    const [{ id: orderId, paymentId } = { id: "", paymentId: "" }] = await db()
      .select({ id: orders.id, paymentId: orders.paymentId })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber));
    const refunds = await db()
      .select({ key: testProcessorRefunds.idempotencyKey, amount: testProcessorRefunds.amount })
      .from(testProcessorRefunds)
      .where(eq(testProcessorRefunds.paymentId, paymentId ?? ""));
    const [memo] = await db()
      .select({ refunded: creditMemos.refundedAmount })
      .from(creditMemos)
      .where(eq(creditMemos.orderId, orderId));
    const [cancellation] = await db()
      .select({ refunded: orderCancellations.refunded })
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, orderId));
    expect(refunds.find((refund) => refund.key.startsWith("return-"))?.amount).toBe(memo?.refunded);
    expect(refunds.find((refund) => refund.key.startsWith("cancel-"))?.amount).toBe(cancellation?.refunded);
    expect(refunds).toHaveLength(2);
  });
});

describe("a request the store refuses", () => {
  it("answers each with its message and writes nothing", async () => {
    const who = await newBuyer();
    const { orderNumber, buyer, line } = await order(who, [
      [ids.wheel, 2],
      [ids.disc, 1],
    ]);
    const wheelOnly = (quantity: number) => ({
      reason: "damaged" as const,
      lines: [{ orderItemId: line(ids.wheel), quantity }],
    });
    const before = await written();
    expect(await refusal(requestReturn(buyer, orderNumber, wheelOnly(1)))).toBe(
      "Invalid: GW-45-001 has not shipped yet, so it cannot be returned. A line that has not shipped can be cancelled instead.",
    );
    const shippedAt = new Date("2026-01-05T17:00:00Z");
    await shipAll("admin", orderNumber, undefined, shippedAt);
    expect(await refusal(requestReturn(buyer, orderNumber, wheelOnly(1), new Date("2026-02-05T17:00:00Z")))).toBe(
      "Invalid: GW-45-001 shipped on Jan 5, 2026. Returns are accepted for 30 days from shipment, so the return window closed on Feb 4, 2026.",
    );
    const inWindow = new Date("2026-01-20T17:00:00Z");
    expect(await refusal(requestReturn(buyer, orderNumber, wheelOnly(3), inWindow))).toBe(
      "Invalid: GW-45-001: 2 shipped, so 2 can be returned. Return 2 or fewer.",
    );
    const stranger = await newBuyer();
    expect(await refusal(requestReturn(await asBuyer(stranger), orderNumber, wheelOnly(1), inWindow))).toBe(
      `NotFound: There is no order ${orderNumber} in your account.`,
    );
    expect(await written()).toEqual(before);

    const asked = await requestReturn(buyer, orderNumber, wheelOnly(1), inWindow);
    expect(await refusal(refuseReturn("admin", asked.id, "Used parts cannot be returned."))).toBe("done");
    expect(await refusal(approveReturn("admin", asked.id))).toBe(
      "Conflict: A return that is Refused cannot be approved.",
    );
    // A refused return gives its quantity back to be asked again.
    expect(await refusal(requestReturn(buyer, orderNumber, wheelOnly(2), inWindow))).toBe("done");
    expect(await refusal(approveReturn("admin", "not-a-return"))).toBe("NotFound: There is no such return.");
    const refusedMail = await db()
      .select({ text: mailQueue.text })
      .from(mailQueue)
      .where(eq(mailQueue.subject, `Your return request for order ${orderNumber} was not accepted`));
    expect(refusedMail[0]?.text).toContain("Used parts cannot be returned.");
  });
});
