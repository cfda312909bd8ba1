// Product reviews: the form's rules, shared by the browser and the server, and how a product's
// stars and count read (docs/product-rules.md, Reviews and honest figures).
import { z } from "zod";
import type { OrderStatus } from "./order-status";
import { oneLine, plainText } from "./plain-text";

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_BODY_MIN = 10;

/** An order with the product in any of these counts as having bought it: placed and not cancelled. */
export const reviewableOrderStatuses = [
  "pending_payment",
  "paid",
  "processing",
  "shipped",
  "completed",
] as const satisfies readonly OrderStatus[];

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ message: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  title: z
    .string({ message: "Give your review a title" })
    .overwrite(oneLine)
    .trim()
    .min(1, "Give your review a title")
    .max(REVIEW_TITLE_MAX, `Use at most ${REVIEW_TITLE_MAX} characters`),
  body: z
    .string({ message: "Write your review" })
    // Line breaks are kept (a review may have paragraphs); control characters are not.
    .overwrite(plainText)
    .trim()
    .min(REVIEW_BODY_MIN, `Write at least ${REVIEW_BODY_MIN} characters`)
    .max(REVIEW_BODY_MAX, `Use at most ${REVIEW_BODY_MAX.toLocaleString("en-US")} characters`),
});

export type ReviewInput = z.output<typeof reviewSchema>;

/** Why a visitor may or may not write a review of a product, as its Reviews tab tells them. */
export type ReviewEligibility = "sign-in" | "not-bought" | "may-review" | "reviewed";

export const NOT_BOUGHT_MESSAGE = "Only buyers who bought this part can review it";

/** The back office's filter of the review list. */
export const reviewVisibilities = ["all", "shown", "hidden"] as const;
export type ReviewVisibility = (typeof reviewVisibilities)[number];

/** "1 review", "1,204 reviews". */
export function reviewCountLabel(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
}

/** Whole stars drawn for a rating: its floor, as the specification draws them. */
export const wholeStars = (rating: string | number) => Math.floor(Number(rating));
