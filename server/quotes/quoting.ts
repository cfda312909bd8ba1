// Quoting in the back office (docs/decisions/quotes-admin.md): the queue of requests waiting for
// the store's prices, one quote as the admin reads it, and sending a version of the store's answer,
// which is written, audit-logged and mailed (with its PDF) in one transaction.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { saleUnitOf } from "../../domain/catalog/sale-units";
import { addDays, formatLongDate, storeDay } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import {
  MAX_QUOTE_SUBTOTAL,
  MAX_QUOTE_VALID_DAYS,
  type QuoteAnswer,
  type QuoteQueueFilter,
  type QuoteQueueSort,
  quoteTotals,
} from "../../domain/quotes/quote-answer";
import { recordAudit } from "../admin/audit";
import { type Database, db } from "../db/client";
import {
  companies,
  companyMembers,
  type MailAttachment,
  products,
  quoteEvents,
  quoteRequestLines,
  quotes,
  quoteVersionLines,
  quoteVersions,
  user,
} from "../db/schema";
import { StoreError } from "../errors";
import { type Mail, queueMail } from "../mail/mailer";
import { composeMail, storeUrl } from "../mail/templates/compose";
import { moveQuote, quoteNotFound } from "./moves";
import { quoteDocumentAttachment } from "./quote-document";
import { versionsOf } from "./versions";

export const QUOTE_QUEUE_PAGE_SIZE = 50;

/** The buyer's page of a quote, where the mail's link leads. */
export const quotePath = (quoteNumber: string) => `/account/quotes/${quoteNumber}`;

// Since when the quote is in its state: its last move (a revision asked for puts it back in the
// queue, and waits from then), or its creation.
const since = sql<Date>`coalesce((select max(${quoteEvents.at}) from ${quoteEvents} where ${quoteEvents.quoteId} = ${quotes.id}), ${quotes.createdAt})`;
// What the lines are worth at today's list prices, for the parts the catalogue knows. Wide enough
// for the most a request can ask (100 lines of 999,999 at $1,000,000): numeric(14,2) overflowed,
// and one such request made the whole queue a 500.
const listValue = sql<string>`coalesce(sum(${products.price} * ${quoteRequestLines.quantity}), 0)::numeric(20,2)::text`;

/**
 * The queue: by default the requests waiting for the store, the longest-waiting first; sorted by
 * value, the largest first. Each with its company, requester, number of lines and list value.
 */
export async function quoteQueue({ show, sort, page }: { show: QuoteQueueFilter; sort: QuoteQueueSort; page: number }) {
  const where = show === "all" ? undefined : eq(quotes.status, show);
  const [items, [total]] = await Promise.all([
    db()
      .select({
        id: quotes.id,
        quoteNumber: quotes.quoteNumber,
        status: quotes.status,
        currentVersion: quotes.currentVersion,
        neededBy: quotes.neededBy,
        createdAt: quotes.createdAt,
        since: since.mapWith((value) => new Date(value)),
        companyName: companies.name,
        accountNumber: companies.accountNumber,
        requesterName: user.name,
        requesterEmail: user.email,
        lines: count(quoteRequestLines.id),
        value: listValue,
      })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .leftJoin(user, eq(user.id, quotes.userId))
      .leftJoin(quoteRequestLines, eq(quoteRequestLines.quoteId, quotes.id))
      .leftJoin(products, eq(products.id, quoteRequestLines.productId))
      .where(where)
      .groupBy(quotes.id, companies.id, user.id)
      .orderBy(...(sort === "value" ? [desc(listValue), asc(since)] : [asc(since)]), asc(quotes.quoteNumber))
      .limit(QUOTE_QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUOTE_QUEUE_PAGE_SIZE),
    db().select({ total: count() }).from(quotes).where(where),
  ]);
  return { items, total: total?.total ?? 0, page, pageSize: QUOTE_QUEUE_PAGE_SIZE, show, sort };
}

