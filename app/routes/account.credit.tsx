import { Link } from "react-router";
import { formatShortDate, storeDay } from "../../domain/dates/dates";
import { orderDocumentHref } from "../../domain/orders/order-documents";
import { defaultStatementRange } from "../../domain/terms/statement-range";
import { agingBucketLabels, agingBuckets, termsName } from "../../domain/terms/terms";
import { requireBuyer } from "../../server/accounts/session";
import { config } from "../../server/config";
import { creditCentre } from "../../server/terms/account-terms";
import { Breadcrumb } from "../components/breadcrumb";
import { Price } from "../components/price";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { type StackedColumn, StackedTable } from "../components/ui/stacked-table";
import type { Route } from "./+types/account.credit";

export function meta() {
  return [{ title: "Credit Center | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const now = new Date();
  const credit = await creditCentre(buyer, now);
  return {
    ...credit,
    open: credit.open.map((invoice) => ({
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      orderDate: invoice.orderDate.toISOString(),
      dueDate: invoice.dueDate.toISOString(),
      total: invoice.total,
      daysPastDue: invoice.daysPastDue,
      href: orderDocumentHref({ ...invoice, paymentMethod: "on_terms" }),
    })),
    statement: defaultStatementRange(storeDay(now)),
    storeEmail: config().STORE_EMAIL,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** "Due in 12 days", "Due today", "3 days past due". */
function dueStatus(daysPastDue: number) {
  if (daysPastDue === 0) return "Due today";
  const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);
  return daysPastDue < 0 ? `Due in ${days(-daysPastDue)}` : `${days(daysPastDue)} past due`;
}

type OpenInvoice = Route.ComponentProps["loaderData"]["open"][number];

const invoiceColumns: StackedColumn<OpenInvoice>[] = [
  {
    header: "Invoice",
    primary: true,
    nowrap: true,
    cell: (invoice) => (
      <a
        href={invoice.href}
        className="font-mono text-brand-700 underline"
        aria-label={`Download invoice ${invoice.invoiceNumber} (PDF)`}
      >
        {invoice.invoiceNumber}
      </a>
    ),
  },
  {
    header: "Order",
    wide: true,
    nowrap: true,
    cell: (invoice) => <span className="font-mono">{invoice.orderNumber}</span>,
  },
  { header: "Invoice Date", nowrap: true, cell: (invoice) => formatShortDate(invoice.orderDate) },
  { header: "Due Date", nowrap: true, cell: (invoice) => formatShortDate(invoice.dueDate) },
  {
    header: "Status",
    nowrap: true,
    cell: (invoice) =>
      invoice.daysPastDue > 0 ? (
        <span className="font-semibold text-red-800">{dueStatus(invoice.daysPastDue)}</span>
      ) : (
        dueStatus(invoice.daysPastDue)
      ),
  },
  { header: "Amount", nowrap: true, cell: (invoice) => <Price amount={invoice.total} /> },
];

export default function CreditCenterPage({ loaderData: credit }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Credit Center" }]} />
      <div>
        <h1 className="text-3xl font-bold text-slate-950">Credit Center</h1>
        <p className="mt-1 text-slate-700">Your payment terms, open invoices and statements</p>
      </div>

      {credit.hold && (
        <section
          aria-labelledby="hold-heading"
          className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-slate-900"
        >
          <h2 id="hold-heading" className="font-semibold text-red-900">
            Terms orders are on hold
          </h2>
          <p className="mt-1">{credit.hold}</p>
        </section>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Payment Terms</CardTitle>
        </CardHeader>
        <CardContent>
          {credit.approved ? (
            <dl className="grid gap-4 sm:grid-cols-4">
              <Figure term="Terms" value={termsName(credit.termsDays)} />
              <Figure term="Credit Limit" value={<Price amount={credit.creditLimit} />} />
              <Figure term="Used Credit" value={<Price amount={credit.used} />} />
              <Figure term="Available Credit" value={<Price amount={credit.available} />} />
            </dl>
          ) : (
            <p className="text-slate-800">
              Your account pays by card.
              {credit.used !== "0.00" && (
                <>
                  {" "}
                  Open invoices: <Price amount={credit.used} />.
                </>
              )}{" "}
              Net 30, 60 and 90 terms are available to qualified businesses: write to{" "}
              <a href={`mailto:${credit.storeEmail}`} className="text-brand-700 underline">
                {credit.storeEmail}
              </a>
              .
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id="aging-heading">Aging</CardTitle>
        </CardHeader>
        <CardContent>
          <dl aria-labelledby="aging-heading" className="grid gap-4 sm:grid-cols-5">
            {agingBuckets.map((bucket) => (
              <Figure key={bucket} term={agingBucketLabels[bucket]} value={<Price amount={credit.aging[bucket]} />} />
            ))}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id="open-invoices">Open Invoices</CardTitle>
        </CardHeader>
        <CardContent className="p-0">
          {credit.open.length === 0 ? (
            <p className="px-6 py-8 text-center text-slate-700">No open invoices.</p>
          ) : (
            <StackedTable
              labelledBy="open-invoices"
              rows={credit.open}
              rowKey={(invoice) => invoice.invoiceNumber}
              columns={invoiceColumns}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Statement</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">
            Invoices and payments between two days, with the opening and closing balance and the invoices then open.
          </p>
          {/* A plain form: the browser downloads the file itself. */}
          <form method="get" action="/account/credit/statement.pdf" className="mt-4 flex flex-wrap items-end gap-4">
            <div className="space-y-1">
              <Label htmlFor="statement-from">From</Label>
              <Input id="statement-from" name="from" type="date" required defaultValue={credit.statement.from} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="statement-to">To</Label>
              <Input id="statement-to" name="to" type="date" required defaultValue={credit.statement.to} />
            </div>
            <Button type="submit">Download PDF</Button>
            <Button type="submit" variant="outline" formAction="/account/credit/statement.csv">
              Download CSV
            </Button>
          </form>
        </CardContent>
      </Card>

      <p>
        <Link to="/account" className="text-brand-700 underline">
          Back to My Account
        </Link>
      </p>
    </div>
  );
}

function Figure({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-950">{value}</dd>
    </div>
  );
}
