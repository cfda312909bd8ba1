// A buyer's request for quote and the buyer's moves on it: what their forms accept, shared by the
// browser and the server (docs/decisions/quotes.md).
import { z } from "zod";
import { formatShortDate, isDay } from "../dates/dates";
import { quantityField } from "../text/form-fields";
import { formatNumber } from "../text/numbers";
import { visibleText } from "../text/plain-text";
import { quoteSources } from "./quotes";

export const MAX_QUOTE_LINES = 100;
/** A line's quantity at most, as the buyer asks and as the store answers (quote-answer.ts). */
export const MAX_QUOTE_QUANTITY = 999_999;
export const MAX_QUOTE_DESCRIPTION = 200;
export const MAX_QUOTE_PART_NUMBER = 60;
export const MAX_QUOTE_NOTES = 2_000;
export const MAX_QUOTE_COMMENT = 1_000;
export const MAX_PASTED_QUOTE = 20_000;

const multiLine = (max: number) =>
  z
    .string()
    .overwrite(visibleText)
    .trim()
    .max(max, `Use at most ${formatNumber(max)} characters`);

const optionalText = (max: number) =>
  multiLine(max)
    .optional()
    .transform((value) => value || undefined);

export const quoteQuantity = quantityField(1, MAX_QUOTE_QUANTITY);

/**
 * The request form: where its lines come from (the cart, a saved list, pasted or uploaded lines,
 * one product), the day it is needed by (the server checks it is not past, in the store's zone),
 * the ship-to from the company's address book, and notes.
 */
export const quoteRequestSchema = z.object({
  source: z.enum(quoteSources, { message: "Choose where the quote's lines come from." }),
  listId: z.string().max(100).optional(),
  partNumber: z.string().trim().max(MAX_QUOTE_PART_NUMBER).optional(),
  quantity: quoteQuantity.optional(),
  lines: z.string().max(MAX_PASTED_QUOTE, "That list is too long: paste at most 100 lines.").optional(),
  neededBy: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isDay(value), "Enter the date as YYYY-MM-DD, e.g. 2026-12-31."),
  shipTo: z.string({ message: "Choose where the order would ship." }).min(1, "Choose where the order would ship."),
  notes: optionalText(MAX_QUOTE_NOTES),
});
export type QuoteRequestInput = z.output<typeof quoteRequestSchema>;

/** The buyer's moves on a quote, one intent each, as the quote's page posts them. */
export const quoteMoveSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), version: z.coerce.number().int().min(1).max(10_000) }),
  z.object({
    intent: z.literal("revise"),
    comment: multiLine(MAX_QUOTE_COMMENT).min(1, "Say what should change in the next version."),
  }),
  z.object({ intent: z.literal("decline"), comment: optionalText(MAX_QUOTE_COMMENT) }),
  z.object({ intent: z.literal("withdraw"), comment: optionalText(MAX_QUOTE_COMMENT) }),
]);
export type QuoteMoveInput = z.output<typeof quoteMoveSchema>;

/** One pasted line: a part number (may be blank for a free-text line), a quantity, a description. */
export interface PastedQuoteLine {
  partNumber: string;
  quantity: number;
  description: string;
}

/** What a buyer's move is called on its button and in the history. */
export const quoteStatusLabels = {
  requested: "Requested",
  quoted: "Quoted",
  accepted: "Accepted",
  ordered: "Ordered",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
} as const;

/** A calendar day (YYYY-MM-DD: a needed-by or valid-until day) as the store writes dates: noon UTC is that day in the store's zone. */
export const formatDay = (day: string) => formatShortDate(`${day}T12:00:00Z`);
