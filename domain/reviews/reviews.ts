// Product reviews: who may write one and how a product's stars and count read
// (docs/product-rules.md, Reviews and honest figures). The form's rules are in review-form.ts, apart,
// so that every page drawing stars does not carry zod to the browser.

import type { OrderStatus } from "../orders/order-status";
import { formatNumber } from "../text/numbers";

/** An order with the product in any of these counts as having bought it: placed and not cancelled. */
export const reviewableOrderStatuses = [
  "pending_payment",
  "paid",
  "processing",
  "shipped",
  "completed",
] as const satisfies readonly OrderStatus[];

/** Why a visitor may or may not write a review of a product, as its Reviews tab tells them. */
export type ReviewEligibility = "sign-in" | "not-bought" | "may-review" | "reviewed";

export const NOT_BOUGHT_MESSAGE = "Only buyers who bought this part can review it";

/** The back office's filter of the review list. */
export const reviewVisibilities = ["all", "shown", "hidden"] as const;
export type ReviewVisibility = (typeof reviewVisibilities)[number];

/** "1 review", "1,204 reviews". */
export function reviewCountLabel(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? "review" : "reviews"}`;
}

/** Whole stars drawn for a rating: its floor, as the specification draws them. */
export const wholeStars = (rating: string | number) => Math.floor(Number(rating));
