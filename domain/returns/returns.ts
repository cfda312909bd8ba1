// Returns (RMA) and their credit memos (docs/decisions/returns.md): the reasons a buyer chooses, the
// return window, how much of each shipped line may still be returned, every status of a return and
// the moves between them, and the credit a received return is worth, to the cent. Pure: the buyer's
// page and server/returns/ both ask it.
import { z } from "zod";
import { addDays, type Day, formatShortDate, storeDay } from "../dates/dates";
import { type Cents, toCents } from "../money/cents";
import { type GivenBack, givingBack, type OrderAmounts } from "../orders/given-back";

export const returnReasons = ["damaged", "wrong_part", "not_needed", "defective", "other"] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  damaged: "Damaged in transit",
  wrong_part: "Wrong part",
  not_needed: "No longer needed",
  defective: "Defective",
  other: "Other",
};

/** The return window unless the store admin sets another (Admin, Settings). */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
export const MAX_RETURN_WINDOW_DAYS = 365;

export const returnStatuses = ["requested", "approved", "refused", "received"] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  received: "Received",
};

/** What the store does to a return: each is one move of the table below. */
export type ReturnAction = "approve" | "refuse" | "receive";

/**
 * The effects a move has beside its new status, run in the listed order by server/returns/returns.ts.
 * Every move also writes its audit entry.
 */
export type ReturnStep =
  | "assignRmaNumber"
  | "mailApproval"
  | "keepRefusalReason"
  | "mailRefusal"
  | "refundCard"
  | "restock"
  | "issueCreditMemo"
  | "mailCreditMemo";

export interface ReturnMove {
  from: ReturnStatus;
  to: ReturnStatus;
  on: ReturnAction;
  steps: readonly ReturnStep[];
}

/**
 * Every allowed move of a return; only the store's admin makes them (the buyer's request creates a
 * return, requested). Refused and received returns move no further: a buyer who still wants to
 * return a refused line asks again, within the window.
 */
export const returnMoves: readonly ReturnMove[] = [
  { from: "requested", to: "approved", on: "approve", steps: ["assignRmaNumber", "mailApproval"] },
  { from: "requested", to: "refused", on: "refuse", steps: ["keepRefusalReason", "mailRefusal"] },
  {
    from: "approved",
    to: "received",
    on: "receive",
    // The card is refunded before the transaction (no rollback undoes it), as the order lifecycle does.
    steps: ["refundCard", "restock", "issueCreditMemo", "mailCreditMemo"],
  },
];

const actionWords: Record<ReturnAction, string> = { approve: "approved", refuse: "refused", receive: "received" };

/** The move, or why a return in `status` cannot take `action`, naming both. */
export function chooseReturnMove(
  status: ReturnStatus,
  action: ReturnAction,
): { move: ReturnMove; refusal?: undefined } | { move?: undefined; refusal: string } {
  const move = returnMoves.find((each) => each.from === status && each.on === action);
  if (move) return { move };
  const why = status === "requested" && action === "receive" ? " Approve it first." : "";
  return { refusal: `A return that is ${returnStatusLabels[status]} cannot be ${actionWords[action]}.${why}` };
}

/** The actions the admin's return page offers for a return in `status`. */
export const returnActions = (status: ReturnStatus): ReturnAction[] =>
  returnMoves.filter((move) => move.from === status).map((move) => move.on);

/** Returns still asking for their lines: a refused one gives them back to be asked again. */
export const countedStatuses: readonly ReturnStatus[] = ["requested", "approved", "received"];

export const rmaNumber = (n: number | string) => `RMA-${String(n).padStart(6, "0")}`;
export const creditMemoNumber = (n: number | string) => `CM-${String(n).padStart(6, "0")}`;

/** An order line as returns see it. */
export interface ReturnableLine {
  id: string;
  productSku: string | null;
  productName: string;
  shippedQuantity: number;
  /** What returns not refused already ask for or took back. */
  returnedQuantity: number;
  /** The last shipment that carried the line: the window counts from it. Null when it has not shipped. */
  lastShippedAt: Date | null;
}

const partOf = (line: Pick<ReturnableLine, "productSku" | "productName">) => line.productSku ?? line.productName;

/** The last day a return of what shipped at `shippedAt` may be asked for. */
export const returnWindowLastDay = (shippedAt: Date, windowDays: number): Day =>
  addDays(storeDay(shippedAt), windowDays);

export const returnableQuantity = (line: ReturnableLine) => Math.max(0, line.shippedQuantity - line.returnedQuantity);

/** Whether some quantity of the line may still be returned on `today`. */
export const returnOpen = (line: ReturnableLine, windowDays: number, today: Day) =>
  returnableQuantity(line) > 0 &&
  line.lastShippedAt !== null &&
  today <= returnWindowLastDay(line.lastShippedAt, windowDays);

/** "Dec 1, 2026" for a store day, as the other dates buyers read. */
const formatDay = (day: Day) => formatShortDate(new Date(`${day}T12:00:00Z`));

export interface AskedLine {
  orderItemId: string;
  quantity: number;
}

/**
 * Why the buyer's request cannot be taken, naming the line and what would be accepted, or null.
 * Lines asked with 0 are left out; at least one must remain.
 */
