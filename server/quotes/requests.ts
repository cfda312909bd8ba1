// The buyer's side of requests for quote (docs/decisions/quotes.md): asking for one from the cart,
// a saved list, pasted or uploaded `PART, QTY[, DESCRIPTION]` lines or a product page; reading the
// company's quotes; and the buyer's moves on a quote the store answered (accept, ask for a
// revision, decline, withdraw). Every quote is the company's: another company's answers as one
// that does not exist. Asking and moving need a role that places orders; every member reads.
import { parse } from "csv-parse/sync";
import { and, asc, count, desc, eq, inArray, lt } from "drizzle-orm";
import { addressFrom } from "../../domain/addresses/address";
import { saleUnitOf } from "../../domain/catalog/sale-units";
import { addDays, formatShortDate, storeDay } from "../../domain/dates/dates";
import {
  MAX_QUOTE_DESCRIPTION,
  MAX_QUOTE_LINES,
  MAX_QUOTE_PART_NUMBER,
  MAX_QUOTE_QUANTITY,
  type PastedQuoteLine,
  type QuoteMoveInput,
  type QuoteRequestInput,
} from "../../domain/quotes/quote-request";
import { oneLine, visibleText } from "../../domain/text/plain-text";
import { getProfile } from "../accounts/account-overview";
import { countUse, type Limit } from "../accounts/rate-limit";
import { findShipTo, listShipTos } from "../address-book/address-book";
import { cartLines } from "../cart/cart";
import { orderRuleProblems, orderRulesOf } from "../cart/order-rules";
import { findPartNumbers } from "../cart/quick-order";
import { findList } from "../cart/saved-lists";
import { type Buyer, inBuyersCompany, membershipOf, requirePermission } from "../companies/buyer";
import type { CatalogueScope } from "../context";
import { user } from "../db/auth-schema";
import { type Database, db } from "../db/client";
import type { QuoteShipTo } from "../db/schema";
import { quoteEvents, quoteRequestLines, quotes, quoteVersionLines, quoteVersions } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { runEvery } from "../periodic";
import { isUtf16, UTF16_MESSAGE } from "../text-uploads";
import { moveQuote, nextQuoteNumber, quoteNotFound } from "./moves";
import { companyQuote, expiredMessage } from "./quote-checkout";
import { quotePdf } from "./quote-document";
import { quoteIdByNumber } from "./quoting";

/** The ship-to value that means "the address on my profile" (a company whose address book is empty). */
export const PROFILE_SHIP_TO = "profile";

interface RequestLine {
  productId: string | null;
  partNumber: string | null;
  description: string;
  quantity: number;
}

const invalid = (message: string) => new StoreError("Invalid", message);

/**
 * Pasted or uploaded lines, read as CSV (commas, tabs or semicolons, quotes allowed): part number,
 * quantity, and a description, which a part the catalogue does not list must have. A first row
 * naming the columns (`part, qty`) is skipped. Every problem is named with its line number.
 */
export function parseQuoteLines(text: string): PastedQuoteLine[] {
  if (isUtf16(text)) throw invalid(UTF16_MESSAGE);
  if (text.includes("\u0000")) throw invalid("This is not a text list: it holds binary data.");
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [",", "\t", ";"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw invalid(`The list could not be read: ${(error as Error).message}`);
  }
  // A part number with a zero-width character in it looked like the catalogue's and matched nothing.
  const rows = records
    .map((cells) => cells.map((cell) => oneLine(visibleText(cell)).trim()))
    .filter((cells) => cells.some((cell) => cell !== ""));
  if (rows[0] && /^(part|sku|item)/i.test(rows[0][0] ?? "") && !/^\d/.test(rows[0][1] ?? "")) rows.shift();
  if (rows.length === 0)
    throw invalid("Paste at least one line: PART, QTY (and a description for a part we do not list).");
  if (rows.length > MAX_QUOTE_LINES)
    throw invalid(`The list has ${rows.length} lines; a request can have at most ${MAX_QUOTE_LINES}.`);
  const problems: string[] = [];
  const lines = rows.map(([partNumber = "", quantity = "", ...rest], index) => {
    const description = rest.join(", ").trim();
    const n = Number(quantity);
    if (!/^\d+$/.test(quantity) || n < 1 || n > MAX_QUOTE_QUANTITY)
      problems.push(
        `Line ${index + 1}: the quantity "${quantity.slice(0, 20)}" must be a whole number from 1 to ${MAX_QUOTE_QUANTITY.toLocaleString("en-US")}.`,
      );
    if (partNumber.length > MAX_QUOTE_PART_NUMBER)
      problems.push(`Line ${index + 1}: a part number has at most ${MAX_QUOTE_PART_NUMBER} characters.`);
    if (description.length > MAX_QUOTE_DESCRIPTION)
      problems.push(`Line ${index + 1}: a description has at most ${MAX_QUOTE_DESCRIPTION} characters.`);
    if (!partNumber && !description) problems.push(`Line ${index + 1}: give a part number or a description.`);
    return { partNumber, quantity: n, description };
  });
  if (problems.length) throw invalid(problems.slice(0, 5).join(" "));
  return lines;
}

