// The Insights tab's charts: the company's spend by month (and the member's own, against their
// monthly limit) and by category, over the last 12 months (server/reports/business.ts).
import { formatUsd } from "../../../domain/money/format";
import { periodLabel } from "../../../domain/reports/periods";
import type { companySpend } from "../../../server/reports/business";
import { Chart, dollarAxis } from "../charts";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";

export function CompanySpend({ spend }: { spend: Awaited<ReturnType<typeof companySpend>> }) {
  const { months, monthlyLimit, orderLimit, byCategory } = spend;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Spend Over the Last 12 Months</CardTitle>
        {(monthlyLimit || orderLimit) && (
          <p className="text-sm text-slate-700">
            Your spend limits:{" "}
            {[monthlyLimit && `${formatUsd(monthlyLimit)} a month`, orderLimit && `${formatUsd(orderLimit)} an order`]
              .filter(Boolean)
              .join(", ")}
            .
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-8">
        <Chart
          title="Spend by Month"
          kind="columns"
          rows={months.map((month) => ({
            label: periodLabel(month.start, "month"),
            value: Number(month.total),
            shown: formatUsd(month.total),
            more: [formatUsd(month.own)],
          }))}
          headings={["Month", "Company spend", "Your orders"]}
          axis={dollarAxis}
          reference={
            monthlyLimit
              ? { value: Number(monthlyLimit), label: `Your monthly limit ${formatUsd(monthlyLimit)}` }
              : undefined
          }
        />
        {byCategory.length === 0 ? (
          <p className="text-slate-700">No orders in the last 12 months.</p>
        ) : (
          <Chart
            title="Spend by Category"
            kind="bars"
            rows={byCategory.map((category) => ({
              label: category.label,
              value: Number(category.total),
              shown: formatUsd(category.total),
            }))}
            headings={["Category", "Spend"]}
          />
        )}
      </CardContent>
    </Card>
  );
}
