// A product's stars and review count, drawn only when buyers' reviews are there to count
// (docs/product-rules.md, Reviews and honest figures): no review, no stars and no "(0 reviews)".

import { clsx } from "clsx";
import { Star } from "lucide-react";
import { reviewCountLabel, wholeStars } from "../../../domain/reviews/reviews";

/** Five stars, the rating's floor filled (as the specification draws them), read as "Rated 4.5 out of 5". */
export function StarRow({ rating, className }: { rating: string | number; className?: string }) {
  const filled = wholeStars(rating);
  return (
    <span className={clsx("flex", className)} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={n <= filled ? "size-4 fill-amber-500 text-amber-500" : "size-4 text-slate-400"}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

/** The product page's line under the name: five stars and "(12 reviews)". */
export function ReviewSummary({ rating, count }: { rating: string; count: number }) {
  if (count === 0) return null;
  return (
    <div className="mt-2 flex items-center gap-2 text-sm text-slate-700">
      <StarRow rating={rating} />
      <span>({reviewCountLabel(count)})</span>
    </div>
  );
}

/** A product card's line: one star, the average and the count. */
export function CardRating({ rating, count }: { rating: string; count: number }) {
  if (count === 0) return null;
  return (
    <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
      <Star className="size-4 fill-amber-500 text-amber-500" aria-hidden="true" />
      <span>
        {rating}
        <span className="sr-only"> out of 5</span> ({reviewCountLabel(count)})
      </span>
    </p>
  );
}
