// An accepted quote as a checkout (docs/decisions/quotes.md): its lines and unit prices come only
// from the accepted version (priced and alternative lines; unavailable ones left out), priced by
// the cart's own function for everything else (stock, a part no longer sold, tax for the
// shipping state under the company's certificates), so no cart change and no catalogue price
// change alters it. No promo code and no bulk tier or contract price applies on top.
import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { type Day, storeDay } from "../../domain/dates/dates";
import type { Supply } from "../../domain/orders/backorderable";
import { onlyInStock, splitLine } from "../../domain/orders/backorders";
import { type CartLine, priceCart } from "../../domain/pricing/price-cart";
import { formatDay } from "../../domain/quotes/quote-request";
import { type CartRead, type cartPromo, productLines } from "../cart/cart";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { type Database, db } from "../db/client";
import { orders, quoteRequestLines, quotes, quoteVersionLines, quoteVersions } from "../db/schema";
import { StoreError } from "../errors";
import type { PricingFor } from "../pricing/price";
import { priceListOf } from "../pricing/price-list";
import { moveQuote, quoteNotFound } from "./moves";

type Quote = typeof quotes.$inferSelect;
type StoredPromo = NonNullable<Awaited<ReturnType<typeof cartPromo>>>;

const QUOTE_NUMBER = /^Q-\d{6,12}$/;

export const expiredMessage = (validUntil: string) =>
  `This quote was valid until ${formatDay(validUntil)} and has expired. Ask us for a new quote.`;

/** The buyer's company's quote by number; another company's, or a made-up number, is NotFound. */
export async function companyQuote(buyer: Buyer, quoteNumber: string, executor: Database = db()): Promise<Quote> {
  const [quote] = QUOTE_NUMBER.test(quoteNumber)
    ? await executor
        .select()
        .from(quotes)
        .where(and(eq(quotes.quoteNumber, quoteNumber), inBuyersCompany(quotes.companyId, buyer)))
    : [];
  if (!quote) throw new StoreError("NotFound", quoteNotFound);
  return quote;
}

/** The accepted version's last valid day. */
async function validUntilOf(quote: Quote, executor: Database) {
  const [version] = await executor
    .select({ validUntil: quoteVersions.validUntil })
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quote.id), eq(quoteVersions.version, quote.currentVersion)));
  return version?.validUntil ?? null;
}

/** Refuses a quote that cannot become an order now: not accepted, or past its validity. */
export async function checkOrderable(quote: Quote, now: Date, executor: Database = db()) {
  if (quote.status === "ordered") throw new StoreError("Conflict", "This quote has already been ordered.");
  const validUntil = await validUntilOf(quote, executor);
  if (quote.status === "expired" || (validUntil && validUntil < storeDay(now)))
    throw new StoreError("Conflict", expiredMessage(validUntil ?? storeDay(now)));
  if (quote.status !== "accepted")
    throw new StoreError("Conflict", "Accept this quote first: only an accepted quote can be checked out.");
}

/**
 * The accepted version's orderable lines priced as a cart: each at its quoted unit price, for the
 * shipping state and the buyer's company's certificates. With `lock`, the products are locked, as
 * an order's are.
 */
export async function priceQuote(
  quote: Pick<Quote, "id" | "currentVersion">,
  { taxState, buyer, now = new Date(), ...read }: CartRead & PricingFor,
) {
  const executor = read.executor ?? db();
  const quoted = await executor
    .select({
      productId: quoteVersionLines.productId,
      productName: quoteVersionLines.productName,
      quantity: quoteVersionLines.quantity,
      unitPrice: quoteVersionLines.unitPrice,
    })
    .from(quoteVersionLines)
    .innerJoin(quoteVersions, eq(quoteVersions.id, quoteVersionLines.versionId))
    .innerJoin(quoteRequestLines, eq(quoteRequestLines.id, quoteVersionLines.requestLineId))
    .where(
      and(
        eq(quoteVersions.quoteId, quote.id),
        eq(quoteVersions.version, quote.currentVersion),
        ne(quoteVersionLines.outcome, "unavailable"),
        isNotNull(quoteVersionLines.productId),
      ),
    )
    .orderBy(asc(quoteRequestLines.position));
  if (quoted.length === 0)
    throw new StoreError(
      "Conflict",
      "Nothing in this quote can be ordered: every line is unavailable. Ask us for a revision.",
    );
  const items = quoted.map((line) => ({ productId: line.productId ?? "", quantity: line.quantity }));
  const rows = await productLines(items, read);
  const byId = new Map(rows.map((row) => [row.productId, row]));
  const missing = quoted.filter((line) => !byId.has(line.productId ?? ""));
  if (missing.length)
    throw new StoreError(
      "Conflict",
      `${missing.map((line) => line.productName).join(", ")} can no longer be ordered. Ask us for a revised quote.`,
    );
  // The quoted price is the price: no tier, contract price or promo applies on top of it.
  type Line = (typeof rows)[number];
  const lines = quoted.map(
    (line): Line => ({
      ...(byId.get(line.productId ?? "") as Line),
      quantity: line.quantity,
      price: line.unitPrice ?? "0",
      tiers: [],
    }),
  );
  // The buyer's certificates apply to a quote; its contract prices do not (the quote's price is the price).
  const { certificates } = await priceListOf(buyer, now, read.executor);
  return priceCart<Line, StoredPromo>({
    lines,
    promo: null,
    taxState,
    certificates,
    now,
    lineProblem: quoteLineProblem,
  });
}

/**
 * Why a quoted line cannot be ordered now: its quantity is the quote's, so the buyer cannot lower it
 * in a cart; the store has to answer again. A back-orderable part past its stock is ordered with
 * the rest back-ordered, as a cart's is.
 */
export function quoteLineProblem(
  line: Pick<CartLine, "name" | "status" | "quantity" | keyof Supply>,
  today: Day,
): string | undefined {
  const { name, status, stockLevel, quantity } = line;
  if (status !== "active")
    return `${name} can no longer be ordered, so we cannot fill this quote now. Ask us for a revision.`;
  if (splitLine(quantity, line, today)) return undefined;
  if (stockLevel <= 0) return `${name} is out of stock, so we cannot fill this quote now. Ask us for a revision.`;
  return `${onlyInStock(line)}, so we cannot fill this quote now. Ask us for a revision.`;
}

/** The order an ordered quote became (its number), for a repeated placement. */
export async function orderNumberOf(quote: Quote, executor: Database): Promise<string | undefined> {
  if (!quote.orderId) return undefined;
  const [order] = await executor
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, quote.orderId));
  return order?.orderNumber;
}

/** Ties the order to its quote and moves the quote from accepted to ordered, in the order's transaction. */
export async function markQuoteOrdered(
  tx: Database,
  {
    quoteId,
    orderId,
    orderNumber,
    userId,
    now,
  }: { quoteId: string; orderId: string; orderNumber: string; userId: string; now: Date },
) {
  await moveQuote(tx, quoteId, "ordered", { actorId: userId, comment: `Order ${orderNumber}`, now });
  await tx.update(quotes).set({ orderId, updatedAt: now }).where(eq(quotes.id, quoteId));
}
