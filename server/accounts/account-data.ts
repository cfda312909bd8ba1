// Everything the store holds about one buyer, as they download it from My Account
// (docs/product-rules.md, Retention). Every read is scoped by their user id, or by their e-mail for
// the mail sent to them; ids of other people (the admin who approved Net 30) are left out.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { addressFrom } from "../../domain/addresses/address";
import { carriers } from "../../domain/orders/carriers";
import { listShipTos } from "../address-book/address-book";
import { reviewsBy } from "../catalog/products/reviews";
import type { Buyer } from "../companies/buyer";
import { db } from "../db/client";
import {
  account,
  backInStockRequests,
  cartItems,
  carts,
  checkoutPayments,
  companies,
  mailQueue,
  orderStatusHistory,
  orders,
  products,
  profiles,
  promoCodes,
  quotes,
  savedListLines,
  savedLists,
  session,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { shipmentsOf } from "../orders/shipments";
import { withItems } from "./account-overview";

async function profileOf(buyer: Buyer) {
  const [[profile], [company]] = await Promise.all([
    db().select().from(profiles).where(eq(profiles.userId, buyer.userId)),
    buyer.company ? db().select().from(companies).where(eq(companies.id, buyer.company.id)) : [],
  ]);
  if (!profile) return null;
  const { role } = buyer;
  return {
    accountNumber: company?.accountNumber ?? null,
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: company?.name ?? null,
    companyRole: role,
    phone: profile.phone,
    shippingAddress: addressFrom("shipping", profile),
    billingAddress: addressFrom("billing", profile),
    billingSameAsShipping: profile.sameAsShipping,
    net30: {
      approved: company?.onTerms ?? false,
      approvedDate: company?.onTermsSince ?? null,
      termsDays: company?.termsDays ?? 30,
      creditLimit: company?.creditLimit ?? "0",
    },
    poRequired: company?.poRequired ?? false,
    createdAt: profile.createdAt,
  };
}

async function ordersOf(userId: string) {
  const rows = await withItems(
    await db().select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.orderDate)),
  );
  // The history's dates and notes, never which admin made a change.
  const history = rows.length
    ? await db()
        .select({
          orderId: orderStatusHistory.orderId,
          status: orderStatusHistory.status,
          at: orderStatusHistory.at,
          note: orderStatusHistory.note,
        })
        .from(orderStatusHistory)
        .where(
          inArray(
            orderStatusHistory.orderId,
            rows.map((order) => order.id),
          ),
        )
        .orderBy(asc(orderStatusHistory.at))
    : [];
  return Promise.all(
    rows.map(async (order) => ({
      orderNumber: order.orderNumber,
      orderDate: order.orderDate,
      status: order.status,
      statusHistory: history
        .filter((entry) => entry.orderId === order.id)
        .map(({ status, at, note }) => ({ status, at, note })),
      shipments: (await shipmentsOf(order.id)).map(({ number, carrier, trackingNumber, shippedAt, lines }) => ({
        number,
        carrier: carriers[carrier].name,
        trackingNumber,
        shippedAt,
        lines,
      })),
      contact: {
        email: order.email,
        firstName: order.firstName,
        lastName: order.lastName,
        companyName: order.companyName,
        phone: order.phone,
      },
      shippingAddress: addressFrom("shipping", order),
      billingAddress: addressFrom("billing", order),
      poNumber: order.poNumber,
      jobReference: order.jobReference,
      items: order.items.map(({ productName, productSku, quantity, unitPrice, totalPrice }) => ({
        productName,
        productSku,
        quantity,
        unitPrice,
        totalPrice,
      })),
      subtotal: order.subtotalAmount,
      discount: order.discountAmount,
      promoCode: order.promoCode,
      taxRatePercent: order.taxRatePpm / 10_000,
      tax: order.taxAmount,
      taxExemptCertificate: order.taxExemptCertificate,
      total: order.totalAmount,
      paymentMethod: order.paymentMethod,
      termsDays: order.termsDays,
      invoiceNumber: order.invoiceNumber,
      paymentDueDate: order.paymentDueDate,
      paidAt: order.paidAt,
    })),
  );
}

