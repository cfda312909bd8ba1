// "To Ship Today": the orders the same-day promise covers today (placed before today's cut-off, or
// earlier) with stock items still waiting, oldest first (docs/decisions/shipments.md).
import { Link } from "react-router";
import { formatShortDate, storeDateFormat } from "../../../domain/dates/dates";
import { formatCutoff } from "../../../domain/orders/ship-today";
import { PARTIALLY_SHIPPED } from "../../../domain/orders/shipments";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { ordersToShipToday } from "../../../server/orders/shipments";
import { PagedTable } from "../../components/admin/paged-table";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { Price } from "../../components/price";
import type { Route } from "./+types/orders-to-ship";

export function meta() {
  return [{ title: "To Ship Today | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const { cutoff, before, orders } = await ordersToShipToday();
  return {
    cutoff,
    before: before.toISOString(),
    orders: orders.map((order) => ({ ...order, orderDate: order.orderDate.toISOString() })),
  };
}

const placedAt = storeDateFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export default function OrdersToShipPage({ loaderData }: Route.ComponentProps) {
  const { cutoff, before, orders } = loaderData;
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/orders" className="text-brand-700 underline">
          All orders
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-950">To Ship Today</h1>
      <p className="mt-1 text-slate-700">
        {formatNumber(orders.length)} {orders.length === 1 ? "order" : "orders"} placed before{" "}
        {placedAt(new Date(before))} ET (the {formatCutoff(cutoff)} cut-off) with items in stock not yet shipped, oldest
        first.
      </p>
      <PagedTable
        rows={orders}
        caption="Orders to ship today"
        columns={["Order #", "Placed", "Customer", "Status", "Total"]}
        empty="Nothing is waiting to ship today."
        className="mt-6"
      >
        {(order) => (
          <tr key={order.orderNumber}>
            <td className="px-6 py-3 font-mono">
              <Link to={`/admin/orders/${order.orderNumber}`} className="text-brand-700 underline">
                {order.orderNumber}
              </Link>
            </td>
            <td className="px-6 py-3 whitespace-nowrap">
              <time dateTime={order.orderDate} title={formatShortDate(order.orderDate)}>
                {placedAt(new Date(order.orderDate))}
              </time>
            </td>
            <td className="px-6 py-3">
              <div className="font-medium text-slate-950">
                {order.firstName} {order.lastName}
              </div>
              {order.companyName && <div className="text-slate-700">{order.companyName}</div>}
            </td>
            <td className="px-6 py-3">
              <OrderStatusBadge status={order.status} />
              {order.partlyShipped && <div className="mt-1 text-slate-700">{PARTIALLY_SHIPPED}</div>}
            </td>
            <td className="px-6 py-3 text-right">
              <Price amount={order.total} />
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