/** Pasted lines matched to the catalogue; a part it does not list stays a free-text line, which needs a description. */
async function pastedLines(text: string, catalogue: CatalogueScope | null): Promise<RequestLine[]> {
  const pasted = parseQuoteLines(text);
  const find = await findPartNumbers(pasted.map((line) => line.partNumber).filter(Boolean), catalogue);
  const problems: string[] = [];
  const lines = pasted.map((line, index): RequestLine => {
    const product = line.partNumber ? find(line.partNumber) : undefined;
    if (!product && !line.description)
      problems.push(
        `Line ${index + 1}: we do not list part ${line.partNumber}. Add a description after the quantity (PART, QTY, DESCRIPTION) to ask for it anyway.`,
      );
    return {
      productId: product?.id ?? null,
      partNumber: product?.partNumber ?? (line.partNumber || null),
      description: line.description || product?.name || line.partNumber,
      quantity: line.quantity,
    };
  });
  if (problems.length) throw invalid(problems.slice(0, 5).join(" "));
  return lines;
}

/** The lines a request asks for, from the source the buyer chose. */
export async function requestedLines(
  buyer: Buyer,
  input: Pick<QuoteRequestInput, "source" | "listId" | "partNumber" | "quantity" | "lines">,
  cartId: string | undefined,
): Promise<RequestLine[]> {
  const { userId } = buyer;
  switch (input.source) {
    case "cart": {
      const lines = cartId ? await cartLines(cartId) : [];
      if (lines.length === 0) throw invalid("Your cart is empty: add parts to it, or paste a list instead.");
      return lines.map((line) => ({
        productId: line.productId,
        partNumber: line.partNumber,
        description: line.name,
        quantity: line.quantity,
      }));
    }
    case "list": {
      const list = await findList(buyer, input.listId ?? "");
      if (list.lines.length === 0) throw invalid("That list is empty: add parts to it, or paste a list instead.");
      return list.lines.map((line) => ({
        productId: line.productId,
        partNumber: line.partNumber,
        description: line.name,
        quantity: line.quantity,
      }));
    }
    case "product": {
      const product = input.partNumber
        ? (await findPartNumbers([input.partNumber], buyer.catalogue))(input.partNumber)
        : undefined;
      if (!product)
        throw new StoreError("NotFound", "That part is not in our catalogue. Paste it with a description instead.");
      return [
        {
          productId: product.id,
          partNumber: product.partNumber,
          description: product.name,
          quantity: input.quantity ?? 1,
        },
      ];
    }
    case "paste":
      return pastedLines(input.lines ?? "", buyer.catalogue);
  }
}

/** Where the quoted order would ship: one of the company's ship-tos, or the profile's address when the book is empty. */
async function requestedShipTo(buyer: Buyer, shipTo: string): Promise<QuoteShipTo> {
  const { userId } = buyer;
  if (shipTo === PROFILE_SHIP_TO) {
    const profile = await getProfile(buyer);
    const address = profile && addressFrom("shipping", profile);
    if (!address) throw invalid("Add a shipping address to your profile or address book first.");
    return { label: "Profile address", ...address };
  }
  const { label, address } = await findShipTo(buyer, shipTo);
  return { label, ...address };
}

/**
 * Requests a buyer may make in an hour, and a company: each one waits in the back office's queue
 * for a person to price it, so a script must not be able to fill it. Far above a busy buyer's day.
 */
