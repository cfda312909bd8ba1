// A request for quote written straight into the tables, as the buyer's request would leave it
// (status requested, its lines, its first move), for the back office's tests; and the store's
// answer to one, sent by the back office's own code, for the buyer's side.
import { asc, eq } from "drizzle-orm";
import { storeDay } from "../domain/dates/dates";
import type { QuoteAnswerLine } from "../domain/quotes/quote-answer";
import type { QuoteLineOutcome } from "../domain/quotes/quotes";
import type { Database } from "../server/db/client";
import { db } from "../server/db/client";
import { quoteEvents, quoteRequestLines, quotes, user } from "../server/db/schema";
import { nextQuoteNumber } from "../server/quotes/moves";
import { sendQuote } from "../server/quotes/quoting";

export interface RequestedLine {
  productId?: string | null;
  partNumber?: string | null;
  description: string;
  quantity: number;
}

export async function requestedQuote(
  {
    userId,
    companyId,
    lines,
    createdAt = new Date(),
    neededBy = null,
    notes = null,
  }: {
    userId: string | null;
    companyId: string;
    lines: RequestedLine[];
    createdAt?: Date;
    neededBy?: string | null;
    notes?: string | null;
  },
  executor: Database = db(),
): Promise<{ id: string; quoteNumber: string; lineIds: string[] }> {
  return executor.transaction(async (tx) => {
    const quoteNumber = await nextQuoteNumber(tx);
    const [quote] = await tx
      .insert(quotes)
      .values({
        quoteNumber,
        companyId,
        userId,
        source: "paste",
        neededBy,
        notes,
        shipTo: { line1: "100 Main St", city: "Portland", state: "OR", zip: "97201", country: "US" },
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: quotes.id });
    if (!quote) throw new Error("no quote written");
    const written = await tx
      .insert(quoteRequestLines)
      .values(
        lines.map((line, i) => ({
          quoteId: quote.id,
          position: i + 1,
          productId: line.productId ?? null,
          partNumber: line.partNumber ?? null,
          description: line.description,
          quantity: line.quantity,
        })),
      )
      .returning({ id: quoteRequestLines.id, position: quoteRequestLines.position });
    await tx
      .insert(quoteEvents)
      .values({ quoteId: quote.id, fromStatus: null, toStatus: "requested", actorId: userId, at: createdAt });
    return {
      id: quote.id,
      quoteNumber,
      lineIds: written.sort((a, b) => a.position - b.position).map((line) => line.id),
    };
  });
}

export interface AnsweredLine {
  outcome: QuoteLineOutcome;
  /** The unit price quoted ("9.50"); none for an unavailable line. */
  unitPrice?: string;
  /** The alternative part offered (its part number). */
  alternative?: string;
}

/** The store admin who sends the fixtures' answers (written once per database). */
const quotingAdmin = "fixture-quoting-admin";

/** The fixtures' store admin, written on first use: the one who answers quotes and records shipments. */
export async function fixtureAdmin(): Promise<string> {
  await db()
    .insert(user)
    .values({ id: quotingAdmin, name: "Quinn Quoter", email: "quoting-admin@example.com", emailVerified: true })
    .onConflictDoNothing();
  return quotingAdmin;
}

/**
 * The store's answer to the quote `quoteNumber`, sent by the back office's own `sendQuote`: one
 * answer per request line, in the request's order (a missing answer prices the line at 1.00), at
 * the quantity asked for. A version already past its last valid day is sent as of that day.
 */
export async function answerQuote(
  quoteNumber: string,
  {
    validUntil,
    lines = [],
    message = "Thank you for your request.",
  }: { validUntil: string; lines?: AnsweredLine[]; message?: string },
): Promise<number> {
  await fixtureAdmin();
  const [quote] = await db().select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
  if (!quote) throw new Error(`no quote ${quoteNumber}`);
  const requested = await db()
    .select({ id: quoteRequestLines.id, quantity: quoteRequestLines.quantity })
    .from(quoteRequestLines)
    .where(eq(quoteRequestLines.quoteId, quote.id))
    .orderBy(asc(quoteRequestLines.position));
  const answerLines = requested.map((line, i): QuoteAnswerLine => {
    const answer = lines[i] ?? { outcome: "priced", unitPrice: "1.00" };
    const common = { requestLineId: line.id, note: null };
    if (answer.outcome === "unavailable") return { ...common, outcome: "unavailable" };
    const priced = { ...common, quantity: line.quantity, unitPrice: answer.unitPrice ?? "1.00" };
    return answer.outcome === "alternative"
      ? { ...priced, outcome: "alternative", partNumber: answer.alternative ?? "" }
      : { ...priced, outcome: "priced" };
  });
  const now = validUntil < storeDay(new Date()) ? new Date(`${validUntil}T17:00:00Z`) : new Date();
  const sent = await sendQuote(
    quotingAdmin,
    quote.id,
    { version: quote.currentVersion + 1, validUntil, message, lines: answerLines },
    now,
  );
  return sent.version;
}
