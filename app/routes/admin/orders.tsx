import { Form, Link } from "react-router";
import { MAX_ADMIN_QUERY_LENGTH, orderListSchema } from "../../../domain/admin/admin-schemas";
import { formatShortDate } from "../../../domain/dates/dates";
import { orderStatuses, orderStatusLabel } from "../../../domain/orders/order-status";
import { termsName } from "../../../domain/terms/terms";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { listOrders } from "../../../server/admin/orders";
import { PagedTable } from "../../components/admin/paged-table";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { Price } from "../../components/price";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Orders | Admin | Cascade Industrial Supply" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const filters = orderListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { ...(await listOrders(filters)), status: filters.status ?? "", q: filters.q };
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, pageSize, status, q } = loaderData;
  const pageLink = (n: number) =>
    `?${new URLSearchParams({ ...(status ? { status } : {}), ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Orders</h1>
      <p className="mt-1 text-slate-700">
        {formatNumber(total)} {total === 1 ? "order" : "orders"}, newest first ·{" "}
        <Link to="/admin/orders/to-ship" className="text-brand-700 underline">
          To Ship Today
        </Link>
      </p>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="order-status">Status</Label>
          <select
            id="order-status"
            name="status"
            defaultValue={status}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            <option value="">All statuses</option>
            {orderStatuses.map((value) => (
              <option key={value} value={value}>
                {orderStatusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-64 flex-1 space-y-1">
          <Label htmlFor="order-search">Search orders</Label>
          <Input
            id="order-search"
            type="search"
            name="q"
            maxLength={MAX_ADMIN_QUERY_LENGTH}
            defaultValue={q}
            placeholder="Order number, company, e-mail or PO number"
          />
        </div>
        <Button type="submit">Filter</Button>
      </Form>
      <PagedTable
        rows={orders}
        caption="Orders"
        columns={["Order #", "Date", "Customer", "Payment", "Status", "Total"]}
        empty="No orders match these filters."
        pages={{ label: "Order pages", page, total, pageSize, link: pageLink }}
        className="mt-6"
      >
        {(order) => (
          <tr key={order.orderNumber}>
            <td className="px-6 py-3 font-mono">
              <Link to={`/admin/orders/${order.orderNumber}`} className="text-brand-700 underline">
                {order.orderNumber}
              </Link>
            </td>
            <td className="px-6 py-3 whitespace-nowrap">{formatShortDate(order.orderDate)}</td>
            <td className="px-6 py-3">
              <div className="font-medium text-slate-950">{order.name}</div>
              {order.companyName && <div className="text-slate-700">{order.companyName}</div>}
              <div className="text-slate-700">{order.email}</div>
              {order.poNumber && <div className="text-slate-700">PO {order.poNumber}</div>}
            </td>
            <td className="px-6 py-3 whitespace-nowrap">
              {order.paymentMethod === "on_terms"
                ? `${termsName(order.termsDays ?? 30)}${order.paidAt ? ", paid" : ", unpaid"}`
                : "Card"}
            </td>
            <td className="px-6 py-3">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="px-6 py-3 text-right">
              <Price amount={order.totalAmount} />
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
