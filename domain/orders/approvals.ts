// Spend limits and approvals (docs/decisions/approvals.md): a buyer's limit per order and per
// calendar month, the rule that sends an order for approval, a submission's states and the forms
// of the members and approvals pages; shared by the browser (what to show) and the server (what to allow).
import { z } from "zod";
import { type Day, storeDateFormat, storeDay } from "../dates/dates";
import { startOfStoreDay } from "../dates/store-day-bounds";
import { type Cents, fromCents, toCents } from "../money/cents";
import { formatUsd } from "../money/format";

export const MAX_SPEND_LIMIT = 10_000_000;

/** An optional dollar amount: empty means no limit; otherwise 0 or more, at most 2 decimals. */
const limitField = (what: string) =>
  z
    .string()
    .trim()
    .max(20, "Use at most 20 characters")
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, `Enter the ${what} in dollars, e.g. 500 or 250.50, or leave it empty for none`)
        .refine((value) => Number(value) <= MAX_SPEND_LIMIT, `The ${what} can be at most $10,000,000`)
        .transform((value) => fromCents(toCents(value)))
        .optional(),
    );

export const spendLimitsSchema = z.object({
  userId: z.string().min(1).max(100),
  orderLimit: limitField("per-order limit"),
  monthlyLimit: limitField("monthly limit"),
});
export type SpendLimits = { orderLimit: string | null; monthlyLimit: string | null };

/** A calendar month starts on its first day in the store's time zone. */
export function startOfStoreMonth(now: Date): Date {
  return startOfStoreDay(`${storeDay(now).slice(0, 8)}01` as Day);
}

/**
 * Why an order needs approval, or null when the buyer may place it: above the per-order limit,
 * or taking the buyer's orders this calendar month above the monthly limit. No limit set: never.
 */
export function approvalReason(
  limits: SpendLimits,
  { totalCents, monthToDateCents }: { totalCents: Cents; monthToDateCents: Cents },
): string | null {
  if (limits.orderLimit !== null && totalCents > toCents(limits.orderLimit))
    return `This order needs approval: it is above your ${formatUsd(limits.orderLimit)} per-order limit.`;
  if (limits.monthlyLimit !== null && monthToDateCents + totalCents > toCents(limits.monthlyLimit))
    return `This order needs approval: it would take your orders this month to ${formatUsd(fromCents(monthToDateCents + totalCents))}, above your ${formatUsd(limits.monthlyLimit)} monthly limit.`;
  return null;
}

/**
 * A submission's reason as an approver reads it. It is kept as the buyer read it at checkout
 * ("above your $50.00 per-order limit"); the approver reads whose limit it is: the buyer's name
 * ("above Bea Test's $50.00 per-order limit"), or "the buyer's" when no name is known.
 */
export function reasonForApprover(reason: string, buyerName: string | null): string {
  return reason.replaceAll(/\byour\b/g, buyerName ? `${buyerName}'s` : "the buyer's");
}

export const approvalStatuses = ["pending", "approved", "rejected", "withdrawn", "failed"] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const approvalStatusLabels: Record<ApprovalStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved and placed",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  failed: "Could not be placed",
};

const submissionId = z.uuid("That submission does not exist.");

export const decideSchema = z.object({ submissionId });
export const rejectSchema = z.object({
  submissionId,
  note: z
    .string({ message: "Say why the order is rejected" })
    .trim()
    .min(1, "Say why the order is rejected")
    .max(1000, "Use at most 1000 characters"),
});
export const withdrawSchema = z.object({ submissionId });

const decidedAt = storeDateFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Nov 26, 2026, 11:42 AM EST": when a submission was decided, in the store's time zone. */
export const formatDecidedAt = (at: Date | string) => decidedAt(new Date(at));

/** How long a submission has waited: "just now", "5 minutes", "3 hours", "2 days". */
export function waitingFor(since: Date | string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 1) return "just now";
  if (minutes < 60) return count(minutes, "minute");
  if (minutes < 48 * 60) return count(Math.floor(minutes / 60), "hour");
  return count(Math.floor(minutes / (24 * 60)), "day");
}
