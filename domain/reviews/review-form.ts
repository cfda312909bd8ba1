// The review form's rules, shared by the browser (only once a buyer may review) and the server.
import { z } from "zod";
import { formatNumber } from "../text/numbers";
import { oneLine, plainText } from "../text/plain-text";

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_BODY_MIN = 10;

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
    .max(REVIEW_BODY_MAX, `Use at most ${formatNumber(REVIEW_BODY_MAX)} characters`),
});

export type ReviewInput = z.output<typeof reviewSchema>;
