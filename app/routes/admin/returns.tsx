// The back office's returns (docs/decisions/returns.md): those waiting for a decision first, then the
// approved ones waiting for the parts, then the rest, newest first.
import { Link } from "react-router";
import { formatShortDate } from "../../../domain/dates/dates";
import { returnReasonLabels, returnStatusLabels } from "../../../domain/returns/returns";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { listReturns } from "../../../server/returns/returns";
import { PagedTable } from "../../components/admin/paged-table";
import { Price } from "../../components/price";
import type { Route } from "./+types/returns";

export function meta() {
  return [{ title: "Returns | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const returns = await listReturns();
  return { returns: returns.map((row) => ({ ...row, requestedAt: row.requestedAt.toISOString() })) };
}

export default function AdminReturnsPage({ loaderData: { returns } }: Route.ComponentProps) {
  const waiting = returns.filter((row) => row.status === "requested").length;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Returns</h1>
      <p className="mt-1 text-slate-700">
        {formatNumber(waiting)} {waiting === 1 ? "return waits" : "returns wait"} for a decision.
      </p>
      <PagedTable
        rows={returns}
        caption="Returns"
        columns={["Return", "Asked", "Order", "Customer", "Reason", "Units", "Status", "Credit"]}
        empty="No returns have been asked for."
        className="mt-6"
      >
        {(row) => (
          <tr key={row.id}>
            <td className="px-6 py-3 font-mono whitespace-nowrap">
              <Link to={`/admin/returns/${row.id}`} className="text-brand-700 underline">
                {row.rmaNumber ?? `Return of ${formatShortDate(row.requestedAt)}`}
              </Link>
            </td>
            <td className="px-6 py-3 whitespace-nowrap">{formatShortDate(row.requestedAt)}</td>
            <td className="px-6 py-3 font-mono">
              <Link to={`/admin/orders/${row.orderNumber}`} className="text-brand-700 underline">
                {row.orderNumber}
              </Link>
            </td>
            <td className="px-6 py-3">
              {row.companyName && <div className="font-medium text-slate-950">{row.companyName}</div>}
              <div className="text-slate-700">{row.email}</div>
            </td>
            <td className="px-6 py-3">{returnReasonLabels[row.reason]}</td>
            <td className="px-6 py-3 text-right">{formatNumber(row.units)}</td>
            <td className="px-6 py-3">{returnStatusLabels[row.status]}</td>
            <td className="px-6 py-3 whitespace-nowrap">
              {row.creditMemo && row.credited ? (
                <>
                  {row.creditMemo} <Price amount={row.credited} />
                </>
              ) : (
                "—"
              )}
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
