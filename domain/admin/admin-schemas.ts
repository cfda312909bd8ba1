// The admin forms' rules, shared by the browser and the server.

import { z } from "zod";
import { productStatuses } from "../catalog/product-input";
import { MAX_INVITATION_DAYS } from "../companies/companies";
import { MAX_REMINDER_DAYS } from "../companies/tax-exemption";
import { isDay } from "../dates/dates";
import { endOfStoreDay } from "../dates/store-day-bounds";
import { orderStatuses } from "../orders/order-status";
import { CUTOFF_PATTERN } from "../orders/ship-today";
import { MAX_RETURN_WINDOW_DAYS } from "../returns/returns";
import { reviewVisibilities } from "../reviews/reviews";
import { MAX_INVOICE_REMINDER_DAYS, MAX_OVERDUE_GRACE_DAYS, type TermsDays, termsLengths } from "../terms/terms";
import { plainText } from "../text/plain-text";

export const MAX_CREDIT_LIMIT = 10_000_000;

/** A dollar amount with at most 2 decimals, above 0 and at most $10,000,000. */
export const creditLimitField = z
  .string({ message: "Enter a credit limit" })
  .trim()
  .min(1, "Enter a credit limit")
  .max(20, "Use at most 20 characters")
  // A minus sign is read, so that -5 is told it is not more than $0 rather than not dollars.
  .regex(/^-?\d+(\.\d{1,2})?$/, {
    message: "Enter the credit limit in dollars, e.g. 25000 or 2500.50",
    abort: true,
  })
  .refine((value) => Number(value) > 0, "The credit limit must be more than $0")
  .refine((value) => Number(value) <= MAX_CREDIT_LIMIT, "The credit limit can be at most $10,000,000");

export const approveTermsSchema = z.object({
  companyId: z.uuid("That customer does not exist"),
  creditLimit: creditLimitField,
  // Net 30 unless the admin picks 60 or 90 (the form sends it; older clients and scripts may not).
  termsDays: z
    .enum(termsLengths.map(String) as ["30", "60", "90"], { message: "Choose Net 30, Net 60 or Net 90" })
    .default("30")
    .transform((days) => Number(days) as TermsDays),
});

export const revokeTermsSchema = z.object({ companyId: z.uuid("That customer does not exist") });

export const MAX_ADMIN_QUERY_LENGTH = 100;

/** A search box's text from the URL: control characters out, and cut (not refused) past the box's length. */
const queryText = z
  .string()
  .catch("")
  .transform((q) => plainText(q).trim().slice(0, MAX_ADMIN_QUERY_LENGTH));

const pageField = z.coerce.number().int().min(1).max(10_000).catch(1);

export const customerSearchSchema = z.object({ q: queryText, page: pageField });

const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

const dollars = (label: string) =>
  z
    .string({ message: `Enter the ${label}` })
    .trim()
    .regex(DOLLARS, `Enter the ${label} in dollars, e.g. 25 or 12.50`);

/** What is wrong with a promo's discount value, read as the discount type chosen says; null when nothing is. */
function discountProblem(type: "percentage" | "fixed", value: string): string | null {
  if (!DOLLARS.test(value))
    return type === "percentage"
      ? "Enter the discount as a percentage, e.g. 10 or 12.5"
      : "Enter the discount in dollars, e.g. 25 or 12.50";
  if (Number(value) <= 0) return "The discount must be more than 0";
  if (type === "percentage" && Number(value) > 100) return "A percentage discount can be at most 100";
  return null;
}

