// A quote's versions as the store sent them, each with its lines beside what was asked for: read
// by the back office, the buyer's pages and the quote's PDF.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { quoteRequestLines, quoteVersionLines, quoteVersions } from "../db/schema";

/** The quote's versions, newest first, each with its lines in the request's order. */
export async function versionsOf(executor: Database, quoteId: string, only?: number) {
  const versions = await executor
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), only === undefined ? undefined : eq(quoteVersions.version, only)))
    .orderBy(desc(quoteVersions.version));
  if (versions.length === 0) return [];
  const lines = await executor
    .select({
      versionId: quoteVersionLines.versionId,
      requestLineId: quoteVersionLines.requestLineId,
      position: quoteRequestLines.position,
      requestedPartNumber: quoteRequestLines.partNumber,
      requestedDescription: quoteRequestLines.description,
      requestedQuantity: quoteRequestLines.quantity,
      outcome: quoteVersionLines.outcome,
      productSku: quoteVersionLines.productSku,
      productName: quoteVersionLines.productName,
      quantity: quoteVersionLines.quantity,
      unit: quoteVersionLines.unit,
      packQuantity: quoteVersionLines.packQuantity,
      unitPrice: quoteVersionLines.unitPrice,
      totalPrice: quoteVersionLines.totalPrice,
      note: quoteVersionLines.note,
    })
    .from(quoteVersionLines)
    .innerJoin(quoteRequestLines, eq(quoteRequestLines.id, quoteVersionLines.requestLineId))
    .where(
      inArray(
        quoteVersionLines.versionId,
        versions.map((v) => v.id),
      ),
    )
    .orderBy(asc(quoteRequestLines.position));
  return versions.map((version) => ({ ...version, lines: lines.filter((l) => l.versionId === version.id) }));
}

export type QuoteVersionWithLines = Awaited<ReturnType<typeof versionsOf>>[number];
