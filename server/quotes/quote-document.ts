// A quote's version as a PDF, mailed when the store sends it and downloadable by the admin (and
// by the buyer's pages): built first as plain data (what the document says), then drawn with the
// store's PDF pieces, as invoices are.
import { and, eq } from "drizzle-orm";
import { packNote, quantityWithUnit } from "../../domain/catalog/sale-units";
import { formatLongDate } from "../../domain/dates/dates";
import { toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { shipToLines } from "../../domain/quotes/quote-answer";
import { config } from "../config";
import { type Database, db } from "../db/client";
import { companies, type MailAttachment, quotes, user } from "../db/schema";
import { type PartsDocument, renderPartsDocument } from "../documents/parts-document";
import { versionsOf } from "./versions";

// A day is shown as that day, whatever the server's zone: noon UTC is the same date in every US zone.
const longDay = (day: string) => formatLongDate(`${day}T12:00:00Z`);

type Loaded = NonNullable<Awaited<ReturnType<typeof loadQuoteVersion>>>;

/** What version `version` of the quote says. */
export function quoteDocument({ quote, version }: Loaded): PartsDocument {
  const company = [quote.companyName ?? "", `Account ${quote.accountNumber}`].filter(Boolean);
  return {
    title: "QUOTE",
    filename: `${quote.quoteNumber}-v${version.version}.pdf`,
    facts: [
      ["Quote Number", quote.quoteNumber],
      ["Version", String(version.version)],
      ["Date", formatLongDate(version.createdAt)],
      ["Valid Until", longDay(version.validUntil)],
      ...(quote.neededBy ? [["Needed By", longDay(quote.neededBy)] as [string, string]] : []),
    ],
    blocks: [
      { title: "Quoted For", lines: [...company, ...(quote.requesterName ? [quote.requesterName] : [])] },
      { title: "Ship To", lines: shipToLines(quote.shipTo) },
    ],
    lines: version.lines.map((line) => {
      const asked = line.requestedPartNumber ?? "";
      if (line.outcome === "unavailable")
        return [
          asked,
          `${line.requestedDescription}${note(line.note)}`,
          quantityWithUnit(line.quantity, line.unit),
          "",
          "Unavailable",
        ];
      const description =
        line.outcome === "alternative"
          ? `Alternative: ${line.productName ?? ""} in place of ${[asked, line.requestedDescription].filter(Boolean).join(" ")}`
          : (line.productName ?? line.requestedDescription);
      const pack = line.unitPrice ? packNote(line, toCents(line.unitPrice)) : "";
      return [
        line.productSku ?? "",
        `${description}${pack ? `\n${pack}` : ""}${note(line.note)}`,
        quantityWithUnit(line.quantity, line.unit),
        formatUsd(line.unitPrice ?? 0),
        formatUsd(line.totalPrice ?? 0),
      ];
    }),
    totals: [["Subtotal", formatUsd(version.subtotalAmount)]],
    notes: [
      ...(version.message ? [version.message] : []),
      `This quote is valid until ${longDay(version.validUntil)}. Sales tax, where it applies, is added at checkout.`,
      `Accept it, ask for a revision or decline it in your account: ${config().PUBLIC_URL}/account/quotes/${quote.quoteNumber}`,
    ],
  };
}

const note = (text: string | null) => (text ? `\nNote: ${text}` : "");

async function loadQuoteVersion(executor: Database, quoteId: string, version: number) {
  const [quote] = await executor
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      companyId: quotes.companyId,
      neededBy: quotes.neededBy,
      shipTo: quotes.shipTo,
      companyName: companies.name,
      accountNumber: companies.accountNumber,
      requesterName: user.name,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(user, eq(user.id, quotes.userId))
    .where(and(eq(quotes.id, quoteId)));
  if (!quote) return null;
  const [found] = await versionsOf(executor, quoteId, version);
  return found ? { quote, version: found } : null;
}

/**
 * Version `version` of the quote as a PDF file, or null when there is no such version. Whoever
 * calls it has checked that the reader may see the quote (the admin, or a member of its company).
 */
export async function quotePdf(quoteId: string, version: number, executor: Database = db()) {
  if (!Number.isSafeInteger(version) || version < 1) return null;
  const loaded = await loadQuoteVersion(executor, quoteId, version);
  if (!loaded) return null;
  const document = quoteDocument(loaded);
  return {
    filename: document.filename,
    content: await renderPartsDocument(document),
    companyId: loaded.quote.companyId,
  };
}

/** The version's PDF for the mail that sends it, read inside the transaction that wrote it. */
export async function quoteDocumentAttachment(tx: Database, quoteId: string, version: number): Promise<MailAttachment> {
  const file = await quotePdf(quoteId, version, tx);
  if (!file) throw new Error(`Quote ${quoteId} has no version ${version}.`);
  return { filename: file.filename, contentType: "application/pdf", content: file.content.toString("base64") };
}
