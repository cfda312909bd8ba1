// The company's requests for quote: number, day, state, lines, the current version's value and
// the needed-by day; every member sees them.
import { data, Link } from "react-router";
import { formatShortDate } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { formatDay } from "../../domain/quotes/quote-request";
import { requireBuyer } from "../../server/accounts/session";
import { quotesOf } from "../../server/quotes/requests";
import { Breadcrumb } from "../components/breadcrumb";
import { QuoteStatusBadge } from "../components/quote-status-badge";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { type StackedColumn, StackedTable } from "../components/ui/stacked-table";
import type { Route } from "./+types/account.quotes";

export function meta() {
  return [{ title: "Quotes | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const quotes = await quotesOf(buyer);
  return data(
    { quotes: quotes.map((quote) => ({ ...quote, createdAt: quote.createdAt.toISOString() })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const columns: StackedColumn<Route.ComponentProps["loaderData"]["quotes"][number]>[] = [
  {
    header: "Quote",
    primary: true,
    nowrap: true,
    cell: (quote) => (
      <Link to={`/account/quotes/${quote.quoteNumber}`} className="font-semibold text-brand-700 underline">
        {quote.quoteNumber}
      </Link>
    ),
  },
  { header: "Date", nowrap: true, cell: (quote) => formatShortDate(quote.createdAt) },
  { header: "Status", cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
  { header: "Lines", cell: (quote) => quote.lines },
  { header: "Value", nowrap: true, cell: (quote) => (quote.value ? formatUsd(quote.value) : "Awaiting prices") },
  { header: "Needed by", nowrap: true, cell: (quote) => (quote.neededBy ? formatDay(quote.neededBy) : "—") },
];

export default function QuotesPage({ loaderData: { quotes } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Quotes" }]} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-950">Quotes</h1>
        <Button asChild>
          <Link to="/quotes/new">Request a Quote</Link>
        </Button>
      </div>
      <Card>
        <CardContent className="p-0">
          {quotes.length === 0 ? (
            <p className="p-6 text-center text-slate-700">No quotes yet.</p>
          ) : (
            <StackedTable
              caption="Your company's quotes"
              rows={quotes}
              rowKey={(quote) => quote.quoteNumber}
              columns={columns}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
