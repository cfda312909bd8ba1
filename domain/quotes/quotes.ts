// Requests for quote (docs/decisions/quotes.md): a quote's states and the moves between them,
// shared by the browser (which buttons to show) and the server (which moves to allow).

export const quoteStatuses = [
  "requested",
  "quoted",
  "accepted",
  "ordered",
  "declined",
  "expired",
  "withdrawn",
] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

// How the store answered one requested line in a version of the quote.
export const quoteLineOutcomes = ["priced", "unavailable", "alternative"] as const;
export type QuoteLineOutcome = (typeof quoteLineOutcomes)[number];

// Where a request came from, for the operator's queue.
export const quoteSources = ["cart", "list", "paste", "product"] as const;
export type QuoteSource = (typeof quoteSources)[number];

/**
 * Every allowed move: a quoted request goes back to 'requested' when the buyer asks for a
 * revision (the next version answers it); 'expired' is set by the store when the validity date passes.
 */
export const quoteMoves: Record<QuoteStatus, readonly QuoteStatus[]> = {
  requested: ["quoted", "withdrawn"],
  quoted: ["accepted", "requested", "declined", "expired", "withdrawn"],
  accepted: ["ordered", "expired"],
  ordered: [],
  declined: [],
  expired: [],
  withdrawn: [],
};

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus): boolean {
  return quoteMoves[from].includes(to);
}
