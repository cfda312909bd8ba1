// The product page's Reviews tab: the shown reviews with their average and count, and the form for
// a buyer who bought the part (or why this visitor cannot write one).
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Star } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { formatLongDate } from "../../lib/dates";
import {
  NOT_BOUGHT_MESSAGE,
  REVIEW_BODY_MAX,
  REVIEW_TITLE_MAX,
  type ReviewEligibility,
  type ReviewInput,
  reviewCountLabel,
  reviewSchema,
} from "../../lib/reviews";
import { cn } from "../../lib/utils";
import { Field } from "../form-field";
import { SubmitButton } from "../submit-button";
import { Label } from "../ui/label";
import { useZodForm } from "../use-zod-form";
import { StarRow } from "./review-stars";

export interface ShownReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  author: string;
  createdAt: string;
}

interface ReviewsPanelProps {
  productId: string;
  rating: string;
  count: number;
  reviews: ShownReview[];
  signInTo: string;
  lastResult?: SubmissionResult<string[]>;
}

/** This buyer's own standing, asked apart from the shared page; a visitor's until it answers. */
function useReviewEligibility(productId: string): { eligibility: ReviewEligibility; own: ReviewInput | null } {
  const fetcher = useFetcher<{ eligibility: ReviewEligibility; own: ReviewInput | null }>();
  const { load } = fetcher;
  useEffect(() => {
    load(`/api/reviews/${productId}`);
  }, [load, productId]);
  return fetcher.data ?? { eligibility: "sign-in", own: null };
}

export function ReviewsPanel({ productId, rating, count, reviews, signInTo, lastResult }: ReviewsPanelProps) {
  const { eligibility, own } = useReviewEligibility(productId);
  return (
    <div className="grid max-w-4xl gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="customer-reviews">
        <h2 id="customer-reviews" className="text-xl font-bold text-slate-950">
          Customer Reviews
        </h2>
        {count === 0 ? (
          <p className="mt-2 text-slate-700">No reviews yet</p>
        ) : (
          <>
            <p className="mt-2 flex items-center gap-2 text-slate-800">
              <StarRow rating={rating} />
              <span>
                {rating} out of 5, from {reviewCountLabel(count)} by buyers who bought this part
              </span>
            </p>
            <ul className="mt-4 space-y-6">
              {reviews.map((review) => (
                <li key={review.id} className="border-t border-slate-200 pt-4">
                  <StarRow rating={review.rating} />
                  <h3 className="mt-1 font-semibold text-slate-950">{review.title}</h3>
                  <p className="text-sm text-slate-600">
                    {review.author}, verified buyer, {formatLongDate(review.createdAt)}
                  </p>
                  <p className="mt-2 whitespace-pre-line text-slate-800">{review.body}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="write-review" className="rounded-lg border border-slate-200 p-4">
        <h2 id="write-review" className="text-lg font-semibold text-slate-950">
          {eligibility === "reviewed" ? "Your Review" : "Write a Review"}
        </h2>
        {eligibility === "sign-in" && (
          <p className="mt-2 text-sm text-slate-700">
            <Link
              to={`/auth?redirectTo=${encodeURIComponent(signInTo)}`}
              className="font-semibold text-brand-700 underline"
            >
              Sign in
            </Link>{" "}
            to review a part you bought.
          </p>
        )}
        {eligibility === "not-bought" && <p className="mt-2 text-sm text-slate-700">{NOT_BOUGHT_MESSAGE}.</p>}
        {(eligibility === "may-review" || eligibility === "reviewed") && (
          <ReviewForm own={own} lastResult={lastResult} />
        )}
      </section>
    </div>
  );
}

function ReviewForm({ own, lastResult }: { own: ReviewInput | null; lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm("review", reviewSchema, {
    lastResult,
    defaultValue: own ? { ...own, rating: String(own.rating) } : undefined,
  });
  const [chosen, setChosen] = useState(Number(fields.rating.initialValue ?? 0));
  const ratingError = fields.rating.errors?.[0];
  const bodyError = fields.body.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
      {own && <p className="text-sm text-slate-700">You reviewed this part. Saving again replaces your review.</p>}
      <fieldset
        aria-invalid={ratingError ? true : undefined}
        aria-describedby={ratingError ? fields.rating.errorId : undefined}
      >
        <legend className="text-sm font-medium text-slate-900">Rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="relative rounded-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              {/* Laid over its star, unseen: the star is what is clicked, the radio what is chosen. */}
              <input
                type="radio"
                name={fields.rating.name}
                value={n}
                defaultChecked={fields.rating.initialValue === String(n)}
                onChange={() => setChosen(n)}
                className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <Star
                className={cn("size-7", n <= chosen ? "fill-amber-500 text-amber-500" : "text-slate-500")}
                aria-hidden="true"
              />
              <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
            </label>
          ))}
        </div>
        {ratingError && (
          <p id={fields.rating.errorId} className="mt-1 text-sm text-red-700">
            {ratingError}
          </p>
        )}
      </fieldset>
      <Field meta={fields.title} label="Title" />
      <div className="space-y-1">
        <Label htmlFor={fields.body.id}>Review</Label>
        <textarea
          {...getTextareaProps(fields.body)}
          key={fields.body.key}
          rows={6}
          maxLength={REVIEW_BODY_MAX}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
        />
        {bodyError && (
          <p id={fields.body.errorId} className="text-sm text-red-700">
            {bodyError}
          </p>
        )}
      </div>
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <SubmitButton busy={busy}>{own ? "Update Review" : "Post Review"}</SubmitButton>
      <p className="text-xs text-slate-600">
        Titles up to {REVIEW_TITLE_MAX} characters, reviews up to {REVIEW_BODY_MAX.toLocaleString("en-US")}. Plain text
        only.
      </p>
    </Form>
  );
}
