// The back office's queue of requests for quote (docs/decisions/quotes-admin.md): the ones waiting
// for the store's prices, longest-waiting first, or by their value at list prices; any state on demand.
import { Form, Link } from "react-router";
import { z } from "zod";
import { formatShortDate } from "../../../domain/dates/dates";
import { startOfStoreDay } from "../../../domain/dates/store-day-bounds";
import { quoteQueueFilters, quoteQueueSorts, quoteStatusNames } from "../../../domain/quotes/quote-answer";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { quoteQueue } from "../../../server/quotes/quoting";
import { PagedTable } from "../../components/admin/paged-table";
import { Price } from "../../components/price";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import type { Route } from "./+types/quotes";

export function meta() {
  return [{ title: "Quotes | Admin | Cascade Industrial Supply" }];
}

const queueSchema = z.object({
  show: z.enum(quoteQueueFilters).catch("requested"),
  sort: z.enum(quoteQueueSorts).catch("age"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** "Today", "1 day", "12 days": how long a quote has been in its state. */
function waited(since: Date, now: Date): string {
  const days = Math.floor((now.getTime() - since.getTime()) / 86_400_000);
  if (days < 1) return "Today";
  return days === 1 ? "1 day" : `${formatNumber(days)} days`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const queue = await quoteQueue(queueSchema.parse(Object.fromEntries(new URL(request.url).searchParams)));
  const now = new Date();
  return { ...queue, items: queue.items.map((item) => ({ ...item, waited: waited(item.since, now) })) };
}

const showLabels = (value: (typeof quoteQueueFilters)[number]) =>
  value === "all" ? "All quotes" : quoteStatusNames[value];
const sortLabels = { age: "Longest waiting first", value: "Largest value first" } as const;

export default function AdminQuotesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, show, sort } = loaderData;
  const pageLink = (n: number) => `?${new URLSearchParams({ show, sort, page: String(n) })}`;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Quotes</h1>
      <p className="mt-1 text-slate-700">
        Requests for quote from companies. {formatNumber(total)} {total === 1 ? "quote" : "quotes"}{" "}
        {show === "all" ? "in all" : quoteStatusNames[show].toLowerCase()}. The value is the requested parts at today's
        list prices (lines the catalogue does not list count for nothing).
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="quote-show">Show</Label>
          <select
            id="quote-show"
            name="show"
            defaultValue={show}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            {quoteQueueFilters.map((value) => (
              <option key={value} value={value}>
                {showLabels(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="quote-sort">Sort</Label>
          <select
            id="quote-sort"
            name="sort"
            defaultValue={sort}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            {quoteQueueSorts.map((value) => (
              <option key={value} value={value}>
                {sortLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show Quotes
        </Button>
      </Form>
      <PagedTable
        rows={items}
        caption={`Requests for quote, ${sortLabels[sort].toLowerCase()}`}
        columns={["Quote", "Company", "Requested by", "Lines", "Value at list", "Waiting", "Needed by", "Status"]}
        empty="No quotes here."
        pages={{ label: "Quote pages", page, total, pageSize, link: pageLink }}
        className="mt-4"
        tableClassName="min-w-[760px]"
      >
        {(quote) => (
          <tr key={quote.id} className="align-top">
            <td className="px-6 py-3 whitespace-nowrap">
              <Link
                to={`/admin/quotes/${quote.quoteNumber}`}
                className="font-mono font-semibold text-brand-700 underline"
              >
                {quote.quoteNumber}
              </Link>
              <span className="block text-xs text-slate-600">{formatShortDate(quote.createdAt)}</span>
            </td>
            <td className="px-6 py-3">
              {quote.companyName || "Company of one"}
              <span className="block font-mono text-xs text-slate-600">{quote.accountNumber}</span>
            </td>
            <td className="px-6 py-3">
              {quote.requesterName ?? "Account deleted"}
              {quote.requesterEmail && <span className="block text-xs text-slate-600">{quote.requesterEmail}</span>}
            </td>
            <td className="px-6 py-3">{quote.lines}</td>
            <td className="px-6 py-3">
              <Price amount={quote.value} />
            </td>
            <td className="px-6 py-3 whitespace-nowrap">{quote.waited}</td>
            <td className="px-6 py-3 whitespace-nowrap">
              {quote.neededBy ? formatShortDate(startOfStoreDay(quote.neededBy)) : "Not given"}
            </td>
            <td className="px-6 py-3">
              {quoteStatusNames[quote.status]}
              {quote.currentVersion > 0 && (
                <span className="block text-xs text-slate-600">Version {quote.currentVersion}</span>
              )}
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