/** How many requests wait for the store's prices (the dashboard's figure). */
export async function waitingQuoteCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(quotes).where(eq(quotes.status, "requested"));
  return row?.n ?? 0;
}

/** One quote as the admin reads it: the request, every version the store sent, and every move. */
export async function quoteForAdmin(quoteNumber: string) {
  const [quote] = await db()
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      status: quotes.status,
      source: quotes.source,
      neededBy: quotes.neededBy,
      shipTo: quotes.shipTo,
      notes: quotes.notes,
      currentVersion: quotes.currentVersion,
      createdAt: quotes.createdAt,
      companyName: companies.name,
      accountNumber: companies.accountNumber,
      requesterName: user.name,
      requesterEmail: user.email,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(user, eq(user.id, quotes.userId))
    .where(eq(quotes.quoteNumber, quoteNumber));
  if (!quote) throw new StoreError("NotFound", quoteNotFound);
  const [lines, versions, events] = await Promise.all([
    db()
      .select({
        id: quoteRequestLines.id,
        position: quoteRequestLines.position,
        productId: quoteRequestLines.productId,
        partNumber: quoteRequestLines.partNumber,
        description: quoteRequestLines.description,
        quantity: quoteRequestLines.quantity,
        unit: quoteRequestLines.unit,
        catalogPartNumber: products.partNumber,
        catalogName: products.name,
        listPrice: products.price,
        productStatus: products.status,
      })
      .from(quoteRequestLines)
      .leftJoin(products, eq(products.id, quoteRequestLines.productId))
      .where(eq(quoteRequestLines.quoteId, quote.id))
      .orderBy(asc(quoteRequestLines.position)),
    versionsOf(db(), quote.id),
    db()
      .select({
        id: quoteEvents.id,
        fromStatus: quoteEvents.fromStatus,
        toStatus: quoteEvents.toStatus,
        comment: quoteEvents.comment,
        at: quoteEvents.at,
        actorName: user.name,
        actorEmail: user.email,
      })
      .from(quoteEvents)
      .leftJoin(user, eq(user.id, quoteEvents.actorId))
      .where(eq(quoteEvents.quoteId, quote.id))
      .orderBy(asc(quoteEvents.at), asc(quoteEvents.id)),
  ]);
  return { quote, lines, versions, events };
}

const longDay = (day: string) => formatLongDate(`${day}T12:00:00Z`);

/**
 * Sends the store's answer as the quote's next version: the quote must be waiting for it
 * (requested) and the form must answer the version it was opened for, so two admins at once
 * write one version and the other is told. Prices are checked and totalled here, in cents.
 */