/** A new promo code; codes are stored upper case, as buyers' input is matched upper case. */
export const promoCodeSchema = z
  .object({
    code: z
      .string({ message: "Enter a code" })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, "Use 3 to 32 letters, digits, dashes or underscores"),
    description: z
      .string({ message: "Enter a description" })
      .overwrite(plainText)
      .trim()
      .min(1, "Enter a description")
      .max(200, "Use at most 200 characters"),
    discountType: z.enum(["percentage", "fixed"], { message: "Choose percentage or fixed amount" }),
    // Checked with the type below: "abc" is not a percentage when Percentage is chosen, nor dollars.
    discountValue: z.string({ message: "Enter the discount" }).trim(),
    minimumOrderAmount: dollars("minimum order amount")
      .optional()
      .transform((value) => value ?? "0"),
    maxUses: z.coerce
      .number({ message: "Enter a whole number of uses" })
      .int("Enter a whole number of uses")
      .min(1)
      .max(1_000_000)
      .optional(),
    // The last day the code works, in the store's time zone; it stops at that day's end.
    expiresAt: z
      .string()
      .trim()
      .refine(isDay, "Enter the last day as YYYY-MM-DD, for example 2026-12-25")
      .transform(endOfStoreDay)
      .optional(),
  })
  .superRefine((promo, context) => {
    const problem = discountProblem(promo.discountType, promo.discountValue);
    if (problem) context.addIssue({ code: "custom", path: ["discountValue"], message: problem });
  });

export type NewPromoCode = z.output<typeof promoCodeSchema>;

export const promoStatusSchema = z.object({
  promoId: z.uuid("That promo code does not exist"),
  active: z.enum(["true", "false"]),
});

export const promoEditSchema = promoCodeSchema.and(z.object({ promoId: z.uuid("That promo code does not exist") }));

export const orderListSchema = z.object({
  status: z.enum(orderStatuses).optional().catch(undefined),
  q: queryText,
  page: pageField,
});

export const auditLogSchema = z.object({ page: pageField });

export const reviewListSchema = z.object({ show: z.enum(reviewVisibilities).catch("all"), page: pageField });

/** Hiding a review from the storefront, or showing it again. */
export const reviewVisibilitySchema = z.object({
  intent: z.enum(["hide", "show"], { message: "Choose to hide or show the review" }),
  reviewId: z.uuid("That review does not exist"),
});
/** At or below this many units (and above none), a product counts as low on stock in the back office. */
export const LOW_STOCK_LEVEL = 10;
export const stockFilters = ["in", "low", "out"] as const;
export type StockFilter = (typeof stockFilters)[number];
export const stockFilterLabel: Record<StockFilter, string> = {
  in: "In stock",
  low: `Low (1 to ${LOW_STOCK_LEVEL})`,
  out: "Out of stock",
};

/** The back office's product list: a filter the URL names wrongly is dropped, not refused. */
export const productListSchema = z.object({
  q: queryText,
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
  status: z.enum(productStatuses).optional().catch(undefined),
  stock: z.enum(stockFilters).optional().catch(undefined),
  page: pageField,
});
export type ProductListFilters = z.output<typeof productListSchema>;

export const orderStatusChangeSchema = z.object({
  status: z.enum(orderStatuses, { message: "Choose a status the order can move to" }),
});

/** A setting's number of days, from `min` to `max`. */
const settingDays = (min: number, max: number) =>
  z.coerce
    .number({ message: "Enter a whole number of days" })
    .int("Enter a whole number of days")
    .min(min, min === 0 ? "Enter 0 or more days" : `Enter ${min} or more days`)
    .max(max, `Enter at most ${max} days`);

export const storeSettingsSchema = z.object({
  overdueGraceDays: settingDays(0, MAX_OVERDUE_GRACE_DAYS),
  invitationDays: settingDays(1, MAX_INVITATION_DAYS),
  certificateReminderDays: settingDays(1, MAX_REMINDER_DAYS),
  invoiceReminderDays: settingDays(1, MAX_INVOICE_REMINDER_DAYS),
  returnWindowDays: settingDays(1, MAX_RETURN_WINDOW_DAYS),
  shipCutoff: z
    .string({ message: "Enter the cut-off time, e.g. 15:00" })
    .trim()
    // A browser's time box may add seconds.
    .transform((time) => time.slice(0, 5))
    .pipe(z.string().regex(CUTOFF_PATTERN, "Enter the cut-off time as hours and minutes, e.g. 15:00")),
  // When the settings the form shows were saved, so two admins' edits do not silently overwrite each other.
  savedAt: z.iso.datetime({ message: "Reload the page and try again" }).transform((at) => new Date(at)),
});
