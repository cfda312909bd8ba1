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
import { TableHead } from "../components/ui/table-head";
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
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Your company's quotes</caption>
                <TableHead columns={["Quote", "Date", "Status", "Lines", "Value", "Needed by"]} />
                <tbody className="divide-y divide-slate-200">
                  {quotes.map((quote) => (
                    <tr key={quote.quoteNumber}>
                      <td className="px-6 py-3 whitespace-nowrap">
                        <Link
                          to={`/account/quotes/${quote.quoteNumber}`}
                          className="font-semibold text-brand-700 underline"
                        >
                          {quote.quoteNumber}
                        </Link>
                      </td>
                      <td className="px-6 py-3 whitespace-nowrap">{formatShortDate(quote.createdAt)}</td>
                      <td className="px-6 py-3">
                        <QuoteStatusBadge status={quote.status} />
                      </td>
                      <td className="px-6 py-3">{quote.lines}</td>
                      <td className="px-6 py-3 whitespace-nowrap">
                        {quote.value ? formatUsd(quote.value) : "Awaiting prices"}
                      </td>
                      <td className="px-6 py-3 whitespace-nowrap">
                        {quote.neededBy ? formatDay(quote.neededBy) : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