export async function sendQuote(adminId: string, quoteId: string, answer: QuoteAnswer, now = new Date()) {
  const today = storeDay(now);
  if (answer.validUntil < today)
    throw new StoreError("Invalid", "The quote must be valid at least through today: choose today or a later day.");
  if (answer.validUntil > addDays(today, MAX_QUOTE_VALID_DAYS))
    throw new StoreError(
      "Invalid",
      `A quote can be valid for at most ${MAX_QUOTE_VALID_DAYS} days: choose ${formatLongDate(`${addDays(today, MAX_QUOTE_VALID_DAYS)}T12:00:00Z`)} or earlier.`,
    );
  // Checked before anything is written, in bigint: a line of 999,999 at $1,000,000 overflows the
  // money columns, and a hundred of them the cents a number holds exactly.
  const asked = answer.lines.reduce(
    (total, line) =>
      line.outcome === "unavailable" ? total : total + BigInt(toCents(line.unitPrice)) * BigInt(line.quantity),
    0n,
  );
  if (asked > BigInt(MAX_QUOTE_SUBTOTAL) * 100n)
    throw new StoreError(
      "Invalid",
      `A quote's subtotal can be at most ${formatUsd(MAX_QUOTE_SUBTOTAL)}: split the lines into several quotes.`,
    );
  return db().transaction(async (tx) => {
    const before = await moveQuote(tx, quoteId, "quoted", { actorId: adminId, now });
    const version = before.currentVersion + 1;
    if (answer.version !== version)
      throw new StoreError(
        "Conflict",
        `Version ${before.currentVersion} of this quote was sent after you opened it: reload the page to see it.`,
      );
    const requested = await tx
      .select({
        id: quoteRequestLines.id,
        position: quoteRequestLines.position,
        productId: quoteRequestLines.productId,
        partNumber: quoteRequestLines.partNumber,
        description: quoteRequestLines.description,
        quantity: quoteRequestLines.quantity,
        catalogPartNumber: products.partNumber,
        catalogName: products.name,
        unit: quoteRequestLines.unit,
        packQuantity: quoteRequestLines.packQuantity,
      })
      .from(quoteRequestLines)
      .leftJoin(products, eq(products.id, quoteRequestLines.productId))
      .where(eq(quoteRequestLines.quoteId, quoteId))
      .orderBy(asc(quoteRequestLines.position));
    const answered = new Map(answer.lines.map((line) => [line.requestLineId, line]));
    if (
      answered.size !== answer.lines.length ||
      requested.some((line) => !answered.has(line.id)) ||
      answered.size !== requested.length
    )
      throw new StoreError("Conflict", "This quote's lines changed since you opened it: reload the page.");
    const alternatives = await alternativeParts(
      tx,
      answer.lines.flatMap((line) => (line.outcome === "alternative" ? [line.partNumber] : [])),
    );
    const rows = requested.map((request, i) => {
      const line = answered.get(request.id);
      if (!line) throw new StoreError("Conflict", "This quote's lines changed since you opened it: reload the page.");
      const name = `Line ${i + 1}`;
      const common = { requestLineId: request.id, outcome: line.outcome, note: line.note };
      // An unavailable line keeps the quantity asked for, for the document.
      if (line.outcome === "unavailable")
        return {
          ...common,
          productId: null,
          productName: null,
          productSku: null,
          ...saleUnitOf(request),
          quantity: request.quantity,
          unitPrice: null,
        };
      if (line.outcome === "alternative") {
        const part = alternatives.get(line.partNumber);
        if (!part)
          throw new StoreError("Invalid", `${name}: there is no active part ${line.partNumber} to offer instead.`);
        if (part.id === request.productId)
          throw new StoreError("Invalid", `${name}: ${line.partNumber} is the part asked for: choose Price instead.`);
        return {
          ...common,
          productId: part.id,
          productName: part.name,
          productSku: part.partNumber,
          ...saleUnitOf(part),
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        };
      }
      // An order is made of catalogue parts (stock, the invoice's part numbers), so a line the
      // catalogue does not list is answered with an alternative part or as unavailable.
      if (!request.productId)
        throw new StoreError(
          "Invalid",
          `${name}: ${request.partNumber ?? request.description} is not a catalogue part, so it cannot be ordered at a price: offer an alternative part or mark it unavailable.`,
        );
      return {
        ...common,
        productId: request.productId,
        productName: request.catalogName,
        productSku: request.catalogPartNumber,
        // Priced in the unit the buyer asked in, whatever the catalogue says since.
        ...saleUnitOf(request),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      };
    });
    const { lineTotals, subtotal } = quoteTotals(rows);
    const [written] = await tx
      .insert(quoteVersions)
      .values({
        quoteId,
        version,
        validUntil: answer.validUntil,
        message: answer.message ?? null,
        subtotalAmount: fromCents(subtotal),
        createdBy: adminId,
        createdAt: now,
      })
      .returning({ id: quoteVersions.id });
    if (!written) throw new Error("The quote version was not written.");
    await tx.insert(quoteVersionLines).values(
      rows.map((row, i) => {
        const total = lineTotals[i];
        return { ...row, versionId: written.id, totalPrice: total == null ? null : fromCents(total) };
      }),
    );
    await tx.update(quotes).set({ currentVersion: version }).where(eq(quotes.id, quoteId));
    await recordAudit(tx, {
      adminId,
      action: "send_quote",
      entity: "quote",
      entityId: quoteId,
      before: { status: before.status, currentVersion: before.currentVersion },
      after: {
        status: "quoted",
        currentVersion: version,
        subtotal: fromCents(subtotal),
        validUntil: answer.validUntil,
      },
    });
    const recipients = await quoteRecipients(tx, before);
    const attachment = await quoteDocumentAttachment(tx, quoteId, version);
    for (const to of recipients)
      await queueMail(
        await quoteReadyMessage(to, before.quoteNumber, version, {
          subtotal: fromCents(subtotal),
          validUntil: answer.validUntil,
          message: answer.message,
          attachment,
        }),
        tx,
      );
    return { quoteNumber: before.quoteNumber, version, subtotal: fromCents(subtotal), mailedTo: recipients };
  });
}

