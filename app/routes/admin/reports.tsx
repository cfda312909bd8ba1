// The business over time, as charts with their figures beside them (server/reports/business.ts).
import { formatUsd } from "../../../domain/money/format";
import { orderStatusLabel } from "../../../domain/orders/order-status";
import { periodLabel } from "../../../domain/reports/periods";
import { agingBucketLabels, agingBuckets } from "../../../domain/terms/terms";
import { requireAdmin } from "../../../server/accounts/session";
import { businessReport } from "../../../server/reports/business";
import { Chart, type ChartRow, dollarAxis } from "../../components/charts";
import { Card, CardContent } from "../../components/ui/card";
import type { Route } from "./+types/reports";

export function meta() {
  return [{ title: "Reports | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  return businessReport();
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const dollars = (amount: string): ChartRow => ({ label: "", value: Number(amount), shown: formatUsd(amount) });
export default function AdminReportsPage({ loaderData }: Route.ComponentProps) {
  const { daily, weekly, statuses, aging, topParts, topCompanies } = loaderData;
  const sales = (rows: typeof daily, period: "day" | "week") =>
    rows.map((row) => ({
      ...dollars(row.total),
      label: periodLabel(row.start, period),
      more: [row.orders.toLocaleString("en-US")],
    }));
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-slate-950">Reports</h1>
      <p className="text-slate-700">
        Sales are every order that is not cancelled, on the store's calendar (Eastern Time). Top parts and companies
        count the last 90 days.
      </p>
      {[
        <Chart
          key="daily"
          title="Sales by Day (last 30 days)"
          kind="columns"
          rows={sales(daily, "day")}
          headings={["Day", "Sales", "Orders"]}
          axis={dollarAxis}
        />,
        <Chart
          key="weekly"
          title="Sales by Week (last 12 weeks, from Monday)"
          kind="columns"
          rows={sales(weekly, "week")}
          headings={["Week of", "Sales", "Orders"]}
          axis={dollarAxis}
        />,
        <Chart
          key="statuses"
          title="Orders by Status"
          kind="bars"
          rows={statuses.map(({ status, orders }) => ({
            label: orderStatusLabel(status),
            value: orders,
            shown: orders.toLocaleString("en-US"),
          }))}
          headings={["Status", "Orders"]}
        />,
        <Chart
          key="aging"
          title="Receivables Aging (open invoices on terms)"
          kind="bars"
          rows={agingBuckets.map((bucket) => ({ ...dollars(aging[bucket]), label: agingBucketLabels[bucket] }))}
          headings={["Age", "Owed"]}
        />,
        <Chart
          key="parts"
          title="Top Parts (last 90 days)"
          kind="bars"
          rows={topParts.map((part) => ({ ...dollars(part.total), label: part.label, more: [part.detail] }))}
          headings={["Part", "Sales", "Part number and units"]}
        />,
        <Chart
          key="companies"
          title="Top Companies (last 90 days)"
          kind="bars"
          rows={topCompanies.map((company) => ({
            ...dollars(company.total),
            label: company.label,
            more: [company.detail],
          }))}
          headings={["Company", "Sales", "Account and orders"]}
        />,
      ].map((chart) => (
        <Card key={chart.key}>
          <CardContent className="pt-6">{chart}</CardContent>
        </Card>
      ))}
    </div>
  );
}
