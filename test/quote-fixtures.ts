// Quotes written straight into the tables: a request as the buyer's request would leave it
// (status requested, its lines, its first move), and the store's answer to one (a version with
// its lines, the quote moved to 'quoted'), for tests of either side on its own.
import { eq } from "drizzle-orm";
import type { QuoteLineOutcome } from "../app/lib/quotes";
import type { Database } from "../server/db/client";
import { db } from "../server/db/client";
import {
  products,
  quoteEvents,
  quoteRequestLines,
  quotes,
  quoteVersionLines,
  quoteVersions,
} from "../server/db/schema";
import { moveQuote, nextQuoteNumber } from "../server/quotes/moves";

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

/**
 * Answers the quote `quoteNumber` with a new version valid until `validUntil`: one answer per
 * request line, in the request's order (a missing answer prices the line at 1.00).
 */
export async function answerQuote(
  quoteNumber: string,
  {
    validUntil,
    lines = [],
    message = "Thank you for your request.",
  }: { validUntil: string; lines?: AnsweredLine[]; message?: string },
) {
  return db().transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
    if (!quote) throw new Error(`no quote ${quoteNumber}`);
    const requested = await tx.select().from(quoteRequestLines).where(eq(quoteRequestLines.quoteId, quote.id));
    requested.sort((a, b) => a.position - b.position);
    const answered = [];
    let subtotalCents = 0;
    for (const [index, line] of requested.entries()) {
      const answer = lines[index] ?? { outcome: "priced", unitPrice: "1.00" };
      let product: { id: string; name: string; partNumber: string } | undefined;
      if (answer.alternative) {
        [product] = await tx
          .select({ id: products.id, name: products.name, partNumber: products.partNumber })
          .from(products)
          .where(eq(products.partNumber, answer.alternative));
      } else if (line.productId) {
        [product] = await tx
          .select({ id: products.id, name: products.name, partNumber: products.partNumber })
          .from(products)
          .where(eq(products.id, line.productId));
      }
      const priced = answer.outcome !== "unavailable";
      const unitCents = priced ? Math.round(Number(answer.unitPrice ?? "1.00") * 100) : 0;
      subtotalCents += unitCents * line.quantity;
      answered.push({
        requestLineId: line.id,
        outcome: answer.outcome,
        productId: priced ? (product?.id ?? null) : null,
        productName: priced ? (product?.name ?? line.description) : null,
        productSku: priced ? (product?.partNumber ?? line.partNumber) : null,
        quantity: line.quantity,
        unitPrice: priced ? (unitCents / 100).toFixed(2) : null,
        totalPrice: priced ? ((unitCents * line.quantity) / 100).toFixed(2) : null,
      });
    }
    const version = quote.currentVersion + 1;
    const [row] = await tx
      .insert(quoteVersions)
      .values({ quoteId: quote.id, version, validUntil, message, subtotalAmount: (subtotalCents / 100).toFixed(2) })
      .returning({ id: quoteVersions.id });
    if (!row) throw new Error("no version row");
    await tx.insert(quoteVersionLines).values(answered.map((line) => ({ ...line, versionId: row.id })));
    await moveQuote(tx, quote.id, "quoted", { actorId: null, comment: `Version ${version}` });
    await tx.update(quotes).set({ currentVersion: version }).where(eq(quotes.id, quote.id));
    return version;
  });
}