export function returnRequestRefusal(
  lines: readonly ReturnableLine[],
  asked: readonly AskedLine[],
  windowDays: number,
  now: Date,
): string | null {
  const wanted = asked.filter((line) => line.quantity > 0);
  if (wanted.length === 0) return "Choose a quantity to return for at least one line.";
  const today = storeDay(now);
  const seen = new Set<string>();
  for (const { orderItemId, quantity } of wanted) {
    if (seen.has(orderItemId)) return "Each line can be listed once in a return.";
    seen.add(orderItemId);
    const line = lines.find((each) => each.id === orderItemId);
    if (!line) return "That line is not on this order. Reload the order and try again.";
    const part = partOf(line);
    if (!Number.isSafeInteger(quantity)) return `${part}: enter a whole number to return.`;
    if (line.shippedQuantity === 0 || !line.lastShippedAt)
      return `${part} has not shipped yet, so it cannot be returned. A line that has not shipped can be cancelled instead.`;
    const lastDay = returnWindowLastDay(line.lastShippedAt, windowDays);
    if (today > lastDay)
      return `${part} shipped on ${formatShortDate(line.lastShippedAt)}. Returns are accepted for ${windowDays} days from shipment, so the return window closed on ${formatDay(lastDay)}.`;
    const left = returnableQuantity(line);
    if (quantity > left) {
      const already =
        line.returnedQuantity > 0 ? ` and ${line.returnedQuantity} already returned or asked to return` : "";
      return left === 0
        ? `${part}: all ${line.shippedQuantity} shipped are already returned or asked to return.`
        : `${part}: ${line.shippedQuantity} shipped${already}, so ${left} can be returned. Return ${left} or fewer.`;
    }
  }
  return null;
}

/** The buyer's request, as the order page's form posts it (and the server parses it again). */
export const returnRequestSchema = z
  .object({
    reason: z.enum(returnReasons, { message: "Choose a reason for the return" }),
    note: z.string().trim().max(1000, "Keep the note to 1000 characters").optional(),
    lines: z
      .array(
        z.object({
          orderItemId: z.uuid("Reload the order and try again"),
          quantity: z.coerce
            .number({ message: "Enter a whole number" })
            .int("Enter a whole number")
            .min(0, "Enter 0 or more"),
        }),
      )
      .min(1, "Choose a quantity to return for at least one line")
      .max(500),
  })
  .refine((input) => input.reason !== "other" || (input.note ?? "").length > 0, {
    message: "Say why you are returning the parts",
    path: ["note"],
  });
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

export const refuseReturnSchema = z.object({
  reason: z
    .string({ message: "Say why the return is refused" })
    .trim()
    .min(1, "Say why the return is refused")
    .max(1000, "Keep the reason to 1000 characters"),
});

/** The order's figures a credit is worked out from. */
export interface CreditBasis {
  order: OrderAmounts;
  /** What the order gave back before, at the prices paid: its cancelled quantities and earlier credit memos' lines. */
  givenBackCents: Cents;
  /** What its cancellations and earlier credit memos took off it. */
  takenOffCents: Cents;
}

export type Credit = GivenBack;

/**
 * What a received return is worth, by the rule for anything an order gives back
 * (domain/orders/given-back.ts): its lines at the prices paid, less their share of the order's
 * discount, plus their share of its tax, counted after what was cancelled or credited before. Never
 * more than the order's total less what its cancellations and credits took off, whatever the rounding.
 */
export function creditFor(basis: CreditBasis, lines: readonly { quantity: number; unitPriceCents: Cents }[]): Credit {
  const value = lines.reduce((sum, line) => sum + BigInt(line.quantity) * BigInt(line.unitPriceCents), 0n);
  const share = givingBack(basis.order, BigInt(basis.givenBackCents), value);
  const taxable = share.linesCents - share.discountCents;
  const left = Math.max(0, toCents(basis.order.totalAmount) - basis.takenOffCents);
  const totalCents = Math.min(share.totalCents, left);
  // Capped, the tax is what the cap leaves beside the lines, and below them the lines are discounted
  // to the cap, so that lines - discount + tax is always the total credited.
  const taxCents = Math.min(share.taxCents, Math.max(0, totalCents - taxable));
  return {
    linesCents: share.linesCents,
    discountCents: share.linesCents - (totalCents - taxCents),
    taxCents,
    totalCents,
  };
}

/**
 * How a terms credit memo is applied (docs/decisions/returns.md): first to what its own invoice still
 * owes; the rest stays on the account as free credit.
 */
export function applyCredit(creditCents: Cents, invoiceBalanceCents: Cents) {
  const applied = Math.max(0, Math.min(creditCents, invoiceBalanceCents));
  return { appliedCents: applied, unappliedCents: creditCents - applied };
}

export const RMA_NUMBER_PATTERN = /^RMA-\d{6,}$/;
export const CREDIT_MEMO_NUMBER_PATTERN = /^CM-\d{6,}$/;

/** The return authorisation's download: the buyer's, or the store admin's. */
export const returnAuthorisationHref = (rma: string, side: "account" | "admin" = "account") =>
  `/${side}/rma/${rma}.pdf`;

/** The credit memo's download: the buyer's, or the store admin's. */
export const creditMemoHref = (number: string, side: "account" | "admin" = "account") =>
  `/${side}/credit-memos/${number}.pdf`;