async function savedListsOf(userId: string) {
  const lines = await db()
    .select({
      list: savedLists.name,
      createdAt: savedLists.createdAt,
      partNumber: savedListLines.partNumber,
      productName: savedListLines.productName,
      quantity: savedListLines.quantity,
    })
    .from(savedLists)
    .leftJoin(savedListLines, eq(savedListLines.listId, savedLists.id))
    .where(eq(savedLists.userId, userId))
    .orderBy(asc(savedLists.name), asc(savedListLines.partNumber));
  const lists = new Map<
    string,
    { name: string; createdAt: Date; lines: { partNumber: string; productName: string; quantity: number }[] }
  >();
  for (const { list, createdAt, ...line } of lines) {
    const entry = lists.get(list) ?? { name: list, createdAt, lines: [] };
    if (line.partNumber && line.productName && line.quantity !== null)
      entry.lines.push({ partNumber: line.partNumber, productName: line.productName, quantity: line.quantity });
    lists.set(list, entry);
  }
  return [...lists.values()];
}

async function cartOf(userId: string) {
  const [cart] = await db()
    .select({ id: carts.id, promoCode: promoCodes.code, updatedAt: carts.updatedAt })
    .from(carts)
    .leftJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId))
    .where(eq(carts.userId, userId));
  if (!cart) return null;
  const lines = await db()
    .select({
      productName: products.name,
      partNumber: products.partNumber,
      quantity: cartItems.quantity,
      addedAt: cartItems.addedAt,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.addedAt));
  return { lines, promoCode: cart.promoCode, updatedAt: cart.updatedAt };
}

export type AccountData = Awaited<ReturnType<typeof exportAccountData>>;

export async function exportAccountData(buyer: Buyer, now = new Date()) {
  const { userId } = buyer;
  const [person] = await db()
    .select({ name: user.name, email: user.email, emailVerified: user.emailVerified, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  if (!person) throw new StoreError("NotFound", "That account does not exist.");
  const [
    profile,
    addressBook,
    orderList,
    cart,
    lists,
    reviews,
    stockAlerts,
    signIns,
    sessions,
    cardPayments,
    emails,
    quotesAsked,
  ] = await Promise.all([
    profileOf(buyer),
    listShipTos(buyer),
    ordersOf(userId),
    cartOf(userId),
    savedListsOf(userId),
    reviewsBy(userId),
    db()
      .select({
        partNumber: products.partNumber,
        productName: products.name,
        askedAt: backInStockRequests.createdAt,
        emailedAt: backInStockRequests.notifiedAt,
      })
      .from(backInStockRequests)
      .innerJoin(products, eq(products.id, backInStockRequests.productId))
      .where(eq(backInStockRequests.userId, userId))
      .orderBy(asc(backInStockRequests.createdAt)),
    db()
      .select({ method: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId)),
    // Never the session tokens: they are keys to the account.
    db()
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    db()
      .select({
        amount: checkoutPayments.amount,
        status: checkoutPayments.status,
        createdAt: checkoutPayments.createdAt,
        checkout: checkoutPayments.checkout,
      })
      .from(checkoutPayments)
      .where(eq(checkoutPayments.userId, userId))
      .orderBy(asc(checkoutPayments.createdAt)),
    db()
      .select({ subject: mailQueue.subject, createdAt: mailQueue.createdAt, sentAt: mailQueue.sentAt })
      .from(mailQueue)
      .where(eq(mailQueue.to, person.email))
      .orderBy(asc(mailQueue.createdAt)),
    // The requests for quote they made: what they wrote (notes, where to ship), not the store's prices.
    db()
      .select({
        quoteNumber: quotes.quoteNumber,
        status: quotes.status,
        createdAt: quotes.createdAt,
        neededBy: quotes.neededBy,
        shipTo: quotes.shipTo,
        notes: quotes.notes,
      })
      .from(quotes)
      .where(eq(quotes.userId, userId))
      .orderBy(asc(quotes.createdAt)),
  ]);
  return {
    exportedAt: now,
    account: { ...person, signInMethods: signIns },
    profile,
    addressBook: addressBook.map(({ label, address, isDefault }) => ({ label, address, isDefault })),
    orders: orderList,
    cart,
    savedLists: lists,
    reviews,
    backInStockRequests: stockAlerts,
    cardPayments,
    quoteRequests: quotesAsked,
    sessions,
    emails,
  };
}