export const quoteRequestLimits = {
  account: { max: 20, windowMs: 60 * 60_000 },
  company: { max: 50, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;
const tooManyRequests = "You have sent many requests for quote in the last hour.";

/** Creates the request for quote and its first move (none → requested); returns its number. */
export async function requestQuote(
  buyer: Buyer,
  input: QuoteRequestInput,
  { cartId, now = new Date() }: { cartId?: string; now?: Date } = {},
): Promise<string> {
  const { userId } = buyer;
  const { companyId } = requirePermission(buyer, "placeOrders");
  if (input.neededBy && input.neededBy < storeDay(now))
    throw invalid(`The needed-by date cannot be in the past: choose ${formatShortDate(now)} or later.`);
  if (input.neededBy && input.neededBy > latestNeededBy(now))
    throw invalid("The needed-by date can be at most two years ahead.");
  const lines = await requestedLines(buyer, input, cartId);
  if (lines.length > MAX_QUOTE_LINES)
    throw invalid(`That is ${lines.length} lines; a request can have at most ${MAX_QUOTE_LINES}.`);
  // The unit asked for is the part's unit of sale, so the request keeps to its minimum and multiple.
  const rules = await orderRulesOf(lines.flatMap((line) => (line.productId ? [line.productId] : [])));
  const refused = orderRuleProblems(lines, rules, MAX_QUOTE_QUANTITY);
  if (refused.length) throw invalid(refused.slice(0, 5).join(" "));
  const shipTo = await requestedShipTo(buyer, input.shipTo);
  // Counted once the request is valid, so correcting a pasted list costs nothing.
  await countUse(`quote:account:${userId}`, quoteRequestLimits.account, now.getTime(), tooManyRequests);
  await countUse(`quote:company:${companyId}`, quoteRequestLimits.company, now.getTime(), tooManyRequests);
  return db().transaction(async (tx) => {
    const quoteNumber = await nextQuoteNumber(tx);
    const [quote] = await tx
      .insert(quotes)
      .values({
        quoteNumber,
        companyId,
        userId,
        source: input.source,
        neededBy: input.neededBy ?? null,
        shipTo,
        notes: input.notes ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: quotes.id });
    if (!quote) throw new Error("The quote row was not written.");
    await tx.insert(quoteRequestLines).values(
      lines.map((line, position) => ({
        quoteId: quote.id,
        position,
        productId: line.productId,
        partNumber: line.partNumber?.slice(0, MAX_QUOTE_PART_NUMBER) ?? null,
        description: line.description.slice(0, MAX_QUOTE_DESCRIPTION),
        ...saleUnitOf(line.productId ? rules.get(line.productId) : undefined),
        quantity: line.quantity,
      })),
    );
    await tx
      .insert(quoteEvents)
      .values({ quoteId: quote.id, fromStatus: null, toStatus: "requested", actorId: userId, at: now });
    return quoteNumber;
  });
}

/** The company's quotes, newest first: number, day, state, line count, the current version's value, needed-by. */
export async function quotesOf(buyer: Buyer) {
  const lineCount = db()
    .select({ quoteId: quoteRequestLines.quoteId, lines: count().as("lines") })
    .from(quoteRequestLines)
    .groupBy(quoteRequestLines.quoteId)
    .as("line_counts");
  return db()
    .select({
      quoteNumber: quotes.quoteNumber,
      createdAt: quotes.createdAt,
      status: quotes.status,
      neededBy: quotes.neededBy,
      lines: lineCount.lines,
      value: quoteVersions.subtotalAmount,
      validUntil: quoteVersions.validUntil,
    })
    .from(quotes)
    .innerJoin(lineCount, eq(lineCount.quoteId, quotes.id))
    .leftJoin(
      quoteVersions,
      and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)),
    )
    .where(inBuyersCompany(quotes.companyId, buyer))
    .orderBy(desc(quotes.createdAt), desc(quotes.quoteNumber))
    .limit(200);
}

/**
 * Version `version` of the quote as the PDF the buyer was mailed, for a member of the quote's
 * company only: null for anyone else's quote, as for a quote or version that does not exist.
 */
export async function buyerQuotePdf(buyer: Buyer, quoteNumber: string, version: number) {
  const quoteId = await quoteIdByNumber(quoteNumber);
  const file = quoteId ? await quotePdf(quoteId, version) : null;
  if (!file) return null;
  const membership = await membershipOf(buyer);
  return membership?.companyId === file.companyId ? file : null;
}

/** The quote with its request lines, every version with its lines (newest first) and its history of moves. */
export async function findQuote(buyer: Buyer, quoteNumber: string) {
  const { userId } = buyer;
  const quote = await companyQuote(buyer, quoteNumber);
  const [requestLines, versions, events] = await Promise.all([
    db()
      .select()
      .from(quoteRequestLines)
      .where(eq(quoteRequestLines.quoteId, quote.id))
      .orderBy(asc(quoteRequestLines.position)),
    db().select().from(quoteVersions).where(eq(quoteVersions.quoteId, quote.id)).orderBy(desc(quoteVersions.version)),
    db()
      .select({
        fromStatus: quoteEvents.fromStatus,
        toStatus: quoteEvents.toStatus,
        comment: quoteEvents.comment,
        at: quoteEvents.at,
        actor: user.name,
      })
      .from(quoteEvents)
      .leftJoin(user, eq(user.id, quoteEvents.actorId))
      .where(eq(quoteEvents.quoteId, quote.id))
      .orderBy(asc(quoteEvents.at), asc(quoteEvents.id)),
  ]);
  const versionLines = versions.length
    ? await db()
        .select()
        .from(quoteVersionLines)
        .where(
          inArray(
            quoteVersionLines.versionId,
            versions.map((version) => version.id),
          ),
        )
    : [];
  const position = new Map(requestLines.map((line) => [line.id, line.position]));
  return {
    quote,
    requestLines,
    versions: versions.map((version) => ({
      ...version,
      lines: versionLines
        .filter((line) => line.versionId === version.id)
        .sort((a, b) => (position.get(a.requestLineId) ?? 0) - (position.get(b.requestLineId) ?? 0)),
    })),
    events,
  };
}

