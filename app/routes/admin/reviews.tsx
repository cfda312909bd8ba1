// Buyers' reviews in the back office: an admin hides one from the storefront (it then counts in no
// product's stars) or shows it again; each change is audit-logged (docs/product-rules.md, Reviews
// and honest figures).
import { clsx } from "clsx";
import { Form, Link, useNavigation } from "react-router";
import { reviewListSchema, reviewVisibilitySchema } from "../../../domain/admin/admin-schemas";
import { formatShortDate } from "../../../domain/dates/dates";
import { type ReviewVisibility, reviewVisibilities } from "../../../domain/reviews/reviews";
import { requireAdmin } from "../../../server/accounts/session";
import { listReviewsForAdmin, setReviewHidden } from "../../../server/catalog/products/reviews";
import { formFields, handleForm } from "../../../server/form-intents";
import { dataWithToast } from "../../../server/toast";
import { PagedTable } from "../../components/admin/paged-table";
import { StarRow } from "../../components/catalog/review-stars";
import { Button } from "../../components/ui/button";
import type { Route } from "./+types/reviews";

export function meta() {
  return [{ title: "Reviews | Admin | Cascade Industrial Supply" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const filters = reviewListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listReviewsForAdmin(filters);
}

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      failure: "The review was not changed",
      async handle(admin, formData) {
        const { intent, reviewId } = formFields(formData, reviewVisibilitySchema);
        await setReviewHidden(admin.id, reviewId, intent === "hide");
        return dataWithToast(
          { ok: true },
          { type: "success", title: intent === "hide" ? "Review hidden from the store" : "Review shown in the store" },
        );
      },
    },
    { as: "admin" },
  );
}

const filterLabels: Record<ReviewVisibility, string> = { all: "All", shown: "Shown", hidden: "Hidden" };

export default function AdminReviewsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, show } = loaderData;
  const busy = useNavigation().state !== "idle";
  const pageLink = (n: number) => `?${new URLSearchParams({ show, page: String(n) })}`;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Reviews</h1>
      <p className="mt-1 text-slate-700">
        Reviews by buyers who bought the part, newest first. A hidden review leaves the product page and its stars and
        count.
      </p>
      <nav aria-label="Show reviews" className="mt-6 flex gap-2">
        {reviewVisibilities.map((value) => (
          <Link
            key={value}
            to={`?show=${value}`}
            aria-current={value === show ? "true" : undefined}
            className={clsx(
              "rounded-full border px-3 py-1 text-sm font-semibold",
              value === show ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 text-slate-900",
            )}
          >
            {filterLabels[value]}
          </Link>
        ))}
      </nav>
      <PagedTable
        rows={items}
        caption="Reviews"
        columns={["Date", "Product", "Buyer", "Review", "Status", "Action"]}
        empty="No reviews here yet."
        pages={{ label: "Review pages", page, total, pageSize, link: pageLink }}
        className="mt-4"
      >
        {(review) => (
          <tr key={review.id} className="align-top">
            <td className="px-6 py-3 whitespace-nowrap">{formatShortDate(review.createdAt)}</td>
            <td className="px-6 py-3">
              <Link to={`/products/${review.productSlug}`} className="text-brand-700 underline">
                {review.productName}
              </Link>
              <span className="block font-mono text-xs text-slate-600">{review.partNumber}</span>
            </td>
            <td className="px-6 py-3">{review.buyerEmail}</td>
            <td className="max-w-md px-6 py-3">
              <StarRow rating={review.rating} />
              <span className="mt-1 block font-semibold text-slate-950">{review.title}</span>
              <span className="block whitespace-pre-line text-slate-800">{review.body}</span>
            </td>
            <td className="px-6 py-3 whitespace-nowrap">
              {review.hidden && review.hiddenAt ? `Hidden ${formatShortDate(review.hiddenAt)}` : "Shown"}
            </td>
            <td className="px-6 py-3">
              <Form method="post">
                <input type="hidden" name="reviewId" value={review.id} />
                <Button
                  type="submit"
                  name="intent"
                  value={review.hidden ? "show" : "hide"}
                  variant={review.hidden ? "outline" : "destructive"}
                  size="sm"
                  disabled={busy}
                  aria-label={`${review.hidden ? "Show" : "Hide"} review "${review.title}"`}
                >
                  {review.hidden ? "Show" : "Hide"}
                </Button>
              </Form>
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
