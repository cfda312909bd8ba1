// The review form of a product's Reviews tab, for a buyer who bought the part; a default export
// because the tab loads it lazily.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { clsx } from "clsx";
import { Star } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type ReviewInput, reviewSchema } from "../../../domain/reviews/review-form";
import { formatNumber } from "../../../domain/text/numbers";
import { Field, TextareaField } from "../form-field";
import { SubmitButton } from "../submit-button";
import { useZodForm } from "../use-zod-form";

export default function ReviewForm({
  own,
  lastResult,
}: {
  own: ReviewInput | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm("review", reviewSchema, {
    lastResult,
    defaultValue: own ? { ...own, rating: String(own.rating) } : undefined,
  });
  const [chosen, setChosen] = useState(Number(fields.rating.initialValue ?? 0));
  const ratingError = fields.rating.errors?.[0];
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
                className={clsx("size-7", n <= chosen ? "fill-amber-500 text-amber-500" : "text-slate-500")}
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
      <TextareaField meta={fields.body} label="Review" rows={6} maxLength={REVIEW_BODY_MAX} />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <SubmitButton busy={busy}>{own ? "Update Review" : "Post Review"}</SubmitButton>
      <p className="text-xs text-slate-600">
        Titles up to {REVIEW_TITLE_MAX} characters, reviews up to {formatNumber(REVIEW_BODY_MAX)}. Plain text only.
      </p>
    </Form>
  );
}
