// The store's answer to a request for quote, as the back office's form sends it: one row per
// requested line (priced, unavailable, or another part offered in its place), a last valid day and
// a message. Shared by the browser and the server; the server also checks what the browser cannot
// know (that an alternative part exists, that the form answers the version it should).
import { z } from "zod";
import { type Day, isDay } from "../dates/dates";
import { type Cents, centsFromBigInt, toCents } from "../money/cents";
import { formatNumber } from "../text/numbers";
import { oneLine, plainText } from "../text/plain-text";
import { MAX_QUOTE_QUANTITY, quoteStatusLabels } from "./quote-request";
import { type QuoteStatus, quoteLineOutcomes, quoteStatuses } from "./quotes";

export const MAX_QUOTE_UNIT_PRICE = 1_000_000;
export const MAX_QUOTE_NOTE = 500;
export const MAX_QUOTE_MESSAGE = 2_000;
/**
 * A version's subtotal at most, in dollars: far above any order the store takes, and far below what
 * its money columns hold (numeric(12,2): under $10 billion), so an order made of it fits with its tax.
 */
export const MAX_QUOTE_SUBTOTAL = 10_000_000;
/** How far ahead a version may hold, in days: a quote's prices do not stay open for years. */
export const MAX_QUOTE_VALID_DAYS = 366;
/** The form's rows are `lines[0]` to `lines[99]`: the store's forms carry list indexes of at most two digits. */
export const MAX_QUOTE_FORM_LINES = 100;

/** The back office's queue: what it shows (the requests waiting, by default) and in which order. */
export const quoteQueueFilters = ["requested", "all", ...quoteStatuses.filter((s) => s !== "requested")] as const;
export type QuoteQueueFilter = (typeof quoteQueueFilters)[number];
export const quoteQueueSorts = ["age", "value"] as const;
export type QuoteQueueSort = (typeof quoteQueueSorts)[number];

/** A status's name in the back office: the buyer's name, but a request waits for the store's prices. */
export const quoteStatusNames: Record<QuoteStatus, string> = { ...quoteStatusLabels, requested: "Waiting for prices" };

export const quoteOutcomeNames: Record<(typeof quoteLineOutcomes)[number], string> = {
  priced: "Price",
  unavailable: "Unavailable",
  alternative: "Alternative",
};

/** Optional text, empty as absent; its length is checked with the line's name in the message. */
const text = z
  .string()
  .optional()
  .transform((value) => plainText(value ?? "").trim() || undefined);

const line = z.object({
  requestLineId: z.uuid("This quote's lines changed: reload the page."),
  outcome: z.string().optional(),
  partNumber: text,
  quantity: text,
  unitPrice: text,
  note: text,
});

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,6}$/;

/**
 * The answer's form. `today` is the store's day (the server's clock on the server, the browser's in
 * the browser): the quote must hold at least through it.
 */