/** The current version's last valid day (null before the store answered). */
async function currentValidUntil(tx: Database, quoteId: string, version: number) {
  const [row] = await tx
    .select({ validUntil: quoteVersions.validUntil })
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.version, version)));
  return row?.validUntil ?? null;
}

/**
 * A buyer's move on the company's quote, checked against its state at that moment (moveQuote locks
 * the row). Accepting takes only the current version and only while it is valid; an expired one
 * is moved to 'expired' and refused with why.
 */
export async function moveOwnQuote(buyer: Buyer, quoteNumber: string, move: QuoteMoveInput, now = new Date()) {
  const { userId } = buyer;
  requirePermission(buyer, "placeOrders");
  const { id } = await companyQuote(buyer, quoteNumber);
  const expiredOn = await db().transaction(async (tx) => {
    if (move.intent === "accept") {
      const [locked] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
      if (!locked) throw new StoreError("NotFound", quoteNotFound);
      if (locked.status === "quoted" && move.version !== locked.currentVersion)
        throw new StoreError(
          "Conflict",
          `Version ${move.version} is no longer current: read version ${locked.currentVersion} and accept that one.`,
        );
      const validUntil = await currentValidUntil(tx, id, locked.currentVersion);
      if (locked.status === "quoted" && validUntil && validUntil < storeDay(now)) {
        await moveQuote(tx, id, "expired", { actorId: null, comment: `Valid until ${validUntil}`, now });
        return validUntil;
      }
      await moveQuote(tx, id, "accepted", { actorId: userId, comment: `Version ${move.version}`, now });
      return null;
    }
    const to = move.intent === "revise" ? "requested" : move.intent === "decline" ? "declined" : "withdrawn";
    await moveQuote(tx, id, to, { actorId: userId, comment: move.comment ?? null, now });
    return null;
  });
  if (expiredOn) throw new StoreError("Conflict", expiredMessage(expiredOn));
}

/**
 * Quoted and accepted quotes whose current version's last valid day has passed (in the store's
 * zone) move to 'expired'; one moved meanwhile (accepted, ordered) is left as it is.
 */
export async function expireQuotes(now = new Date()): Promise<number> {
  const today = storeDay(now);
  const due = await db()
    .select({ id: quotes.id, validUntil: quoteVersions.validUntil })
    .from(quotes)
    .innerJoin(
      quoteVersions,
      and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)),
    )
    .where(and(inArray(quotes.status, ["quoted", "accepted"]), lt(quoteVersions.validUntil, today)))
    .limit(500);
  let expired = 0;
  for (const quote of due) {
    try {
      await db().transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: quotes.status, currentVersion: quotes.currentVersion })
          .from(quotes)
          .where(eq(quotes.id, quote.id))
          .for("update");
        if (locked?.status !== "quoted" && locked?.status !== "accepted") return;
        // Read again under the lock: since the list was read, the buyer may have asked for a
        // revision and the store sent a new version, valid for longer.
        const validUntil = await currentValidUntil(tx, quote.id, locked.currentVersion);
        if (!validUntil || validUntil >= today) return;
        await moveQuote(tx, quote.id, "expired", { actorId: null, comment: `Valid until ${validUntil}`, now });
        expired += 1;
      });
    } catch (error) {
      logger.error({ err: error, quoteId: quote.id }, "could not expire a quote");
    }
  }
  return expired;
}

/** Expires quotes past their validity every hour (and once at start) until stopped. */
export function startQuoteExpiry(intervalMs = 60 * 60_000): () => void {
  return runEvery(intervalMs, "quote expiry", async () => {
    const expired = await expireQuotes();
    if (expired > 0) logger.info({ expired }, "quotes past their validity expired");
  });
}

/** The company's ship-tos to choose from, or the profile's address when the book is empty. */
export async function shipToChoices(buyer: Buyer) {
  const { userId } = buyer;
  const book = await listShipTos(buyer);
  if (book.length)
    return book.map((shipTo) => ({
      id: shipTo.id,
      label: shipTo.label,
      address: shipTo.address,
      isDefault: shipTo.isDefault,
    }));
  const profile = await getProfile(buyer);
  const address = profile && addressFrom("shipping", profile);
  return address ? [{ id: PROFILE_SHIP_TO, label: "Profile address", address, isDefault: true }] : [];
}

/** The first day a needed-by date can be: today in the store's zone. */
export const earliestNeededBy = (now = new Date()) => storeDay(now);
export const latestNeededBy = (now = new Date()) => addDays(storeDay(now), 730);
