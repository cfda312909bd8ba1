// The product page's Reviews tab: the shown reviews with their average and count, and the form for
// a buyer who bought the part (or why this visitor cannot write one).
import type { SubmissionResult } from "@conform-to/react";
import { lazy, Suspense, useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { formatLongDate } from "../../../domain/dates/dates";
import type { ReviewInput } from "../../../domain/reviews/review-form";
import { NOT_BOUGHT_MESSAGE, type ReviewEligibility, reviewCountLabel } from "../../../domain/reviews/reviews";
import { StarRow } from "./review-stars";

// Loaded only for a buyer who may review: the form brings zod and conform, which no other
// storefront page needs in the browser.
const ReviewForm = lazy(() => import("./review-form"));

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
          <Suspense fallback={<p className="mt-3 text-sm text-slate-700">Loading the review form…</p>}>
            <ReviewForm own={own} lastResult={lastResult} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