export function quoteAnswerSchema(today: Day) {
  return z
    .object({
      version: z.coerce.number("This quote changed: reload the page.").int().min(1).max(10_000),
      lines: z
        .array(line)
        .min(1, "This quote has no lines to answer.")
        .max(MAX_QUOTE_FORM_LINES, `A quote answers at most ${MAX_QUOTE_FORM_LINES} lines.`),
      validUntil: z.string("Enter the last day the quote is valid, as YYYY-MM-DD.").trim(),
      message: z
        .string()
        .optional()
        .transform((value) => plainText(value ?? "").trim() || undefined)
        .refine(
          (value) => value === undefined || value.length <= MAX_QUOTE_MESSAGE,
          `Keep the message to at most ${MAX_QUOTE_MESSAGE} characters.`,
        ),
    })
    .superRefine((answer, ctx) => {
      const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
      if (!isDay(answer.validUntil)) problem(["validUntil"], "Enter the last day the quote is valid, as YYYY-MM-DD.");
      else if (answer.validUntil < today)
        problem(["validUntil"], "The quote must be valid at least through today: choose today or a later day.");
      let offered = 0;
      answer.lines.forEach((row, i) => {
        const at = (field: string) => ["lines", i, field];
        const name = `Line ${i + 1}`;
        if (!quoteLineOutcomes.includes(row.outcome as never)) {
          problem(at("outcome"), `${name}: choose Price, Unavailable or Alternative.`);
          return;
        }
        if (row.note && row.note.length > MAX_QUOTE_NOTE)
          problem(at("note"), `${name}: keep the note to at most ${MAX_QUOTE_NOTE} characters.`);
        if (row.outcome === "unavailable") return;
        offered += 1;
        if (row.outcome === "alternative") {
          if (!row.partNumber) problem(at("partNumber"), `${name}: enter the part number of the alternative.`);
          else if (row.partNumber.length > 64) problem(at("partNumber"), `${name}: that part number is too long.`);
        }
        if (!row.quantity || !QUANTITY.test(row.quantity) || Number(row.quantity) < 1)
          problem(at("quantity"), `${name}: enter a quantity from 1 to ${formatNumber(MAX_QUOTE_QUANTITY)}.`);
        if (!row.unitPrice || !PRICE.test(row.unitPrice))
          problem(at("unitPrice"), `${name}: enter a unit price in dollars, e.g. 12.50`);
        else if (toCents(row.unitPrice) === 0)
          problem(at("unitPrice"), `${name}: the unit price must be more than $0 (or mark the line unavailable).`);
        else if (toCents(row.unitPrice) > MAX_QUOTE_UNIT_PRICE * 100)
          problem(at("unitPrice"), `${name}: the unit price can be at most $1,000,000.`);
      });
      if (answer.lines.length > 0 && offered === 0)
        problem(["lines"], "Price at least one line or offer an alternative: a quote cannot be all unavailable.");
    })
    .transform(({ lines, ...answer }) => ({
      ...answer,
      lines: lines.map((row) => toAnswerLine(row)),
    }));
}

function toAnswerLine(row: z.output<typeof line>): QuoteAnswerLine {
  const base = { requestLineId: row.requestLineId, note: row.note ? oneLine(row.note) : null };
  if (row.outcome === "unavailable") return { ...base, outcome: "unavailable" };
  const priced = { ...base, quantity: Number(row.quantity), unitPrice: row.unitPrice ?? "" };
  return row.outcome === "alternative"
    ? { ...priced, outcome: "alternative", partNumber: (row.partNumber ?? "").toUpperCase() }
    : { ...priced, outcome: "priced" };
}

export type QuoteAnswerLine =
  | { requestLineId: string; outcome: "unavailable"; note: string | null }
  | { requestLineId: string; outcome: "priced"; quantity: number; unitPrice: string; note: string | null }
  | {
      requestLineId: string;
      outcome: "alternative";
      partNumber: string;
      quantity: number;
      unitPrice: string;
      note: string | null;
    };

export type QuoteAnswer = z.output<ReturnType<typeof quoteAnswerSchema>>;

/** Each line's total (null when unavailable) and the subtotal, in cents, exactly. */
export function quoteTotals(lines: readonly { quantity?: number; unitPrice?: string | null }[]): {
  lineTotals: (Cents | null)[];
  subtotal: Cents;
} {
  let subtotal = 0n;
  const lineTotals = lines.map((row) => {
    if (row.unitPrice == null || row.quantity === undefined) return null;
    const total = BigInt(toCents(row.unitPrice)) * BigInt(row.quantity);
    subtotal += total;
    return centsFromBigInt(total);
  });
  return { lineTotals, subtotal: centsFromBigInt(subtotal) };
}

/** Where the quote ships, one line each, for the back office and the quote's PDF. */
export function shipToLines(shipTo: {
  label?: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
}): string[] {
  return [
    shipTo.label ?? "",
    shipTo.line1,
    shipTo.line2 ?? "",
    `${shipTo.city}, ${shipTo.state} ${shipTo.zip}`,
    shipTo.country,
  ].filter(Boolean);
}