/** The active parts named, by part number (as the catalogue writes them, upper case). */
async function alternativeParts(tx: Database, partNumbers: string[]) {
  if (partNumbers.length === 0)
    return new Map<string, { id: string; name: string; partNumber: string; unit: string; packQuantity: number }>();
  const found = await tx
    .select({
      id: products.id,
      name: products.name,
      partNumber: products.partNumber,
      unit: products.unit,
      packQuantity: products.packQuantity,
    })
    .from(products)
    .where(and(inArray(sql`upper(${products.partNumber})`, partNumbers), eq(products.status, "active")));
  return new Map(found.map((part) => [part.partNumber.toUpperCase(), part]));
}

/** Who is told: the requester, or the company's admins when the requester's account is gone or has left the company. */
async function quoteRecipients(tx: Database, quote: { userId: string | null; companyId: string }) {
  if (quote.userId) {
    // Only while they are still the company's: a member removed since (now in a company of their
    // own) must not be mailed the company's prices.
    const [requester] = await tx
      .select({ email: user.email })
      .from(user)
      .innerJoin(companyMembers, eq(companyMembers.userId, user.id))
      .where(and(eq(user.id, quote.userId), eq(companyMembers.companyId, quote.companyId)));
    if (requester) return [requester.email];
  }
  const admins = await tx
    .select({ email: user.email })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, quote.companyId), eq(companyMembers.role, "admin")));
  return admins.map((a) => a.email);
}

/** "Your quote is ready": its figures, the store's message, the PDF and the link to answer it. */
export function quoteReadyMessage(
  to: string,
  quoteNumber: string,
  version: number,
  {
    subtotal,
    validUntil,
    message,
    attachment,
  }: { subtotal: string; validUntil: string; message?: string; attachment: MailAttachment },
): Promise<Mail> {
  return composeMail({
    to,
    subject: `Your quote ${quoteNumber} is ready`,
    blocks: [
      { type: "title", text: "Your quote is ready" },
      { type: "paragraph", text: `Your quote ${quoteNumber} is ready (version ${version}).` },
      {
        type: "facts",
        facts: [
          ["Subtotal", formatUsd(subtotal)],
          ["Valid until", longDay(validUntil)],
        ],
      },
      ...(message
        ? [
            { type: "heading", text: "Message from Cascade Industrial Supply:" } as const,
            { type: "quote", text: message } as const,
          ]
        : []),
      {
        type: "paragraph",
        text: "The quote is attached as a PDF. Accept it, ask for a revision or decline it here:",
      },
      { type: "button", label: "Open your quote", href: storeUrl(quotePath(quoteNumber)) },
    ],
    attachments: [attachment],
  });
}

export const QUOTE_NUMBER_PATTERN = /^Q-\d{6,12}$/;

/** The quote's id from its number, or null (a made-up or malformed number alike). */
export async function quoteIdByNumber(quoteNumber: string): Promise<string | null> {
  if (!QUOTE_NUMBER_PATTERN.test(quoteNumber)) return null;
  const [row] = await db().select({ id: quotes.id }).from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
  return row?.id ?? null;
}
