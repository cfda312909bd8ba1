// A request for quote written straight into the tables, as the buyer's request would leave it
// (status requested, its lines, its first move), for tests of the store's side of quoting.
import type { Database } from "../server/db/client";
import { db } from "../server/db/client";
import { quoteEvents, quoteRequestLines, quotes } from "../server/db/schema";
import { nextQuoteNumber } from "../server/quotes/moves";

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
